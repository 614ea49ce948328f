import { randomUUID } from 'node:crypto';
import { addConfig, createEnabler } from '#data/enablers/enablers.ts';
import { createUser, type NewUser } from '#data/accounts/users.ts';
import type { MailMessage } from '#platform/mail.ts';
import { hashPassword } from '#platform/password-hashing.ts';
import { useQueueTransport } from '#platform/queue.ts';

/** A 1×1 PNG: the enablers' images must be PNG or JPEG by their bytes too. */
export const tinyImage =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const demoConfig = {
  currency: 'XOF',
  // The Maximum is ten monthly contributions (docs/decisions.md, "The benefit rule").
  maxCompensationFactor: 0.1,
  lengthOfSeasonInMonth: 4,
  lengthOfCoverageInMonth: 6,
  damageThreshold: null,
  benefitFactorsByMonth: [0.5, 1],
};

/** An enabler, with a config unless told otherwise. */
export const givenEnabler = async (options: { withConfig?: boolean } = {}) => {
  const enabler = await createEnabler(
    { name: `Enabler ${randomUUID().slice(0, 8)}`, logo: tinyImage, banner: tinyImage },
    'test',
  );
  if (options.withConfig !== false) await addConfig(enabler.id, demoConfig, 'test');
  return enabler;
};

/** What an administrator gets for a resource of the enabler while working on another: "change the view" to it. */
export const forbiddenAdminAnswer = (enabler: { id: string; name: string }) => ({
  status: 403,
  body: { code: 'ERR_FORBIDDEN_ADMIN', details: { enablerId: enabler.id, enablerName: enabler.name } },
});

export const uniqueEmail = (who = 'user') => `${who}-${randomUUID().slice(0, 12)}@example.org`;

/** A registered user with a known password. */
export const givenUser = async (
  fields: Partial<NewUser> & Pick<NewUser, 'role' | 'enablerId'>,
  password = 'correct horse battery',
) => {
  const user = await createUser({
    email: uniqueEmail(fields.role.toLowerCase()),
    username: 'Test user',
    defaultFederation: null,
    ...fields,
    passwordHash: await hashPassword(password),
  });
  return { ...user, password };
};

/** The token of a mail's link of a kind (`…/register/<token>`), when it holds one. */
export const linkTokenOf = (mail: MailMessage | undefined, path: 'register' | 'resetPassword') =>
  mail && new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];

/** Captures what is sent to the mail queue, instead of SQS. */
export const captureMail = () => {
  const mails: MailMessage[] = [];
  useQueueTransport({
    async send(queue, message) {
      if (queue === 'mail') mails.push(message as MailMessage);
    },
  });
  const to = (email: string) => mails.filter((mail) => mail.to.includes(email));
  return {
    mails,
    to,
    /** The link of the last mail to the address. */
    linkTo: (email: string, path: 'register' | 'resetPassword') => linkTokenOf(to(email).at(-1), path),
    /** Every link mailed to the address, oldest first. */
    linksTo: (email: string, path: 'register' | 'resetPassword') =>
      to(email)
        .map((mail) => linkTokenOf(mail, path))
        .filter((token): token is string => token !== undefined),
  };
};
