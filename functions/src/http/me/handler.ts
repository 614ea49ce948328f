import type { FromSchema, languageRequestSchema } from '@cpbo/schemas';
import { configTermsOf, getEnablerWithLatestConfig, listConfigs } from '#data/enablers.ts';
import { updateUser } from '#data/users.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { currentEnablerOf } from '../accounts/current-enabler.ts';

/**
 * GET /me/enabler: the session's enabler with its latest config and every version's cover terms (null
 * for an administrator with none yet).
 */
const currentEnabler = async ({ session }: SessionRequest) => {
  const enablerId = session.enabler;
  if (!enablerId) return ok(null);
  const [found, configs] = await Promise.all([getEnablerWithLatestConfig(enablerId), listConfigs(enablerId)]);
  if (!found) throw new AppError('ERR_NOT_FOUND');
  return ok({ ...currentEnablerOf(found), configTerms: configs.map(configTermsOf).reverse() });
};

/** PUT /me/language: the interface language is kept with the user. */
const saveLanguage = async ({ body, session }: SessionRequest<FromSchema<typeof languageRequestSchema>>) => {
  await updateUser(session.email, { language: body.language });
  return ok({ language: body.language });
};

export const handler = httpHandler(
  'me',
  {
    'GET /me/enabler': currentEnabler,
    'PUT /me/language': saveLanguage,
  },
  { validators: () => import('#generated/validators/me.generated.ts') },
);
