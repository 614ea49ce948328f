import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import {
  createAdminCashout,
  getAdminCashout,
  updateAdminCashout,
  type AdminCashoutRow,
} from '../../../api/admin-records.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { paths } from '../../../app/paths.ts';
import {
  AdminFormLayout,
  AdminRecordLoad,
  DayField,
  dayTextOf,
  readDay,
} from '../../../common/admin-form.tsx';
import { readAmount } from '../../../common/amount-input.ts';
import { MemberPicker, memberLabel, type PickedMember } from '../../../common/member-picker.tsx';
import { useAdminSave } from '../../../common/use-admin-save.ts';
import { useDocumentTitle } from '../../../common/use-document-title.ts';
import { useMemberFormats } from '../../../common/use-member-formats.ts';

interface CashoutValues {
  member: PickedMember | null;
  amount: string;
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
  const formats = useMemberFormats();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const { saving, save } = useAdminSave(send, paths.adminCashouts);
  const set = (change: Partial<CashoutValues>) => setValues((current) => ({ ...current, ...change }));

  const amount = readAmount(values.amount, formats.amountDecimals);
  const cashoutDate = readDay(values.cashoutDate);
  const required = (label: string) => t('adminForm.required', { field: label });
  const show = (problem: string | undefined) => (submitted ? problem : undefined);
  const amountProblem =
    'problem' in amount
      ? amount.problem === 'required'
        ? required(t('adminRecords.columns.amount'))
        : t(`members.member.amount.${amount.problem}`, { decimals: formats.amountDecimals })
      : undefined;

  const submit = () => {
    setSubmitted(true);
    if (!values.member || !('amount' in amount)) return;
    if (editing && !('seconds' in cashoutDate)) return;
    void save({
      memberId: values.member.id,
      amount: amount.amount,
      ...('seconds' in cashoutDate ? { cashoutDate: cashoutDate.seconds } : {}),
    });
  };

  return (
    <AdminFormLayout
      title={title}
      description={t('adminRecords.cashouts.formDescription')}
      backHref={paths.adminCashouts}
      submitLabel={editing ? t('adminForm.save') : t('adminForm.create')}
      saving={saving}
      onSubmit={submit}
    >
      <ColumnLayout columns={2}>
        <FormField
          label={t('adminRecords.columns.member')}
          errorText={show(values.member ? undefined : required(t('adminRecords.columns.member')))}
        >
          {editing && values.member ? (
            <Box>{memberLabel(t, values.member)}</Box>
          ) : (
            <MemberPicker
              value={values.member}
              invalid={submitted && !values.member}
              onChange={(member) => set({ member })}
            />
          )}
        </FormField>
        <FormField label={t('adminRecords.columns.amount')} errorText={show(amountProblem)}>
          <Input
            name="amount"
            inputMode="decimal"
            value={values.amount}
            invalid={submitted && amountProblem !== undefined}
            onChange={({ detail }) => set({ amount: detail.value })}
          />
        </FormField>
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
