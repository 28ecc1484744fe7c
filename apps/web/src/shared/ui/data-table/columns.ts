import type { ReactNode } from 'react';

/**
 * The column model of the admin tables: what TanStack Table's column helper gave them, in the
 * part they used (accessor and display columns, a header, a cell drawn from the row). Sorting and
 * paging are the server's (paged-table-section.tsx), so a row model, sorting state machine and
 * column API (~13 KB over the wire on every table screen) had nothing to do (decision 0039).
 */
export type Row<T> = { id: string; original: T };

/** What a cell is drawn from; a cell is rendered as a component with these props. */
export type CellContext<T, V> = { row: Row<T>; getValue: () => V };

export type ColumnDef<T, V = unknown> = {
  id: string;
  /** A label, or a component (no props) that draws the header cell's content. */
  header?: string | (() => ReactNode);
  /** A component drawing the cell; without one, the value as text. */
  cell?: (context: CellContext<T, V>) => ReactNode;
  accessorFn?: (row: T) => V;
};

type Definition<T, V> = Pick<ColumnDef<T, V>, 'header' | 'cell'>;

export function createColumnHelper<T>() {
  function accessor<K extends keyof T & string>(
    key: K,
    definition?: Definition<T, T[K]> & { id?: string },
  ): ColumnDef<T, T[K]>;
  function accessor<V>(read: (row: T) => V, definition: Definition<T, V> & { id: string }): ColumnDef<T, V>;
  // The overloads type each column's value; the implementation does not need to.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function accessor(keyOrRead: string | ((row: T) => any), definition: any = {}): ColumnDef<T, any> {
    if (typeof keyOrRead === 'function')
      return { ...definition, id: definition.id ?? '', accessorFn: keyOrRead };
    return {
      ...definition,
      id: definition.id ?? keyOrRead,
      accessorFn: (row: T) => (row as Record<string, unknown>)[keyOrRead],
    };
  }
  return {
    accessor,
    display: (definition: Definition<T, unknown> & { id: string }): ColumnDef<T, unknown> => definition,
  };
}

/** A cell's props for a row (its value read through the column's accessor). */
export const cellContext = <T, V>(column: ColumnDef<T, V>, row: Row<T>): CellContext<T, V> => ({
  row,
  getValue: () => column.accessorFn?.(row.original) as V,
});

/** A value drawn without a cell component: as text, nothing for null or undefined. */
export const valueText = (value: unknown) =>
  value === null || value === undefined ? null : String(value as string | number);
