import type { ManagedUser } from '../../api/users.ts';

export const managedUser = (
  fields: Partial<ManagedUser> & Pick<ManagedUser, 'email' | 'username'>,
): ManagedUser => ({
  role: 'USER',
  active: true,
  blocked: null,
  registered: true,
  defaultFederation: null,
  language: null,
  createdBy: null,
  promotedBy: null,
  promotedAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  ...fields,
});

/** The users the tests' administrator (ada@example.org, see render-app) sees. */
export const testUsers: ManagedUser[] = [
  managedUser({ email: 'ada@example.org', username: 'Ada Admin', role: 'ADMIN' }),
  managedUser({
    email: 'asha@example.org',
    username: 'Asha Agent',
    defaultFederation: 'Kaolack',
    createdBy: 'ada@example.org',
  }),
  managedUser({ email: 'bala@example.org', username: 'Bala Field', active: false }),
  managedUser({
    email: 'chidi@example.org',
    username: 'Chidi Phone',
    role: 'ANDROID_USER',
    blocked: 'BAD_PASSWORDS',
  }),
  managedUser({ email: 'dara@example.org', username: 'Dara New', registered: false }),
];
