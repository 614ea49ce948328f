import type { ManagedUser } from '../../api/users.ts';

const user = (fields: Partial<ManagedUser> & Pick<ManagedUser, 'email' | 'username'>): ManagedUser => ({
  role: 'USER',
  active: true,
  blocked: null,
  registered: true,
  defaultFederation: null,
  language: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  ...fields,
});

/** The users the tests' administrator (ada@example.org, see render-app) sees. */
export const testUsers: ManagedUser[] = [
  user({ email: 'ada@example.org', username: 'Ada Admin', role: 'ADMIN' }),
  user({ email: 'asha@example.org', username: 'Asha Agent', defaultFederation: 'Kaolack' }),
  user({ email: 'bala@example.org', username: 'Bala Field', active: false }),
  user({
    email: 'chidi@example.org',
    username: 'Chidi Phone',
    role: 'ANDROID_USER',
    blocked: 'BAD_PASSWORDS',
  }),
  user({ email: 'dara@example.org', username: 'Dara New', registered: false }),
];
