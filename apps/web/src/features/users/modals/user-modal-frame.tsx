import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { routes } from '../../../shared/routes';

/** Back to the list under the modal, with its page, sort and search (they live in the query). */
export function useBackToList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => navigate({ pathname: routes.users, search });
}

/** Create and Edit User are routes shown as a modal over the users list (docs/product.md §2 Modals). */
export function UserModalFrame({ title, children }: { title: string; children: ReactNode }) {
  const back = useBackToList();
  return (
    <Modal opened onClose={back} title={title} centered size="xl" radius="lg" closeOnClickOutside={false}>
      {children}
    </Modal>
  );
}
