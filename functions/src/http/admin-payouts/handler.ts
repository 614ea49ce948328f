import type {
  AdminPayoutRow,
  adminNewPayoutRequestSchema,
  adminUpdatePayoutRequestSchema,
  FromSchema,
} from '@cpbo/schemas';
import { dateOfUnixSeconds } from '@cpbo/schemas/coverage-dates.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import type { IdempotentRequest, SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { audited, centsOf, moneyCalls, ofMember } from '../admin-money/money-calls.ts';

type UpdateBody = FromSchema<typeof adminUpdatePayoutRequestSchema>;

const calls = moneyCalls({
  type: 'PAYOUT',
  row: (payout): AdminPayoutRow => ({
    id: payout.id,
    ...ofMember(payout),
    plotId: payout.plotId,
    plotName: payout.plotName,
    amount: fromCents(payout.amountCents),
    assessmentId: payout.assessmentId,
    assessmentDate: payout.assessmentDate,
    payoutDate: payout.payoutDate,
    ...audited(payout),
  }),
  detail: (payout) => ({ runId: payout.runId }),
});

// Payout dates are days (YYYY-MM-DD), as on the member page.
const valuesOf = (body: UpdateBody) => ({
  plotId: body.plotId,
  amountCents: centsOf(body.amount),
  assessmentId: body.assessmentId.trim(),
  assessmentDate: dateOfUnixSeconds(body.assessmentDate),
  payoutDate: dateOfUnixSeconds(body.payoutDate),
});

/** POST /admin/payouts: a benefit for one of the member's plots; creates or updates its campaign. */
const create = (request: IdempotentRequest<FromSchema<typeof adminNewPayoutRequestSchema>>) =>
  calls.create(request, request.body.memberId, valuesOf(request.body));

const update = (request: SessionRequest<UpdateBody, 'id'>) =>
  calls.update(request, () => valuesOf(request.body));

export const handler = httpHandler(
  'admin-payouts',
  {
    'GET /admin/payouts': calls.list,
    'POST /admin/payouts': create,
    'GET /admin/payouts/{id}': calls.get,
    'POST /admin/payouts/{id}': update,
    'DELETE /admin/payouts/{id}': calls.remove,
  },
  { idempotency, validators: () => import('#generated/validators/admin-payouts.generated.ts') },
);
