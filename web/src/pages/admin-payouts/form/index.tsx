import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminNewPayoutRequestSchema } from '@cpbo/schemas';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import {
  createAdminPayout,
  getAdminPayout,
  updateAdminPayout,
  type AdminPayoutRow,
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
import { MemberPlotSelect } from '../../../common/member-plot-select.tsx';
import { useAdminSave } from '../../../common/use-admin-save.ts';
import { useDocumentTitle } from '../../../common/use-document-title.ts';
import { useMemberFormats } from '../../../common/use-member-formats.ts';

const ASSESSMENT_ID_MAX_LENGTH = adminNewPayoutRequestSchema.properties.assessmentId.maxLength;

interface PayoutValues {
  member: PickedMember | null;
  plotId: string;
  amount: string;
  assessmentId: string;
  assessmentDate: string;
  payoutDate: string;
}

const emptyPayout: PayoutValues = {
  member: null,
  plotId: '',
  amount: '',
  assessmentId: '',
  assessmentDate: '',
  payoutDate: '',
};

const valuesOf = (payout: AdminPayoutRow): PayoutValues => ({
  member: { id: payout.memberId, name: payout.memberName, number: payout.memberNumber },
  plotId: payout.plotId,
  amount: String(payout.amount),
  assessmentId: payout.assessmentId,
  assessmentDate: dayTextOf(payout.assessmentDate),
  payoutDate: dayTextOf(payout.payoutDate),
});

interface PayoutBody {
  memberId: string;
  plotId: string;
  amount: number;
  assessmentId: string;
  assessmentDate: number;
  payoutDate: number;
}

interface PayoutFormProps {
  title: string;
  initial: PayoutValues;
  /** On edit the member stays the payout's. */
  memberFixed: boolean;
  submitLabel: string;
  send: (body: PayoutBody, idempotencyKey: string) => Promise<unknown>;
}

/** Spec section 5: member, plot, amount, assessment reference, assessment date and payout date, all required. */
function PayoutForm({ title, initial, memberFixed, submitLabel, send }: PayoutFormProps) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const { saving, save } = useAdminSave(send, paths.adminPayouts);
  const set = (change: Partial<PayoutValues>) => setValues((current) => ({ ...current, ...change }));

  const amount = readAmount(values.amount, formats.amountDecimals);
  const assessmentDate = readDay(values.assessmentDate);
  const payoutDate = readDay(values.payoutDate);
  const assessmentId = values.assessmentId.trim();
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
    if (!values.member || !values.plotId || !assessmentId) return;
    if (!('amount' in amount) || !('seconds' in assessmentDate) || !('seconds' in payoutDate)) return;
    void save({
      memberId: values.member.id,
      plotId: values.plotId,
      amount: amount.amount,
      assessmentId,
      assessmentDate: assessmentDate.seconds,
      payoutDate: payoutDate.seconds,
    });
  };

  return (
    <AdminFormLayout
      title={title}
      description={t('adminRecords.payouts.formDescription')}
      backHref={paths.adminPayouts}
      submitLabel={submitLabel}
      saving={saving}
      onSubmit={submit}
    >
      <ColumnLayout columns={2}>
        <FormField
          label={t('adminRecords.columns.member')}
          errorText={show(values.member ? undefined : required(t('adminRecords.columns.member')))}
        >
          {memberFixed && values.member ? (
            <Box>{memberLabel(t, values.member)}</Box>
          ) : (
            <MemberPicker
              value={values.member}
              invalid={submitted && !values.member}
              onChange={(member) => set({ member, plotId: '' })}
            />
          )}
        </FormField>
        <FormField
          label={t('adminRecords.columns.plot')}
          errorText={show(values.plotId ? undefined : required(t('adminRecords.columns.plot')))}
        >
          <MemberPlotSelect
            memberId={values.member?.id}
            plotId={values.plotId}
            invalid={submitted && !values.plotId}
            onChange={(plotId) => set({ plotId })}
          />
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
        <FormField
          label={t('adminRecords.columns.assessmentId')}
          errorText={show(assessmentId ? undefined : required(t('adminRecords.columns.assessmentId')))}
        >
          <Input
            name="assessmentId"
            value={values.assessmentId}
            invalid={submitted && !assessmentId}
            nativeInputAttributes={{ maxLength: ASSESSMENT_ID_MAX_LENGTH }}
            onChange={({ detail }) => set({ assessmentId: detail.value })}
          />
        </FormField>
        <DayField
          name="assessmentDate"
          label={t('adminRecords.columns.assessmentDate')}
          value={values.assessmentDate}
          showProblem={submitted}
          onChange={(assessmentDate) => set({ assessmentDate })}
        />
        <DayField
          name="payoutDate"
          label={t('adminRecords.columns.payoutDate')}
          value={values.payoutDate}
          showProblem={submitted}
          onChange={(payoutDate) => set({ payoutDate })}
        />
      </ColumnLayout>
    </AdminFormLayout>
  );
}

export function NewPayoutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.newPayout'));
  return (
    <PayoutForm
      title={t('screens.newPayout')}
      initial={emptyPayout}
      memberFixed={false}
      submitLabel={t('adminForm.create')}
      send={(body, idempotencyKey) => createAdminPayout(body, { idempotencyKey })}
    />
  );
}

export function UpdatePayoutPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('screens.updatePayout'));
  const payout = useQuery({
    queryKey: queryKeys.admin.record('payouts', id),
    queryFn: () => getAdminPayout(id),
  });
  return (
    <AdminRecordLoad title={t('screens.updatePayout')} backHref={paths.adminPayouts} query={payout}>
      {(data) => (
        <PayoutForm
          title={t('screens.updatePayout')}
          initial={valuesOf(data)}
          memberFixed
          submitLabel={t('adminForm.save')}
          send={({ plotId, amount, assessmentId, assessmentDate, payoutDate }, idempotencyKey) =>
            updateAdminPayout(
              id,
              { plotId, amount, assessmentId, assessmentDate, payoutDate },
              { idempotencyKey },
            )
          }
        />
      )}
    </AdminRecordLoad>
  );
}
