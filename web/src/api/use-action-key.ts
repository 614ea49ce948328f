import { useMemo, useRef } from 'react';

/**
 * One Idempotency-Key per confirmed action: every try of the same values (a retry after a lost
 * answer or a timeout) sends the same key, so the server records the action once and answers the
 * retry with the first answer; other values, or the same ones after a success, get a new key.
 */
export function useActionKey() {
  const last = useRef<{ values: string; key: string } | undefined>(undefined);
  return useMemo(
    () => ({
      /** The key of the action with these values. */
      keyFor(values: unknown): string {
        const text = JSON.stringify(values);
        if (last.current?.values !== text) last.current = { values: text, key: crypto.randomUUID() };
        return last.current.key;
      },
      /** The action was recorded: the same values again are a new action. */
      succeeded(): void {
        last.current = undefined;
      },
    }),
    [],
  );
}
