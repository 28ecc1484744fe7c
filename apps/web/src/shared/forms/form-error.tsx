import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The inline red box under a form's title for messages that belong to no field (docs/product.md §8). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}
