import { inject } from 'vitest';
import { waitForMail, type OutboxMail } from '../../infra/local/mail/outbox.ts';
import './provided-context.ts';

/** The newest mail to this address, once the mail queue has delivered it to the outbox. */
export const mailTo = (email: string): Promise<OutboxMail> =>
  waitForMail(inject('outboxDir'), (mail) => mail.to.includes(email));

/** The link of a mail that opens this route of the SPA, e.g. '/register/'. */
export const linkIn = (mail: OutboxMail, route: string): URL => {
  const link = mail.links
    .map((candidate) => new URL(candidate))
    .find((url) => url.pathname.startsWith(route));
  if (!link) throw new Error(`No ${route} link in the mail "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
};
