import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../api/query-keys.ts';
import { useWrite } from '../../api/use-write.ts';
import { useSignedInSession } from '../../session/session-context.ts';
import { savedState } from '../ui/saved-notice.tsx';

/**
 * A write of the enabler screens (profile, configuration): once it succeeded, the top bar's enabler
 * selector is refreshed (a new name, a first config making an enabler selectable; its failure does
 * not hold the user) and the screen `next` names opens.
 */
export function useEnablerWrite<Value, Result>(
  write: (value: Value) => Promise<Result>,
  next: (result: Result) => string,
  saved: (result: Result) => string,
): (value: Value) => Promise<void> {
  const navigate = useNavigate();
  const { refreshEnablers } = useSignedInSession();
  const mutation = useWrite(write, [queryKeys.enablers.all]);
  return async (value: Value) => {
    const result = await mutation.mutateAsync(value);
    void refreshEnablers().catch(() => undefined);
    navigate(next(result), { state: savedState(saved(result)) });
  };
}
