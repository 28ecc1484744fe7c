import { Text } from '@mantine/core';
import { PRODUCT_NAME } from '@portal/contract';

/** The footer line of docs/product.md §2 Layout: copyright with the current year. */
export function Copyright() {
  return (
    <Text fz="xs" c="dimmed">
      © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
    </Text>
  );
}
