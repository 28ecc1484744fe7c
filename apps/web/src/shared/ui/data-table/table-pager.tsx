import { useId } from 'react';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES } from '@portal/contract';

type TablePagerProps = {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  /** More than `total` match (a list that stops counting, the audit log): shown as "10000+". */
  totalIsLowerBound?: boolean;
  from: number | null;
  to: number | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
};

const SIZE_OPTIONS = PAGE_SIZES.map(String);

/** Page size (docs/product.md §9: 10, 25, 50, 100), the shown range and page links under a data table. */
export function TablePager(props: TablePagerProps) {
  const labelId = useId();
  const { page, pageCount, pageSize, total, from, to } = props;
  return (
    <Group justify="space-between" mt="md" gap="md">
      <Group gap="md">
        <Group gap="xs" wrap="nowrap">
          <Text fz="sm" id={labelId} c="dimmed">
            Rows per page
          </Text>
          {/* The browser's own list (the phone's picker): four fixed sizes need no searchable
              dropdown, nor its floating-element code on every table screen (decision 0039). */}
          <NativeSelect
            aria-labelledby={labelId}
            data={SIZE_OPTIONS}
            value={String(pageSize)}
            onChange={(event) => props.onPageSizeChange(Number(event.currentTarget.value))}
            w={84}
            size="sm"
          />
        </Group>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {total === 0 || from === null || to === null
            ? '0 records'
            : `${from}–${to} of ${total}${props.totalIsLowerBound ? '+' : ''}`}
        </Text>
      </Group>
      <Pagination
        total={Math.max(pageCount, 1)}
        value={page}
        onChange={props.onPageChange}
        withEdges
        size="sm"
        aria-label="Pages"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
