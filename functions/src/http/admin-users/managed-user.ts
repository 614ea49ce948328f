import { normalizeEmail } from '#domain/emails.ts';
import { getUser, type User } from '#data/accounts/users.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { assertSessionEnabler } from '../other-enabler.ts';

/**
 * The user an administrator acts on: administrators are shared by every enabler; other users belong
 * to one, and are reached only from that enabler's view (ERR_FORBIDDEN_ADMIN, naming it, otherwise).
 */
export const managedUser = async (session: Session, email: string): Promise<User> => {
  const user = await getUser(normalizeEmail(email));
  if (!user) throw new AppError('ERR_NOT_FOUND');
  if (user.role !== 'ADMIN') await assertSessionEnabler(session, user.enablerId);
  return user;
};

export const isVisibleFrom = (session: Session, user: User): boolean =>
  user.role === 'ADMIN' || user.enablerId === session.enabler;

/** An administrator may not delete, deactivate or demote their own account (it could leave no administrator). */
export const refuseOwnAccount = (session: Session, user: User): void => {
  if (user.email === session.email) throw new AppError('ERR_OWN_ACCOUNT');
};
