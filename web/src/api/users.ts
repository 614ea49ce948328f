import type {
  FromSchema,
  ManagedUserAnswer,
  newUserRequestSchema,
  updateUserRequestSchema,
  userBlocks,
} from '@cpbo/schemas';
import { apiFetch, type ApiRequest } from './api-client.ts';

/** Why a user cannot sign in although active: too many bad passwords, or a renewal forced by an administrator. */
export type UserBlock = (typeof userBlocks)[number];

/** A user as the administrators' screens see it. */
export type ManagedUser = ManagedUserAnswer;

export type NewUser = FromSchema<typeof newUserRequestSchema>;

/** What an edit sends: only the fields the administrator changed (the others stay as they are). */
export type UserChanges = FromSchema<typeof updateUserRequestSchema>;

type Errors = Pick<ApiRequest, 'errors'>;

const userPath = (email: string) => `/admin/users/${encodeURIComponent(email)}`;

/** The users of the enabler being worked for, and every administrator. */
export const listUsers = (options: Errors = {}) => apiFetch<ManagedUser[]>('/admin/users', options);

/** Creates the user in the enabler being worked for; the server mails the registration link. */
export const createUser = (user: NewUser, options: Errors = {}) =>
  apiFetch<ManagedUser>('/admin/users', { method: 'POST', body: user, ...options });

export const updateUser = (email: string, changes: UserChanges, options: Errors = {}) =>
  apiFetch<ManagedUser>(userPath(email), { method: 'POST', body: changes, ...options });

export const deleteUser = (email: string, options: Errors = {}) =>
  apiFetch<unknown>(userPath(email), { method: 'DELETE', ...options });

/** Blocks the account and mails its owner a link to choose a new password. */
export const forcePasswordRenew = (email: string, options: Errors = {}) =>
  apiFetch<unknown>('/admin/users/forcePasswordRenew', {
    method: 'POST',
    body: { email },
    ...options,
  });
