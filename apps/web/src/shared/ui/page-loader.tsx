import { Center, Loader, VisuallyHidden } from '@mantine/core';

type PageLoaderProps = { label?: string; minHeight?: number | string };

/** The one loading indicator for a whole screen or region; announced to screen readers. */
export function PageLoader({ label = 'Loading…', minHeight = 240 }: PageLoaderProps) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Loader size="md" type="dots" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
