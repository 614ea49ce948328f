import type { Actor } from '#data/logs/audit.ts';
import type { Session } from '#platform/access-token.ts';

/** Who the audit trail names for a change a signed-in person makes: their e-mail and their name. */
export const actorOf = (session: Pick<Session, 'email' | 'username'>): Actor => ({
  email: session.email,
  name: session.username,
});
