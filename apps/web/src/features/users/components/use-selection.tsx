import { useCallback, useMemo, useState } from 'react';
import { Checkbox } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '../../../shared/ui/data-table/columns';
import type { User } from '@portal/contract';

/** Rows picked for a bulk action: some ids, or "all N matching" the list's search (every page). */
export type Selection = { ids: ReadonlySet<number>; allMatching: boolean };
const none: Selection = { ids: new Set(), allMatching: false };

const column = createColumnHelper<User>();

/**
 * The users list's selection and its checkbox column. The acting admin's row has no checkbox: bulk
 * actions never touch oneself (the server skips them too). `rows` is the page shown; `scope` the
 * list's search and state.
 */
export function useSelection(rows: User[], currentUserId: number | null, scope: string) {
  const [selection, setSelection] = useState<Selection>(none);
  // Another search or list (active/blocked) is another set of users: the selection starts empty.
  const [selectionScope, setSelectionScope] = useState(scope);
  if (scope !== selectionScope) {
    setSelectionScope(scope);
    setSelection(none);
  }
  const selectable = useMemo(() => rows.filter((u) => u.id !== currentUserId), [rows, currentUserId]);
  const pageSelected = selectable.length > 0 && selectable.every((u) => selection.ids.has(u.id));

  const toggle = useCallback((ids: number[], on: boolean) => {
    setSelection((current) => {
      const next = new Set(current.ids);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return { ids: next, allMatching: false };
    });
  }, []);

  const selectColumn: ColumnDef<User, unknown> = useMemo(
    () =>
      column.display({
        id: 'select',
        header: () => (
          <Checkbox
            aria-label="Select all users on this page"
            checked={pageSelected || selection.allMatching}
            indeterminate={!pageSelected && selectable.some((u) => selection.ids.has(u.id))}
            onChange={(event) =>
              toggle(
                selectable.map((u) => u.id),
                event.currentTarget.checked,
              )
            }
          />
        ),
        cell: ({ row: { original: user } }) =>
          user.id === currentUserId ? null : (
            <Checkbox
              aria-label={`Select ${user.name}`}
              checked={selection.allMatching || selection.ids.has(user.id)}
              onChange={(event) => toggle([user.id], event.currentTarget.checked)}
            />
          ),
      }) as ColumnDef<User, unknown>,
    [currentUserId, pageSelected, selectable, selection, toggle],
  );

  return {
    selection,
    pageSelected,
    selectColumn,
    selectAllMatching: () => setSelection((current) => ({ ...current, allMatching: true })),
    clear: () => setSelection(none),
  };
}
