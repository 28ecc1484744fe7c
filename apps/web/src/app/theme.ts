import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { MODAL_BACKDROP_MS, MODAL_TRANSITION_MS } from '@portal/contract';

/** Brand blue of the vendor; shade 6 is the primary. */
const brand: MantineColorsTuple = [
  '#eef4ff',
  '#dbe6fe',
  '#bfd3fe',
  '#93b4fd',
  '#6090fa',
  '#3b76f6',
  '#2563eb',
  '#1d4fd8',
  '#1e42af',
  '#1e3a8a',
];

const fontStack =
  "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close dialog' },
        // docs/product.md §9: the dialog moves in 300 ms, its backdrop fades in 150 ms.
        transitionProps: { duration: MODAL_TRANSITION_MS },
        overlayProps: { transitionProps: { duration: MODAL_BACKDROP_MS } },
      },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});

/**
 * Secondary ("dimmed") text one shade darker than Mantine's default, which reads at about 3.3:1
 * on white and fails WCAG AA contrast (4.5:1) for small text; gray 7 is comfortably above it.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Same reason for field errors: red 6 is about 3.3:1, red 9 about 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
