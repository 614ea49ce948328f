import type { ApiError } from './api-error.ts';

/** Errors nobody handled locally; the global error dialog listens here. */
type ErrorListener = (error: ApiError) => void;

const listeners = new Set<ErrorListener>();

export function publishError(error: ApiError): void {
  for (const listener of listeners) listener(error);
}

/** Returns the unsubscribe function (fits a React effect's cleanup). */
export function subscribeToErrors(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
