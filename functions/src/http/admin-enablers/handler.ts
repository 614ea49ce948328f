import type { enablerConfigSchema, enablerRequestSchema, FromSchema } from '@cpbo/schemas';
import {
  addConfig,
  createEnabler,
  deleteEnabler,
  getEnabler,
  listCampaigns,
  listConfigs,
  listEnablers,
  updateEnabler,
} from '#data/enablers.ts';
import { listUsers } from '#data/users.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { created, noContent, ok, type ApiRequest } from '#platform/http/api-types.ts';
import { httpHandler } from '#platform/http/http-handler.ts';

type EnablerBody = FromSchema<typeof enablerRequestSchema>;
type ConfigBody = FromSchema<typeof enablerConfigSchema>;

const adminEmail = (session: Session | undefined): string => (session as Session).email;

const existingEnabler = async (enablerId: string) => {
  const enabler = await getEnabler(enablerId);
  if (!enabler) throw new AppError('ERR_NOT_FOUND');
  return enabler;
};

const profileOf = (body: EnablerBody) => ({ name: body.name.trim(), logo: body.logo, banner: body.banner });

/** DELETE /admin/enablers/{id}: refused while the enabler has members or users, so nothing is orphaned. */
const remove = async ({ params }: ApiRequest) => {
  const enabler = await existingEnabler(params.id as string);
  if (enabler.memberCount > 0) throw new AppError('ERR_ENABLER_HAS_MEMBERS');
  const users = await listUsers();
  if (users.some((user) => user.role !== 'ADMIN' && user.enablerId === enabler.id)) {
    throw new AppError('ERR_ENABLER_HAS_USERS');
  }
  await deleteEnabler(enabler.id);
  return noContent();
};

export const handler = httpHandler('admin-enablers', {
  'GET /admin/enablers': async () => ok(await listEnablers()),
  'POST /admin/enablers': async ({ body, session }: ApiRequest<EnablerBody>) =>
    created(await createEnabler(profileOf(body), adminEmail(session))),
  'POST /admin/enablers/{id}': async ({ body, params, session }: ApiRequest<EnablerBody>) =>
    ok(await updateEnabler(params.id as string, profileOf(body), adminEmail(session))),
  'DELETE /admin/enablers/{id}': remove,
  'GET /admin/enablers/{id}/configs': async ({ params }: ApiRequest) => {
    await existingEnabler(params.id as string);
    return ok(await listConfigs(params.id as string));
  },
  'POST /admin/enablers/{id}/configs': async ({ body, params, session }: ApiRequest<ConfigBody>) =>
    created(
      await addConfig(
        params.id as string,
        {
          ...body,
          benefitFactorsByMonth: [...body.benefitFactorsByMonth],
        },
        adminEmail(session),
      ),
    ),
  'GET /admin/enablers/{id}/campaigns': async ({ params }: ApiRequest) => {
    await existingEnabler(params.id as string);
    return ok(await listCampaigns(params.id as string));
  },
});
