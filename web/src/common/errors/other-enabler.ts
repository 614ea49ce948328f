import { useContext } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { SessionContext } from '../../session/session-context.ts';

/** The enabler a resource belongs to, as ERR_FORBIDDEN_ADMIN's details name it. */
export interface OtherEnabler {
  enablerId: string;
  enablerName: string;
}

/** The enabler to change the view to, when the error is an administrator's "change the view". */
export function otherEnablerOf(error: unknown): OtherEnabler | undefined {
  if (!isApiError(error) || error.code !== 'ERR_FORBIDDEN_ADMIN') return undefined;
  const details = error.details as Partial<OtherEnabler> | null | undefined;
  if (typeof details?.enablerId !== 'string' || typeof details.enablerName !== 'string') return undefined;
  return { enablerId: details.enablerId, enablerName: details.enablerName };
}

/** The enabler the signed-in administrator can switch to, to open what the error refused. */
export function useSwitchableEnabler(error: unknown): OtherEnabler | undefined {
  const session = useContext(SessionContext);
  const signedInAdmin = session?.status === 'signedIn' && session.session.user.role === 'ADMIN';
  return signedInAdmin ? otherEnablerOf(error) : undefined;
}
