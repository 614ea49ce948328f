import { useEffect, useState } from 'react';

/** Spec section 9: a search waits for the user to stop typing this long. */
export const SEARCH_DEBOUNCE_MS = 500;

/** The value once it stopped changing for `delay` milliseconds. */
export function useDebounced<Value>(value: Value, delay = SEARCH_DEBOUNCE_MS): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
