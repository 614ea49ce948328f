import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { defaultLogins } from '../../infra/local/seed/index.ts';
import { callApi, signIn } from './api.ts';
import { linkIn, mailTo } from './outbox.ts';

/**
 * An account of the demo administrator's current enabler, created and registered through the API (as
 * an administrator and the mailed link would), so that a test may end or move its sessions alone.
 */
export const registeredAccount = async (
  username: string,
  role: 'USER' | 'ADMIN' = 'USER',
  defaultFederation: string | null = null,
) => {
  const email = `e2e-${randomUUID().slice(0, 8)}@demo.local`;
  const password = 'agent-password-2026';
  const adminToken = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
  const created = await callApi('/admin/users', {
    method: 'POST',
    token: adminToken,
    body: { email, username, role, defaultFederation },
  });
  expect(created.status).toBe(201);
  const token = linkIn(await mailTo(email), '/register/')
    .pathname.split('/')
    .at(-1);
  expect((await callApi('/register', { method: 'POST', body: { token, password } })).status).toBe(200);
  return { email, password, username };
};
