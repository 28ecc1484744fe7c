import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '@portal/contract';
import { ApiError } from '../../api/api-error';
import { RetryAlert } from '../retry-alert';
import { SearchInput } from '../search-input';
import type { ColumnDef, Row } from './columns';
import { DataTable } from './data-table';
import type { PagedListParams, SortColumns } from './list-params';
import { TablePager } from './table-pager';
import type { ListChange } from './use-list-params';

/** The part of a paged answer (`pagedOf` in the contract) the section reads. */
export type PagedAnswer<T> = {
  data: T[];
  meta: {
    last_page: number;
    total: number;
    from: number | null;
    to: number | null;
    total_is_lower_bound?: boolean;
  };
};

type PagedTableSectionProps<T, C extends string> = {
  /** The page being shown, as React Query holds it (previous rows stay while the next page loads). */
  query: UseQueryResult<PagedAnswer<T>>;
  /** The list's state from the URL (useListParams) and its setter. */
  params: PagedListParams<C>;
  onChange: ListChange<C>;
  /** Columns the server sorts by; every other column is not sortable. */
  sortColumns: SortColumns<C>;
  // A column's value type differs per column.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** Names the table for assistive technology. */
  label: string;
  /** The search box's label; a list without a text search (the audit log) leaves it out. */
  searchLabel?: string;
  /** Controls shown instead of (or after) the search box: a list's own filters. */
  toolbar?: ReactNode;
  rowProps?: (row: Row<T>) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;
};

/**
 * Paging from the pager under a long table: bring the table's top back into view,
 * as a new page would; nothing moves when the top is already visible.
 */
function revealTop(section: HTMLElement | null) {
  if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
}

const sortsBy = <C extends string>(sortColumns: SortColumns<C>, id: string): id is C =>
  (sortColumns as readonly string[]).includes(id);

/**
 * One server-paged admin list (Users, Blocked Users, NSBI Dashboards): the search box, the table
 * with server-side sorting, the failure with its retry, and the pager with the page size; all of
 * its state lives in the URL (docs/product.md §2, §4, §9).
 */
export function PagedTableSection<T, C extends string>(props: PagedTableSectionProps<T, C>) {
  const { query, params, onChange, sortColumns } = props;

  // Past the last page (its last row was deleted, or an old link): show the last page instead.
  const lastPage = query.data?.meta.last_page;
  const pastTheEnd =
    !query.isPlaceholderData && lastPage !== undefined && lastPage >= 1 && params.page > lastPage;
  useEffect(() => {
    if (pastTheEnd && lastPage) onChange({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, onChange]);

  const rows = (query.data?.data ?? []).map((original) => ({ id: props.getRowId(original), original }));
  // One column at a time; a new column sorts ascending first, whatever it holds (docs/product.md
  // §9); the sorted column's header turns it around.
  const onSort = (id: string) => {
    if (!sortsBy(sortColumns, id)) return;
    const desc = params.sortColumn === id && params.sortDirection === 'asc';
    onChange({ sortColumn: id, sortDirection: desc ? 'desc' : 'asc' });
  };

  const page = query.data?.meta;
  const section = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="md" ref={section}>
      <Group justify="space-between" align="flex-end">
        {props.searchLabel !== undefined && (
          <SearchInput
            label={props.searchLabel}
            placeholder="Search by name, email or company"
            value={params.search}
            onSearch={(search) => onChange({ search })}
          />
        )}
        {props.toolbar}
      </Group>
      {/* A 422 is the query's fault, said under its fields by the toolbar's form: retrying cannot help. */}
      {query.isError && !(query.error instanceof ApiError && query.error.status === 422) && (
        <RetryAlert
          message={MESSAGES.dataFetchFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {!(query.isError && !query.data) && (
        <DataTable
          columns={props.columns}
          rows={rows}
          sorting={{ id: params.sortColumn, desc: params.sortDirection === 'desc' }}
          canSort={(id) => sortsBy(sortColumns, id)}
          onSort={onSort}
          label={props.label}
          loading={query.isPending}
          refreshing={query.isFetching && !query.isPending}
          rowProps={props.rowProps}
        />
      )}
      {page && (
        <TablePager
          page={params.page}
          pageCount={page.last_page}
          pageSize={params.paginate}
          total={page.total}
          totalIsLowerBound={page.total_is_lower_bound}
          from={page.from}
          to={page.to}
          onPageChange={(next) => {
            onChange({ page: next });
            revealTop(section.current);
          }}
          onPageSizeChange={(paginate) => onChange({ paginate })}
        />
      )}
    </Stack>
  );
}
