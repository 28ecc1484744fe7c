import { useEffect, useRef, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { routes } from '../../../shared/routes';

/** What the list shows after a modal: the user just created, highlighted. */
export type UsersListState = { createdUserId?: number };

/**
 * Back to the list under the modal, with its page, sort and search (they live in the query). With
 * `created`, the list searches for the new user's email instead, so the new row is in sight
 * (page 1 sorted by id would hide it on the last page), and highlights it.
 */
export function useBackToList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (created?: { id: number; email: string }) => {
    if (!created) return navigate({ pathname: routes.users, search });
    const query = new URLSearchParams(search);
    query.delete('page');
    query.set('search', created.email);
    const state: UsersListState = { createdUserId: created.id };
    return navigate({ pathname: routes.users, search: `?${query}` }, { state });
  };
}

/**
 * These modals are routes: closing one unmounts it at once, so Mantine's own focus return (on
 * `opened` turning false) never runs and Esc left focus on the page. The element
 * that opened the modal (Add New, a row's Edit) gets it back, when it is still there.
 */
function useFocusBackToOpener() {
  const opener = useRef<Element | null>(null);
  if (opener.current === null) opener.current = document.activeElement;
  useEffect(
    () => () => {
      const element = opener.current;
      // After Mantine's focus trap lets go (it restores nothing on unmount, but runs last).
      if (element instanceof HTMLElement && element !== document.body)
        setTimeout(() => element.isConnected && element.focus());
    },
    [],
  );
}

/** Create and Edit User are routes shown as a modal over the users list (docs/product.md §2 Modals). */
export function UserModalFrame({ title, children }: { title: string; children: ReactNode }) {
  const back = useBackToList();
  useFocusBackToOpener();
  return (
    <Modal
      opened
      onClose={() => back()}
      title={title}
      centered
      size="xl"
      radius="lg"
      closeOnClickOutside={false}
    >
      {children}
    </Modal>
  );
}
