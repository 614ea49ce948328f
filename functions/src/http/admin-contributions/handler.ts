import { centsOf } from '../body-amounts.ts';
import type { AdminContributionRow, adminContributionRequestSchema, FromSchema } from '@cpbo/schemas';
import { findPlotOwner } from '#data/members/records-by-id.ts';
import { AppError } from '#platform/app-error.ts';
import type { IdempotentRequest, SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { assertSessionEnabler } from '../other-enabler.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import { audited, isoTimeOfUnixSeconds, moneyCalls, ofMember } from '../admin-money/money-calls.ts';

type Body = FromSchema<typeof adminContributionRequestSchema>;

const calls = moneyCalls({
  type: 'CONTRIBUTION',
  row: (contribution): AdminContributionRow => ({
    id: contribution.id,
    ...ofMember(contribution),
    plotId: contribution.plotId,
    plotName: contribution.plotName,
    protectionType: contribution.protectionType,
    amount: fromCents(contribution.amountCents),
    contributionDate: contribution.contributionDate,
    ...audited(contribution),
  }),
});

const valuesOf = (body: Body) => ({
  plotId: body.plotId,
  amountCents: centsOf(body.amount),
  protectionType: body.protectionType ?? 'DROUGHT',
  contributionDate: isoTimeOfUnixSeconds(body.contributionDate),
});

/** POST /admin/contributions: for the plot's member, found from the plot (of this enabler's view). */
const create = async (request: IdempotentRequest<Body>) => {
  const owner = await findPlotOwner(request.body.plotId);
  if (!owner) throw new AppError('ERR_NOT_FOUND');
  await assertSessionEnabler(request.session, owner.enablerId);
  return calls.create(request, owner.memberId, valuesOf(request.body));
};

/** POST /admin/contributions/{id}: amount, date, plot (one of the member's) and protection type. */
const update = (request: SessionRequest<Body, 'id'>) => calls.update(request, () => valuesOf(request.body));

export const handler = httpHandler(
  'admin-contributions',
  {
    'GET /admin/contributions': calls.list,
    'POST /admin/contributions': create,
    'GET /admin/contributions/{id}': calls.get,
    'POST /admin/contributions/{id}': update,
    'DELETE /admin/contributions/{id}': calls.remove,
  },
  { idempotency, validators: () => import('#generated/validators/admin-contributions.generated.ts') },
);
