import type {
  forceRenewRequestSchema,
  FromSchema,
  newUserRequestSchema,
  updateUserRequestSchema,
} from '@cpbo/schemas';
import { lineageBroughtInBy } from '#domain/account-lineage.ts';
import { normalizeEmail } from '#domain/emails.ts';
import { deleteSessionsOf } from '#data/accounts/sessions.ts';
import { changeManagedUser, createUser, deleteUser, forceRenewal, listUsers } from '#data/accounts/users.ts';
import { created, noContent, ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { mailOneTimeLink, notifyAdministratorsOfNewAdministrator } from '../accounts/account-mails.ts';
import { callerAccount } from '../accounts/caller-account.ts';
import { isVisibleFrom, managedUser, refuseOwnAccount } from './managed-user.ts';
import { userView } from './user-view.ts';
import { appLog } from '#data/logs/app-log.ts';
import { AppError } from '#platform/app-error.ts';
import { actorOf } from '../actor.ts';

/** GET /admin/users: the users of the current enabler and every administrator. */
const list = async ({ session }: SessionRequest) => {
  const users = (await listUsers()).filter((user) => isVisibleFrom(session, user));
  return ok(users.map(userView));
};

/**
 * POST /admin/users: creates the user in the current enabler, brought in by the caller (and whoever
 * brought the caller in), and mails the registration link; a new administrator is told to the others.
 * An agent works for one enabler: an administrator who has none yet (the first one) creates
 * administrators only.
 */
const add = async ({ body, session }: SessionRequest<FromSchema<typeof newUserRequestSchema>>) => {
  if (body.role !== 'ADMIN' && !session.enabler) throw new AppError('ERR_NOT_FOUND');
  const creator = await callerAccount(session);
  const user = await createUser(
    {
      email: normalizeEmail(body.email),
      username: body.username.trim(),
      role: body.role,
      enablerId: session.enabler,
      defaultFederation: body.defaultFederation ?? null,
      createdBy: creator.email,
      broughtInBy: lineageBroughtInBy(creator),
    },
    { actor: actorOf(session) },
  );
  await mailOneTimeLink(user, 'REGISTER');
  if (user.role === 'ADMIN') {
    await notifyAdministratorsOfNewAdministrator(user, creator, 'administratorCreated', user.createdAt);
    await appLog.info(`Administrator ${user.email} created by ${creator.email}`);
  }
  return created(userView(user));
};

/**
 * POST /admin/users/{email}: changes only the fields sent. Switching the account off, or changing its
 * role, ends its sessions at once. Switching it on reactivates it and nothing else: a lock or a pending
 * renewal stays until a new password is set (see docs/decisions.md). A promotion to administrator adds
 * the caller's lineage to the account's, and is told to the other administrators.
 */
const update = async ({
  body,
  params,
  session,
}: SessionRequest<FromSchema<typeof updateUserRequestSchema>, 'id'>) => {
  const user = await managedUser(session, params.id);
  const deactivates = body.active === false && user.active;
  const changesRole = body.role !== undefined && body.role !== user.role;
  if (deactivates || changesRole) refuseOwnAccount(session, user);
  const promoter = changesRole && body.role === 'ADMIN' ? await callerAccount(session) : undefined;
  const updated = await changeManagedUser(
    user,
    {
      username: body.username?.trim(),
      role: body.role,
      active: body.active,
      defaultFederation: body.defaultFederation,
      promotion: promoter && { by: promoter.email, broughtInBy: lineageBroughtInBy(promoter) },
    },
    actorOf(session),
  );
  if (!updated.active || changesRole) await deleteSessionsOf(user.email);
  if (promoter) {
    await notifyAdministratorsOfNewAdministrator(
      updated,
      promoter,
      'administratorPromoted',
      updated.promotedAt ?? updated.updatedAt,
    );
    await appLog.info(`User ${updated.email} made an administrator by ${promoter.email}`);
  }
  return ok(userView(updated));
};

/** DELETE /admin/users/{email} */
const remove = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const user = await managedUser(session, params.id);
  refuseOwnAccount(session, user);
  await deleteUser(user.email, { user, actor: actorOf(session) });
  await deleteSessionsOf(user.email);
  await appLog.info(`User ${user.email} deleted by ${session.email}`);
  return noContent();
};

/** POST /admin/users/forcePasswordRenew: blocks the account until its owner sets a new password from the mailed link. */
const forcePasswordRenew = async ({
  body,
  session,
}: SessionRequest<FromSchema<typeof forceRenewRequestSchema>>) => {
  const user = await managedUser(session, body.email);
  refuseOwnAccount(session, user);
  await forceRenewal(user, actorOf(session));
  await deleteSessionsOf(user.email);
  await mailOneTimeLink(user, 'RESET');
  return noContent();
};

export const handler = httpHandler(
  'admin-users',
  {
    'GET /admin/users': list,
    'POST /admin/users': add,
    'POST /admin/users/{id}': update,
    'DELETE /admin/users/{id}': remove,
    'POST /admin/users/forcePasswordRenew': forcePasswordRenew,
  },
  { validators: () => import('#generated/validators/admin-users.generated.ts') },
);
