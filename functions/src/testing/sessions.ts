import type { Session } from '#platform/access-token.ts';

/** A field agent's session, as the unit tests of the API's chain sign it into an access token. */
export const agentSession: Session = {
  email: 'agent@example.org',
  username: 'Agent',
  role: 'USER',
  enabler: 'e1',
  enablerName: 'Enabler one',
  sessionId: 's1',
};
