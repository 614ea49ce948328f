import { expect } from 'vitest';
import type { Role } from '#platform/roles.ts';
import { handler as auth } from '../http/auth/handler.ts';
import { callApi } from './call-api.ts';
import { givenEnabler, givenUser } from './fixtures.ts';

/** Signs in through the auth function, as the app does; answers the API's answer, whatever it is. */
export const signIn = (email: string, password: string) =>
  callApi(auth, 'POST', '/auth/login', { body: { username: email, password } });

/** Opens a new access token with a refresh token, as the app does; answers the API's answer. */
export const refreshSession = (refreshToken: string) =>
  callApi(auth, 'GET', '/auth/refresh', { token: refreshToken });

/** A new user of the role in the enabler, signed in: the user (with its password) and its tokens. */
export const givenSignedInUser = async (role: Role, enablerId: string) => {
  const user = await givenUser({ role, enablerId });
  const answer = await signIn(user.email, user.password);
  expect(answer.status, `sign-in of ${user.email}: ${JSON.stringify(answer.body)}`).toBe(200);
  return {
    ...user,
    token: answer.body.accessToken as string,
    refreshToken: answer.body.refreshToken as string,
  };
};

/** A new enabler with its administrator, signed in. */
export const givenAdministeredEnabler = async () => {
  const enabler = await givenEnabler();
  return {
    enablerId: enabler.id,
    enablerName: enabler.name,
    admin: await givenSignedInUser('ADMIN', enabler.id),
  };
};
