import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone-sized screen (below Mantine's `sm`, 48em): tables show their identifying columns first
 * and fold their actions into one menu. Read as the screen is first drawn, not in an effect after
 * it: a phone draws its layout once, not the wide one first and then its own (decision 0045).
 * False without layout (tests).
 */
const NARROW = '(max-width: 47.99em)';

export const useNarrowScreen = () =>
  useMediaQuery(NARROW, undefined, { getInitialValueInEffect: false }) ?? false;

/** The same, read once outside a component (e.g. as a screen's code arrives). */
export const isNarrowScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;
