import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone-sized screen (below Mantine's `sm`, 48em): tables show their identifying columns first
 * and fold their actions into one menu. Read as the screen is first drawn, not in an effect after
 * it: a phone draws its layout once, not the wide one first and then its own (decision 0045).
 * False without layout (tests).
 */
export const useNarrowScreen = () =>
  useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
