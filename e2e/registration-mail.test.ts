import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { callApi, signIn } from './support/api.ts';
import { linkIn, mailTo } from './support/outbox.ts';
import { describe, expect, test } from './support/test.ts';

describe('registration mail', () => {
  test('should mail a new user a link to the app that lets them choose a password', async () => {
    const adminToken = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
    const email = `agent-${randomUUID().slice(0, 8)}@demo.local`;
    const added = await callApi('/admin/users', {
      method: 'POST',
      token: adminToken,
      body: { email, username: 'New agent', role: 'USER' },
    });
    expect(added.status).toBe(201);

    const link = linkIn(await mailTo(email), '/register/');
    expect(link.origin).toBe(inject('appUrl'));
    const token = link.pathname.split('/').at(-1);
    const registered = await callApi('/register', {
      method: 'POST',
      body: { password: 'chosen-password', token },
    });
    expect(registered.status).toBe(200);
    await expect(signIn(email, 'chosen-password')).resolves.toEqual(expect.any(String));
  });
});
