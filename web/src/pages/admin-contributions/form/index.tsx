import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import {
  createAdminContribution,
  getAdminContribution,
  updateAdminContribution,
  type AdminContributionBody,
  type AdminContributionRow,
} from '../../../api/admin-records.ts';
import { protectionTypes, type ProtectionType } from '../../../api/members.ts';
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

// Spec section 4: excess-rain cover exists but is not offered in the interface yet.
const offeredProtectionTypes: readonly ProtectionType[] = ['DROUGHT'];

interface ContributionValues extends MoneyRecordValues {
  plotId: string;
  contributionDate: string;
  protectionType: ProtectionType;
}

interface ContributionFormProps {
  title: string;
  initial: ContributionValues;
  editing: boolean;
  send: (body: AdminContributionBody, idempotencyKey: string) => Promise<unknown>;
}

/** Spec section 5: member, plot, amount and date required; drought protection. */
function ContributionForm({ title, initial, editing, send }: ContributionFormProps) {
  const { t } = useTranslation();
  const form = useMoneyRecordForm(initial, send, paths.adminContributions);
  const { values, set, submitted, amount } = form;
  const date = readDay(values.contributionDate);

  const submit = () =>
    form.submit(
      values.member && values.plotId && 'amount' in amount && 'seconds' in date
        ? {
            plotId: values.plotId,
            amount: amount.amount,
            protectionType: values.protectionType,
            contributionDate: date.seconds,
          }
        : undefined,
    );

  return (
    <AdminFormLayout
      title={title}
      description={t('adminRecords.contributions.formDescription')}
      backHref={paths.adminContributions}
      submitLabel={editing ? t('adminForm.save') : t('adminForm.create')}
      saving={form.saving}
      onSubmit={submit}
    >
      <ColumnLayout columns={2}>
        <MemberAndPlotFields
          member={values.member}
          plotId={values.plotId}
          memberFixed={editing}
          showProblem={submitted}
          onChange={set}
        />
        <AmountField
          value={values.amount}
          problem={form.show(form.amountProblem)}
          onChange={(value) => set({ amount: value })}
        />
        <DayField
          name="contributionDate"
          label={t('adminRecords.columns.contributionDate')}
          value={values.contributionDate}
          showProblem={submitted}
          onChange={(contributionDate) => set({ contributionDate })}
        />
        <FormField label={t('adminRecords.columns.protectionType')}>
          <RadioGroup
            value={values.protectionType}
            onChange={({ detail }) => set({ protectionType: detail.value as ProtectionType })}
            items={protectionTypes.map((type) => ({
              value: type,
              label: t(`members.protectionTypes.${type}`),
              disabled: !offeredProtectionTypes.includes(type),
            }))}
          />
        </FormField>
      </ColumnLayout>
    </AdminFormLayout>
  );
}

export function NewContributionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.newContribution'));
  return (
    <ContributionForm
      title={t('screens.newContribution')}
      initial={{ member: null, plotId: '', amount: '', contributionDate: '', protectionType: 'DROUGHT' }}
      editing={false}
      send={(body, idempotencyKey) => createAdminContribution(body, { idempotencyKey })}
    />
  );
}

const valuesOf = (contribution: AdminContributionRow): ContributionValues => ({
  member: { id: contribution.memberId, name: contribution.memberName, number: contribution.memberNumber },
  plotId: contribution.plotId,
  amount: String(contribution.amount),
  contributionDate: dayTextOf(contribution.contributionDate),
  protectionType: contribution.protectionType,
});

export function UpdateContributionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('screens.updateContribution'));
  const contribution = useQuery({
    queryKey: queryKeys.admin.record('contributions', id),
    queryFn: () => getAdminContribution(id),
  });
  return (
    <AdminRecordLoad
      title={t('screens.updateContribution')}
      backHref={paths.adminContributions}
      query={contribution}
    >
      {(data) => (
        <ContributionForm
          title={t('screens.updateContribution')}
          initial={valuesOf(data)}
          editing
          send={(body, idempotencyKey) => updateAdminContribution(id, body, { idempotencyKey })}
        />
      )}
    </AdminRecordLoad>
  );
}
