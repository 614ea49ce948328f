import { useQuery } from '@tanstack/react-query';
import { adminNewPayoutRequestSchema } from '@cpbo/schemas/admin-records.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
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
  MemberAndPlotFields,
  useMoneyRecordForm,
  type MoneyRecordValues,
} from '../../admin-money-form/components/member-and-amount-fields.tsx';
import { useDocumentTitle } from '../../../common/browser/use-document-title.ts';

const ASSESSMENT_ID_MAX_LENGTH = adminNewPayoutRequestSchema.properties.assessmentId.maxLength;

interface PayoutValues extends MoneyRecordValues {
  plotId: string;
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
  const form = useMoneyRecordForm(initial, send, paths.adminPayouts);
  const { values, set, submitted, amount, show, required } = form;
  const assessmentDate = readDay(values.assessmentDate);
  const payoutDate = readDay(values.payoutDate);
  const assessmentId = values.assessmentId.trim();

  const submit = () =>
    form.submit(
      values.member &&
        values.plotId &&
        assessmentId &&
        'amount' in amount &&
        'seconds' in assessmentDate &&
        'seconds' in payoutDate
        ? {
            memberId: values.member.id,
            plotId: values.plotId,
            amount: amount.amount,
            assessmentId,
            assessmentDate: assessmentDate.seconds,
            payoutDate: payoutDate.seconds,
          }
        : undefined,
    );

  return (
    <AdminFormLayout
      title={title}
      description={t('adminRecords.payouts.formDescription')}
      backHref={paths.adminPayouts}
      submitLabel={submitLabel}
      saving={form.saving}
      onSubmit={submit}
    >
      <ColumnLayout columns={2}>
        <MemberAndPlotFields
          member={values.member}
          plotId={values.plotId}
          memberFixed={memberFixed}
          showProblem={submitted}
          onChange={set}
        />
        <AmountField
          value={values.amount}
          problem={show(form.amountProblem)}
          onChange={(value) => set({ amount: value })}
        />
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
