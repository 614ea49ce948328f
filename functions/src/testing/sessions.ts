import type { Session } from '#platform/access-token.ts';
import { environmentVariables } from '#platform/environment.ts';
import { resetTokenSigningKey } from '#platform/secrets.ts';

/** A field agent's session, as the unit tests of the API's chain sign it into an access token. */
export const agentSession: Session = {
  email: 'agent@example.org',
  username: 'Agent',
  role: 'USER',
  enabler: 'e1',
  enablerName: 'Enabler one',
  sessionId: 's1',
};

/** The stored session an access token names, as the table answers its GetItem: open for an hour more. */
export const openSessionItem = (enablerId = 'e1') => {
  const now = Math.floor(Date.now() / 1000);
  return { Item: { expiresAt: now + 3600, endsAt: now + 2 * 3600, enablerId } };
};

/** Signs and checks tokens with a test secret, against a test table's name (the table itself is mocked). */
export const useTestSigningKey = () => {
  process.env[environmentVariables.jwtSecret] = 'test-secret-of-thirty-two-bytes!!';
  process.env[environmentVariables.tableName] = 'test-table';
  resetTokenSigningKey();
};
