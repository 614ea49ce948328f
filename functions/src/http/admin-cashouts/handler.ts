import { centsOf } from '../body-amounts.ts';
import type {
  AdminCashoutRow,
  adminNewCashoutRequestSchema,
  adminUpdateCashoutRequestSchema,
  FromSchema,
} from '@cpbo/schemas';
import { fromCents } from '@cpbo/schemas/money.ts';
import type { IdempotentRequest, SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { audited, isoTimeOfUnixSeconds, moneyCalls, ofMember } from '../admin-money/money-calls.ts';

const calls = moneyCalls({
  type: 'CASHOUT',
  row: (cashout): AdminCashoutRow => ({
    id: cashout.id,
    ...ofMember(cashout),
    amount: fromCents(cashout.amountCents),
    cashoutDate: cashout.cashoutDate,
    ...audited(cashout),
  }),
});

/** POST /admin/cashouts: pays part of the member's pending benefit, today unless a date is given. */
const create = ({ body, ...request }: IdempotentRequest<FromSchema<typeof adminNewCashoutRequestSchema>>) =>
  calls.create({ body, ...request }, body.memberId, {
    amountCents: centsOf(body.amount),
    cashoutDate:
      body.cashoutDate === undefined ? new Date().toISOString() : isoTimeOfUnixSeconds(body.cashoutDate),
  });

const update = (request: SessionRequest<FromSchema<typeof adminUpdateCashoutRequestSchema>, 'id'>) =>
  calls.update(request, () => ({
    amountCents: centsOf(request.body.amount),
    cashoutDate: isoTimeOfUnixSeconds(request.body.cashoutDate),
  }));

export const handler = httpHandler(
  'admin-cashouts',
  {
    'GET /admin/cashouts': calls.list,
    'POST /admin/cashouts': create,
    'GET /admin/cashouts/{id}': calls.get,
    'POST /admin/cashouts/{id}': update,
    'DELETE /admin/cashouts/{id}': calls.remove,
  },
  { idempotency, validators: () => import('#generated/validators/admin-cashouts.generated.ts') },
);
