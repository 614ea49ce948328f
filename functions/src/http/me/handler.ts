import type { FromSchema, languageRequestSchema } from '@cpbo/schemas';
import type { PreferenceTable, tablePreferencesRequestSchema } from '@cpbo/schemas/preferences.ts';
import { preferencesOf, saveTablePreferences } from '#data/accounts/preferences.ts';
import { configTermsOf, getEnablerWithLatestConfig, listConfigs } from '#data/enablers/enablers.ts';
import { updateUser } from '#data/accounts/users.ts';
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

/** GET /me/preferences: the page size and columns the user chose for each table. */
const preferences = async ({ session }: SessionRequest) => ok(await preferencesOf(session.email));

/** PUT /me/preferences/{table}: keeps the user's choice for a table; answers every table's. */
const savePreferences = async ({
  body,
  params,
  session,
}: SessionRequest<FromSchema<typeof tablePreferencesRequestSchema>, 'table'>) =>
  ok(
    await saveTablePreferences(session.email, params.table as PreferenceTable, {
      ...body,
      ...(body.visibleColumns && { visibleColumns: [...body.visibleColumns] }),
    }),
  );

export const handler = httpHandler(
  'me',
  {
    'GET /me/enabler': currentEnabler,
    'PUT /me/language': saveLanguage,
    'GET /me/preferences': preferences,
    'PUT /me/preferences/{table}': savePreferences,
  },
  { validators: () => import('#generated/validators/me.generated.ts') },
);
