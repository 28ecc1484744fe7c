import type { HTMLAttributes, ReactNode } from 'react';
import { Box, LoadingOverlay, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, type Header, type Row, type Table as TableInstance } from '@tanstack/react-table';
import { MESSAGES } from '@portal/contract';
import classes from './data-table.module.css';

type DataTableProps<T> = {
  table: TableInstance<T>;
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
 * A TanStack Table rendered with Mantine: server-side sorting through header buttons (with
 * aria-sort), a loading overlay that keeps the previous rows, skeletons on first load.
 */
export function DataTable<T>({
  table,
  label,
  loading = false,
  refreshing = false,
  skeletonRows = 5,
  rowProps,
  empty = MESSAGES.noRecords,
}: DataTableProps<T>) {
  const columns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
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
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
              </Table.Tr>
            ))}
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
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id} className={stickyClass(cell.column.id)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
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

function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const content = header.isPlaceholder
    ? null
    : flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort())
    return <Table.Th className={stickyClass(header.column.id)}>{content}</Table.Th>;
  const sorted = header.column.getIsSorted();
  const Icon = SORT_ICON[sorted || 'none'];
  return (
    <Table.Th aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={header.column.getToggleSortingHandler()}
        data-sorted={sorted || undefined}
      >
        {content}
        <Icon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}
