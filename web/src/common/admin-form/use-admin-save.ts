import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../api/query-keys.ts';
import { useWrite } from '../../api/use-write.ts';
import { useActionKey } from '../../api/use-action-key.ts';
import { savedState } from '../ui/saved-notice.tsx';

/**
 * The save of an administrator's form: one write whose retries share one Idempotency-Key, then the
 * record's table, which says what was saved (`saved`). The admin tables and the members (whose totals
 * move) are read again.
 */
export function useAdminSave<Body>(
  send: (body: Body, idempotencyKey: string) => Promise<unknown>,
  backHref: string,
  saved: (body: Body) => string,
) {
  const navigate = useNavigate();
  const actionKey = useActionKey();
  const write = useWrite(
    (body: Body) => send(body, actionKey.keyFor(body)),
    [queryKeys.admin.all, queryKeys.members.all],
  );
  return {
    // Still true after the save, while the table opens: the form is not sent twice.
    saving: write.isPending || write.isSuccess,
    /** Resolves false when the server refused it: the error dialog says why, the form stays filled in. */
    save: async (body: Body): Promise<boolean> => {
      try {
        await write.mutateAsync(body);
      } catch {
        return false;
      }
      actionKey.succeeded();
      navigate(backHref, { state: savedState(saved(body)) });
      return true;
    },
  };
}
