import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import { Box, LoadingOverlay, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { MESSAGES } from '@portal/contract';
import { cellContext, valueText, type ColumnDef, type Row } from './columns';
import classes from './data-table.module.css';

/** The column the server sorts by, and which way. */
export type Sorting = { id: string; desc: boolean };

type DataTableProps<T> = {
  // A column's value type differs per column.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  rows: Row<T>[];
  sorting: Sorting;
  /** Whether the server sorts by this column: its header is then a button. */
  canSort: (columnId: string) => boolean;
  /** A sortable header was pressed. */
  onSort: (columnId: string) => void;
  /** Names the table for assistive technology. */
  label: string;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** A new page/sort/search is loading while the previous rows stay visible. */
  refreshing?: boolean;
  skeletonRows?: number;
  /** Extra props per row (highlighting, data attributes). */
  rowProps?: (row: Row<T>) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;
  /** Shown instead of the rows when there are none (docs/product.md §2: empty tables). */
  empty?: ReactNode;
};

/**
 * A table of rows drawn with Mantine: server-side sorting through header buttons (with
 * aria-sort), a loading overlay that keeps the previous rows, skeletons on first load.
 */
export function DataTable<T>({
  columns,
  rows,
  sorting,
  canSort,
  onSort,
  label,
  loading = false,
  refreshing = false,
  skeletonRows = 5,
  rowProps,
  empty = MESSAGES.noRecords,
}: DataTableProps<T>) {
  return (
    <Box pos="relative" className={classes.wrapper}>
      <LoadingOverlay visible={refreshing} zIndex={2} overlayProps={{ blur: 1, backgroundOpacity: 0.4 }} />
      <Table.ScrollContainer minWidth={720}>
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={label}
          aria-busy={loading || refreshing}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <HeaderCell
                  key={column.id}
                  column={column}
                  sorted={
                    !canSort(column.id)
                      ? null
                      : sorting.id !== column.id
                        ? false
                        : sorting.desc
                          ? 'desc'
                          : 'asc'
                  }
                  onSort={() => onSort(column.id)}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} aria-hidden>
                  {columns.map((column) => (
                    <Table.Td key={column.id}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {!loading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="xl">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              rows.map((row) => (
                <Table.Tr key={row.id} {...rowProps?.(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.id} className={stickyClass(column.id)}>
                      {column.cell
                        ? createElement(column.cell, cellContext(column, row))
                        : valueText(column.accessorFn?.(row.original))}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

/**
 * A column with the row's actions stays in sight at the right edge while the table scrolls
 * sideways on a narrow screen (at 390 px the Users table hid its Actions off-screen).
 */
const stickyClass = (columnId: string) => (columnId === 'actions' ? classes.stickyEnd : undefined);

const SORT_ICON = { asc: IconArrowUp, desc: IconArrowDown, none: IconArrowsSort } as const;

/** A header cell; `sorted` is null for a column the server does not sort by. */
function HeaderCell<T>({
  column,
  sorted,
  onSort,
}: {
  column: ColumnDef<T, unknown>;
  sorted: 'asc' | 'desc' | false | null;
  onSort: () => void;
}) {
  const { header } = column;
  const content = typeof header === 'function' ? createElement(header) : header;
  if (sorted === null) return <Table.Th className={stickyClass(column.id)}>{content}</Table.Th>;
  const Icon = SORT_ICON[sorted || 'none'];
  return (
    <Table.Th aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={onSort} data-sorted={sorted || undefined}>
        {content}
        <Icon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}
