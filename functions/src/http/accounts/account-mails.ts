import { composeMail } from '#domain/mail-templates.ts';
import {
  hashOneTimeToken,
  linkPath,
  newOneTimeToken,
  ONE_TIME_TOKEN_LIFETIME_SECONDS,
  type OneTimePurpose,
} from '#domain/one-time-tokens.ts';
import { listUsers, storeOneTimeToken, type User } from '#data/accounts/users.ts';
import { outboxMessage, sendFromOutbox } from '#data/jobs/outbox.ts';
import { epochSeconds } from '#data/table/table.ts';
import { applicationUrl } from '#platform/app-url.ts';
import { sendToQueue } from '#platform/queue.ts';

/** Stores a one-time token for the user with the mail that carries its link, and sends the mail. */
export const mailOneTimeLink = async (
  user: Pick<User, 'email' | 'username' | 'language'>,
  purpose: OneTimePurpose,
  now = new Date(),
): Promise<void> => {
  const token = newOneTimeToken();
  const link = `${await applicationUrl()}${linkPath(purpose, token)}`;
  const template = purpose === 'REGISTER' ? 'registration' : 'renewal';
  const mail = outboxMessage(
    'mail',
    composeMail(template, user.language ?? undefined, user.email, { username: user.username, link }),
    now,
  );
  await storeOneTimeToken(
    hashOneTimeToken(token),
    { purpose, email: user.email, expiresAt: epochSeconds(now) + ONE_TIME_TOKEN_LIFETIME_SECONDS[purpose] },
    mail,
  );
  // Recorded with the link: a send that fails now is the outbox relay's to make (data/jobs/outbox.ts).
  await sendFromOutbox(mail);
};

const activeAdministrators = async () =>
  (await listUsers()).filter((user) => user.role === 'ADMIN' && user.active);

/** Tells every active administrator that an account was just locked. */
export const notifyAdministratorsOfLock = async (lockedEmail: string): Promise<void> => {
  const administrators = await activeAdministrators();
  await Promise.all(
    administrators.map((admin) =>
      sendToQueue(
        'mail',
        composeMail('accountLocked', admin.language ?? undefined, admin.email, { email: lockedEmail }),
      ),
    ),
  );
};

const named = ({ username, email }: Pick<User, 'username' | 'email'>) => `${username} <${email}>`;

/**
 * Tells every active administrator but the new one, in their language, that an account became an
 * administrator (created as one, or promoted): who did it, to which account, when. The one who did it
 * is told too: if their session was stolen, that mail is how they learn it.
 */
export const notifyAdministratorsOfNewAdministrator = async (
  newAdministrator: Pick<User, 'username' | 'email'>,
  by: Pick<User, 'username' | 'email'>,
  how: 'administratorCreated' | 'administratorPromoted',
  at: string,
): Promise<void> => {
  const others = (await activeAdministrators()).filter((admin) => admin.email !== newAdministrator.email);
  const fields = { by: named(by), account: named(newAdministrator), at };
  await Promise.all(
    others.map((admin) =>
      sendToQueue('mail', composeMail(how, admin.language ?? undefined, admin.email, fields)),
    ),
  );
};
