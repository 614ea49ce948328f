import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser says it has a network (it cannot tell whether the server answers). */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine);
