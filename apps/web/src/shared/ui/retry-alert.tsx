import { Alert, Button, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A failed read, said in words, with the one button that tries it again. */
export function RetryAlert({
  message,
  onRetry,
  retrying,
  m,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  m?: MantineSpacing;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={18} aria-hidden />}
      maw={640}
      m={m}
    >
      <Stack gap="sm" align="flex-start">
        <Text>{message}</Text>
        <Button variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
