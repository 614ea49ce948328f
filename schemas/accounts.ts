import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { instantSchema } from './common.ts';
import { currentEnablerObject } from './enablers.ts';
import { MAX_PASSWORD_LENGTH, languages, userRoles } from './account-rules.ts';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, languages, userRoles } from './account-rules.ts';

export const emailSchema = {
  type: 'string',
  format: 'email',
  minLength: 3,
  maxLength: 254,
} as const satisfies JSONSchema;

/** Any non-empty password up to the bound: the length rule is checked by the domain, with its own code. */
const passwordSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_PASSWORD_LENGTH,
} as const satisfies JSONSchema;

export const loginRequestSchema = {
  $id: 'request/login',
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: { username: { type: 'string', minLength: 1, maxLength: 254 }, password: passwordSchema },
} as const satisfies JSONSchema;

export const changePasswordRequestSchema = {
  $id: 'request/change-password',
  type: 'object',
  required: ['newPassword', 'currentPassword'],
  additionalProperties: false,
  properties: { newPassword: passwordSchema, currentPassword: passwordSchema },
} as const satisfies JSONSchema;

export const setPasswordRequestSchema = {
  $id: 'request/set-password',
  type: 'object',
  required: ['password', 'token'],
  additionalProperties: false,
  properties: { password: passwordSchema, token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const satisfies JSONSchema;

export const resetRequestSchema = {
  $id: 'request/reset-password-request',
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
} as const satisfies JSONSchema;

export const languageRequestSchema = {
  $id: 'request/language',
  type: 'object',
  required: ['language'],
  additionalProperties: false,
  properties: { language: { type: 'string', enum: languages } },
} as const satisfies JSONSchema;

const federationSchema = { type: ['string', 'null'], maxLength: 100 } as const satisfies JSONSchema;

export const newUserRequestSchema = {
  $id: 'request/new-user',
  type: 'object',
  required: ['email', 'username', 'role'],
  additionalProperties: false,
  properties: {
    email: emailSchema,
    username: { type: 'string', minLength: 1, maxLength: 100 },
    role: { type: 'string', enum: userRoles },
    defaultFederation: federationSchema,
  },
} as const satisfies JSONSchema;

/** Only the fields the administrator changed: what is left out stays as it is. */
export const updateUserRequestSchema = {
  $id: 'request/update-user',
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    role: { type: 'string', enum: userRoles },
    active: { type: 'boolean' },
    defaultFederation: federationSchema,
  },
} as const satisfies JSONSchema;

export const forceRenewRequestSchema = {
  $id: 'request/force-password-renew',
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: emailSchema },
} as const satisfies JSONSchema;

/*
 * The answers of the auth routes (route table: `response`); their types are derived from them.
 */

/**
 * PUT /auth/password, POST /register and POST /resetPassword: the password changed (or set), and the
 * sessions opened with the old one were closed.
 */
export const passwordChangedAnswerSchema = {
  $id: 'answer/password-changed',
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const satisfies JSONSchema;
export type PasswordChangedAnswer = FromSchema<typeof passwordChangedAnswerSchema>;

/** GET /auth/logoutFromEverywhere: how many of the caller's sessions were closed. */
export const sessionsRevokedAnswerSchema = {
  $id: 'answer/sessions-revoked',
  type: 'object',
  required: ['revoked'],
  additionalProperties: false,
  properties: { revoked: { type: 'integer', minimum: 0 } },
} as const satisfies JSONSchema;
export type SessionsRevokedAnswer = FromSchema<typeof sessionsRevokedAnswerSchema>;

/** The fields of a session's answer, but its refresh token. */
const sessionFields = {
  accessToken: { type: 'string', minLength: 1 },
  role: { type: 'string', enum: userRoles },
  username: { type: 'string' },
  email: { type: 'string', minLength: 1 },
  enabler: { type: 'string' },
  enablerName: { type: 'string' },
  language: { type: ['string', 'null'], enum: [...languages, null] },
  currentEnabler: { anyOf: [currentEnablerObject, { type: 'null' }] },
  /** The federation the user's dashboard and new members start with (null: none). */
  defaultFederation: { type: ['string', 'null'] },
  /**
   * The password this session was opened with is one attackers try first (ERR_PASSWORD_TOO_COMMON):
   * the user is asked to change it before going on. Cleared by the change.
   */
  passwordChangeRequired: { type: 'boolean' },
} as const satisfies Record<string, JSONSchema>;
const sessionFieldNames = [
  'accessToken',
  'role',
  'username',
  'email',
  'enabler',
  'enablerName',
  'language',
  'currentEnabler',
  'defaultFederation',
  'passwordChangeRequired',
] as const satisfies readonly (keyof typeof sessionFields)[];

/**
 * The answer of POST /auth/login, GET /auth/refresh and GET /auth/enablerProfile/{enablerId} to an API
 * client (spec 7, Auth): the session's tokens and who it belongs to. enabler and enablerName are ''
 * while the session works for no enabler (an administrator before the first one); language is null
 * until the user chooses one; currentEnabler is what GET /me/enabler answers, so that the first screen
 * needs no other call.
 */
export const sessionAnswerSchema = {
  $id: 'answer/session',
  type: 'object',
  required: ['refreshToken', ...sessionFieldNames],
  additionalProperties: false,
  properties: { refreshToken: { type: 'string', minLength: 1 }, ...sessionFields },
} as const satisfies JSONSchema;
export type SessionAnswer = FromSchema<typeof sessionAnswerSchema>;

/**
 * The same answer to the SPA, which sends the X-Session-Cookie header (session-cookie.ts): the refresh
 * token went into an HttpOnly cookie, out of the page scripts' reach, so the body has none.
 */
export const browserSessionAnswerSchema = {
  $id: 'answer/browser-session',
  type: 'object',
  required: sessionFieldNames,
  additionalProperties: false,
  properties: sessionFields,
} as const satisfies JSONSchema;
export type BrowserSessionAnswer = FromSchema<typeof browserSessionAnswerSchema>;

/** What a call that issues a refresh token answers: to an API client, or to the SPA. */
export const signedInAnswerSchema = {
  $id: 'answer/signed-in',
  oneOf: [sessionAnswerSchema, browserSessionAnswerSchema],
} as const satisfies JSONSchema;

/** POST /resetPassword/request: the same sentence whether the address is known or not (spec 7). */
export const resetRequestAnswerSchema = {
  $id: 'answer/reset-password-request',
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: { message: { type: 'string', minLength: 1 } },
} as const satisfies JSONSchema;
export type ResetRequestAnswer = FromSchema<typeof resetRequestAnswerSchema>;

/** PUT /me/language: the language now kept with the user. */
export const languageAnswerSchema = {
  $id: 'answer/language',
  type: 'object',
  required: ['language'],
  additionalProperties: false,
  properties: { language: { type: 'string', enum: languages } },
} as const satisfies JSONSchema;
export type LanguageAnswer = FromSchema<typeof languageAnswerSchema>;

/** Why an active user cannot sign in: too many bad passwords, or a renewal forced by an administrator. */
export const userBlocks = ['BAD_PASSWORDS', 'RENEWAL_FORCED'] as const;

/** A user as the administrators' screens see it (spec 3, User): never the password or its hash. */
export const managedUserObject = {
  type: 'object',
  required: [
    'email',
    'username',
    'role',
    'active',
    'blocked',
    'registered',
    'defaultFederation',
    'language',
    'createdBy',
    'promotedBy',
    'promotedAt',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1 },
    username: { type: 'string' },
    role: { type: 'string', enum: userRoles },
    active: { type: 'boolean' },
    blocked: { type: ['string', 'null'], enum: [...userBlocks, null] },
    /** False until the user has set a password from the registration link. */
    registered: { type: 'boolean' },
    defaultFederation: { type: ['string', 'null'] },
    /** null until the user chooses one. */
    language: { type: ['string', 'null'], enum: [...languages, null] },
    /** The administrator who created the account; null for one a script made. */
    createdBy: { type: ['string', 'null'], format: 'email', maxLength: emailSchema.maxLength },
    /** The last administrator who made it an administrator, and when; null if none did. */
    promotedBy: { type: ['string', 'null'], format: 'email', maxLength: emailSchema.maxLength },
    promotedAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: instantSchema,
    updatedAt: instantSchema,
  },
} as const satisfies JSONSchema;

/** POST /admin/users (201) and POST /admin/users/{id}: the user as saved. */
export const managedUserAnswerSchema = {
  $id: 'answer/managed-user',
  ...managedUserObject,
} as const satisfies JSONSchema;

/** GET /admin/users: the users of the current enabler and every administrator. */
export const managedUserListAnswerSchema = {
  $id: 'answer/managed-user-list',
  type: 'array',
  items: managedUserObject,
} as const satisfies JSONSchema;

export type ManagedUserAnswer = FromSchema<typeof managedUserObject>;
