import type { FromSchema, languageRequestSchema } from '@cpbo/schemas';
import { getEnablerWithLatestConfig } from '#data/enablers.ts';
import { updateUser } from '#data/users.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type SessionRequest } from '#platform/http/api-types.ts';
import { httpHandler } from '#platform/http/http-handler.ts';

/**
 * GET /me/enabler: the session's enabler with its latest config (null for an administrator with none
 * yet), as every role's screens use it: banner, name, currency and rules. Who created or changed the
 * enabler (administrators' e-mails) and its counters stay on the administrators' own calls.
 */
const currentEnabler = async ({ session }: SessionRequest) => {
  const enablerId = session.enabler;
  if (!enablerId) return ok(null);
  const found = await getEnablerWithLatestConfig(enablerId);
  if (!found) throw new AppError('ERR_NOT_FOUND');
  const { id, name, logo, banner, latestConfigVersion, latestConfigDate } = found.enabler;
  return ok({ id, name, logo, banner, latestConfigVersion, latestConfigDate, config: found.config });
};

/** PUT /me/language: the interface language is kept with the user. */
const saveLanguage = async ({ body, session }: SessionRequest<FromSchema<typeof languageRequestSchema>>) => {
  await updateUser(session.email, { language: body.language });
  return ok({ language: body.language });
};

export const handler = httpHandler('me', {
  'GET /me/enabler': currentEnabler,
  'PUT /me/language': saveLanguage,
});
