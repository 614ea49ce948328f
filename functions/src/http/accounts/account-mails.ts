import { composeMail } from '#domain/mail-templates.ts';
import {
  hashOneTimeToken,
  linkPath,
  newOneTimeToken,
  ONE_TIME_TOKEN_LIFETIME_SECONDS,
  type OneTimePurpose,
} from '#domain/one-time-tokens.ts';
import { listUsers, storeOneTimeToken, type User } from '#data/users.ts';
import { epochSeconds } from '#data/table.ts';
import { applicationUrl } from '#platform/app-url.ts';
import { sendToQueue } from '#platform/queue.ts';

/** Stores a one-time token for the user and queues the mail that carries its link. */
export const mailOneTimeLink = async (
  user: Pick<User, 'email' | 'username' | 'language'>,
  purpose: OneTimePurpose,
  now = new Date(),
): Promise<void> => {
  const token = newOneTimeToken();
  await storeOneTimeToken(hashOneTimeToken(token), {
    purpose,
    email: user.email,
    expiresAt: epochSeconds(now) + ONE_TIME_TOKEN_LIFETIME_SECONDS[purpose],
  });
  const link = `${await applicationUrl()}${linkPath(purpose, token)}`;
  const template = purpose === 'REGISTER' ? 'registration' : 'renewal';
  await sendToQueue(
    'mail',
    composeMail(template, user.language ?? undefined, user.email, { username: user.username, link }),
  );
};

/** Tells every active administrator that an account was just locked. */
export const notifyAdministratorsOfLock = async (lockedEmail: string): Promise<void> => {
  const administrators = (await listUsers()).filter((user) => user.role === 'ADMIN' && user.active);
  await Promise.all(
    administrators.map((admin) =>
      sendToQueue(
        'mail',
        composeMail('accountLocked', admin.language ?? undefined, admin.email, { email: lockedEmail }),
      ),
    ),
  );
};
