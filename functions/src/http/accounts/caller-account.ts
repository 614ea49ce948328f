import { getUser, type User } from '#data/accounts/users.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';

/**
 * The signed-in account as it is now, with who brought it in: read when a call records or compares
 * that lineage. Gone means deleted since the session was checked (its sessions end with it).
 */
export const callerAccount = async (session: Pick<Session, 'email'>): Promise<User> => {
  const account = await getUser(session.email);
  if (!account) throw new AppError('ERR_UNAUTHENTICATED');
  return account;
};
