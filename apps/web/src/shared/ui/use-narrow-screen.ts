import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone-sized screen (below Mantine's `sm`, 48em): tables show their identifying columns first
 * and fold their actions into one menu. False until measured (and in tests without layout).
 */
export const useNarrowScreen = () => useMediaQuery('(max-width: 47.99em)') ?? false;
