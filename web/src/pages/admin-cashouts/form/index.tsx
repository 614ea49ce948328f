import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import {
  createAdminCashout,
  getAdminCashout,
  updateAdminCashout,
  type AdminCashoutRow,
} from '../../../api/admin-records.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { paths } from '../../../navigation/paths.ts';
import {
  AdminFormLayout,
  AdminRecordLoad,
  DayField,
  dayTextOf,
  readDay,
} from '../../../common/admin-form/admin-form.tsx';
import {
  AmountField,
  MemberField,
  useMoneyRecordForm,
  type MoneyRecordValues,
} from '../../admin-money-form/components/member-and-amount-fields.tsx';
import { useDocumentTitle } from '../../../common/browser/use-document-title.ts';

interface CashoutValues extends MoneyRecordValues {
  /** Only on edit (spec section 5): a new cashout is dated today by the server. */
  cashoutDate: string;
}

interface CashoutBody {
  memberId: string;
  amount: number;
  cashoutDate?: number;
}

interface CashoutFormProps {
  title: string;
  initial: CashoutValues;
  editing: boolean;
  send: (body: CashoutBody, idempotencyKey: string) => Promise<unknown>;
}

/** Spec section 5: member and amount required; the date only on edit. */
function CashoutForm({ title, initial, editing, send }: CashoutFormProps) {
  const { t } = useTranslation();
  const form = useMoneyRecordForm(initial, send, paths.adminCashouts);
  const { values, set, submitted, amount } = form;
  const cashoutDate = readDay(values.cashoutDate);

  const submit = () =>
    form.submit(
      values.member && 'amount' in amount && (!editing || 'seconds' in cashoutDate)
        ? {
            memberId: values.member.id,
            amount: amount.amount,
            ...('seconds' in cashoutDate ? { cashoutDate: cashoutDate.seconds } : {}),
          }
        : undefined,
    );

  return (
    <AdminFormLayout
      title={title}
      description={t('adminRecords.cashouts.formDescription')}
      backHref={paths.adminCashouts}
      submitLabel={editing ? t('adminForm.save') : t('adminForm.create')}
      saving={form.saving}
      onSubmit={submit}
    >
      <ColumnLayout columns={2}>
        <MemberField
          member={values.member}
          fixed={editing}
          showProblem={submitted}
          onChange={(member) => set({ member })}
        />
        <AmountField
          value={values.amount}
          problem={form.show(form.amountProblem)}
          onChange={(value) => set({ amount: value })}
        />
        {editing && (
          <DayField
            name="cashoutDate"
            label={t('adminRecords.columns.cashoutDate')}
            value={values.cashoutDate}
            showProblem={submitted}
            onChange={(value) => set({ cashoutDate: value })}
          />
        )}
      </ColumnLayout>
    </AdminFormLayout>
  );
}

export function NewCashoutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.newCashout'));
  return (
    <CashoutForm
      title={t('screens.newCashout')}
      initial={{ member: null, amount: '', cashoutDate: '' }}
      editing={false}
      send={({ memberId, amount }, idempotencyKey) =>
        createAdminCashout({ memberId, amount }, { idempotencyKey })
      }
    />
  );
}

const valuesOf = (cashout: AdminCashoutRow): CashoutValues => ({
  member: { id: cashout.memberId, name: cashout.memberName, number: cashout.memberNumber },
  amount: String(cashout.amount),
  cashoutDate: dayTextOf(cashout.cashoutDate),
});

export function UpdateCashoutPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('screens.updateCashout'));
  const cashout = useQuery({
    queryKey: queryKeys.admin.record('cashouts', id),
    queryFn: () => getAdminCashout(id),
  });
  return (
    <AdminRecordLoad title={t('screens.updateCashout')} backHref={paths.adminCashouts} query={cashout}>
      {(data) => (
        <CashoutForm
          title={t('screens.updateCashout')}
          initial={valuesOf(data)}
          editing
          send={({ amount, cashoutDate }, idempotencyKey) => {
            // The form sends no edit without its date.
            if (cashoutDate === undefined) throw new Error('A cashout edit without its date');
            return updateAdminCashout(id, { amount, cashoutDate }, { idempotencyKey });
          }}
        />
      )}
    </AdminRecordLoad>
  );
}
