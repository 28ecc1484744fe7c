import { Center, Loader, VisuallyHidden } from '@mantine/core';

type PageLoaderProps = {
  label?: string;
  minHeight?: number | string;
  /**
   * It stands in for a whole screen inside the signed-in layout, which leaves its footer out
   * meanwhile (app-layout.module.css): the footer then appears below the screen instead of
   * moving when the screen comes (a layout shift).
   */
  screen?: boolean;
};

/** The one loading indicator for a whole screen or region; announced to screen readers. */
export function PageLoader({ label = 'Loading…', minHeight = 240, screen = false }: PageLoaderProps) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite" data-screen-arriving={screen || undefined}>
      <Loader size="md" type="dots" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
