import type { ManagedUserAnswer } from '@cpbo/schemas';
import type { User } from '#data/accounts/users.ts';

/** What the administrators' screens see of a user: never the password hash. */
export const userView = (user: User): ManagedUserAnswer => ({
  email: user.email,
  username: user.username,
  role: user.role,
  active: user.active,
  blocked: user.blocked,
  registered: user.passwordHash !== null,
  defaultFederation: user.defaultFederation,
  language: user.language,
  createdBy: user.createdBy,
  promotedBy: user.promotedBy,
  promotedAt: user.promotedAt,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
});
