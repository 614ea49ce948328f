import { isApiError } from '../../api/api-error.ts';
import type { AuthSession } from '../../api/auth.ts';
import { getMyEnabler, listEnablers, type Enabler } from '../../api/enablers.ts';
import type { SignedInSession, SignedInUser } from '../../session/session-context.ts';

export const userOf = (auth: AuthSession): SignedInUser => ({
  role: auth.role,
  username: auth.username,
  email: auth.email,
  // The API names no enabler with '' (an administrator of a fresh installation); the screens with null.
  enablerId: auth.enabler === '' ? null : auth.enabler,
  enablerName: auth.enabler === '' ? null : auth.enablerName,
  defaultFederation: auth.defaultFederation,
});

const myEnabler = async (auth: {
  role: AuthSession['role'];
  enabler: string | null;
}): Promise<Enabler | null> => {
  // An administrator of a fresh installation works for no enabler yet, and must still get in to create one.
  if (auth.enabler === null || auth.enabler === '') return null;
  try {
    return await getMyEnabler({ errors: 'caller' });
  } catch (error) {
    if (auth.role === 'ADMIN' && isApiError(error) && error.code === 'ERR_NOT_FOUND') return null;
    throw error;
  }
};

/**
 * What a signed-in screen needs beyond the tokens: the current enabler and, for administrators,
 * every enabler (for the selector). The caller reports failures (they end the sign-in).
 */
export async function loadSignedInSession(auth: AuthSession): Promise<SignedInSession> {
  const [enabler, enablers] = await Promise.all([
    // The sign-in and refresh answers carry it: the first screen does not wait for one more round trip.
    auth.currentEnabler,
    auth.role === 'ADMIN' ? listEnablers({ errors: 'caller' }) : Promise.resolve([]),
  ]);
  return { user: userOf(auth), enabler, enablers, passwordChangeRequired: auth.passwordChangeRequired };
}

/**
 * The session after an administrator changed enablers (created, edited, deleted one, uploaded a config):
 * a fresh list for the selector, and the current enabler again (its banner or config may have changed).
 */
export async function reloadEnablers(session: SignedInSession): Promise<SignedInSession> {
  const [enabler, enablers] = await Promise.all([
    myEnabler({ role: session.user.role, enabler: session.user.enablerId }),
    listEnablers({ errors: 'caller' }),
  ]);
  return { ...session, enabler, enablers };
}
