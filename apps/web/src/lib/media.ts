import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone's width: below Mantine's `sm` breakpoint (48em, 768 px). The orders desk folds its extras there
 * so the orders come first (docs/decisions/0133).
 */
export const PHONE_MEDIA_QUERY = '(max-width: 47.99em)';

/** Whether the window is a phone's width, known on the first render (no flash of the wide layout). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
}
