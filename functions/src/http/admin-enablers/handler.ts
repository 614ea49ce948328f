import type {
  AdminEnablerAnswer,
  CampaignAnswer,
  enablerConfigSchema,
  EnablerConfigVersionAnswer,
  enablerRequestSchema,
  FromSchema,
} from '@cpbo/schemas';
import {
  addConfig,
  createEnabler,
  deleteEnabler,
  getEnabler,
  listConfigs,
  listEnablers,
  updateEnabler,
} from '#data/enablers/enablers.ts';
import { listCampaigns } from '#data/enablers/campaigns.ts';
import { listUsers } from '#data/accounts/users.ts';
import { AppError } from '#platform/app-error.ts';
import { created, noContent, ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { appLog } from '#data/logs/app-log.ts';
import { actorOf } from '../actor.ts';

type EnablerBody = FromSchema<typeof enablerRequestSchema>;
type ConfigBody = FromSchema<typeof enablerConfigSchema>;

const existingEnabler = async (enablerId: string) => {
  const enabler = await getEnabler(enablerId);
  if (!enabler) throw new AppError('ERR_NOT_FOUND');
  return enabler;
};

const profileOf = (body: EnablerBody) => ({ name: body.name.trim(), logo: body.logo, banner: body.banner });

/** DELETE /admin/enablers/{id}: refused while the enabler has members or users, so nothing is orphaned. */
const remove = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const enabler = await existingEnabler(params.id);
  if (enabler.memberCount > 0) throw new AppError('ERR_ENABLER_HAS_MEMBERS');
  const users = await listUsers();
  if (users.some((user) => user.role !== 'ADMIN' && user.enablerId === enabler.id)) {
    throw new AppError('ERR_ENABLER_HAS_USERS');
  }
  await deleteEnabler(enabler, actorOf(session));
  await appLog.info(`Enabler ${enabler.id} (${enabler.name}) deleted by ${session.email}`);
  return noContent();
};

export const handler = httpHandler(
  'admin-enablers',
  {
    'GET /admin/enablers': async () => ok((await listEnablers()) satisfies AdminEnablerAnswer[]),
    'POST /admin/enablers': async ({ body, session }: SessionRequest<EnablerBody>) =>
      created((await createEnabler(profileOf(body), actorOf(session))) satisfies AdminEnablerAnswer),
    'POST /admin/enablers/{id}': async ({ body, params, session }: SessionRequest<EnablerBody, 'id'>) =>
      ok(
        (await updateEnabler(
          await existingEnabler(params.id),
          profileOf(body),
          actorOf(session),
        )) satisfies AdminEnablerAnswer,
      ),
    'DELETE /admin/enablers/{id}': remove,
    'GET /admin/enablers/{id}/configs': async ({ params }: SessionRequest<unknown, 'id'>) => {
      await existingEnabler(params.id);
      return ok((await listConfigs(params.id)) satisfies EnablerConfigVersionAnswer[]);
    },
    'POST /admin/enablers/{id}/configs': async ({
      body,
      params,
      session,
    }: SessionRequest<ConfigBody, 'id'>) =>
      created(
        (await addConfig(
          params.id,
          {
            ...body,
            benefitFactorsByMonth: [...body.benefitFactorsByMonth],
          },
          actorOf(session),
        )) satisfies EnablerConfigVersionAnswer,
      ),
    'GET /admin/enablers/{id}/campaigns': async ({ params }: SessionRequest<unknown, 'id'>) => {
      await existingEnabler(params.id);
      return ok((await listCampaigns(params.id)) satisfies CampaignAnswer[]);
    },
  },
  { validators: () => import('#generated/validators/admin-enablers.generated.ts') },
);
