import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '../../../api/members.ts';
import { submitFieldWrite } from '../../../api/offline/field-writes.ts';
import { newLocalId } from '../../../api/offline/local-ids.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { amountCents } from '@cpbo/schemas/money.ts';
import { MoneyForm } from '../../../common/money/money-form.tsx';

export interface CashoutFormProps {
  member: Pick<MemberDetail, 'id' | 'name' | 'cashoutBalance'>;
}

/** Pays part or all of the pending benefit: above 0, never above the balance, after a confirmation. */
export function CashoutForm({ member }: CashoutFormProps) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const balance = formats.amount(member.cashoutBalance);
  return (
    <MoneyForm
      kind="cashout"
      memberId={member.id}
      inputName="cashoutAmount"
      constraintText={t('members.member.cashout.balance', { balance })}
      ruleError={(cents) =>
        cents > amountCents(member.cashoutBalance)
          ? t('members.member.cashout.tooHigh', { balance })
          : undefined
      }
      messageValues={{ member: member.name }}
      bodyOf={(amount) => ({ amount })}
      // ERR_BALANCE_TOO_LOW when the balance changed meanwhile (also for a payment kept on the device).
      send={(body, key) =>
        submitFieldWrite({
          kind: 'cashout',
          id: newLocalId(),
          key,
          memberId: member.id,
          memberName: member.name,
          body: { amount: body.amount },
        })
      }
    />
  );
}
