import { useSyncExternalStore } from 'react';

/** Cloudscape's phone breakpoint: below it a screen shows its tables as fewer, denser columns. */
const narrowQuery = '(max-width: 688px)';

/** Whether the window is a phone's width now. */
export const isNarrowScreen = (): boolean => window.matchMedia?.(narrowQuery).matches ?? false;

const subscribe = (changed: () => void) => {
  const query = window.matchMedia?.(narrowQuery);
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};

/** Whether the window is a phone's width, following it as it turns or is resized. */
export const useNarrowScreen = (): boolean => useSyncExternalStore(subscribe, isNarrowScreen);
