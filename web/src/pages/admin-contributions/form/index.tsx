import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
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

// Spec section 4: excess-rain cover exists but is not offered in the interface yet.
const offeredProtectionTypes: readonly ProtectionType[] = ['DROUGHT'];

interface ContributionValues {
  member: PickedMember | null;
  plotId: string;
  amount: string;
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
  const formats = useMemberFormats();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const { saving, save } = useAdminSave(send, paths.adminContributions);
  const set = (change: Partial<ContributionValues>) => setValues((current) => ({ ...current, ...change }));

  const amount = readAmount(values.amount, formats.amountDecimals);
  const date = readDay(values.contributionDate);
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
    if (!values.member || !values.plotId || !('amount' in amount) || !('seconds' in date)) return;
    void save({
      plotId: values.plotId,
      amount: amount.amount,
      protectionType: values.protectionType,
      contributionDate: date.seconds,
    });
  };

  return (
    <AdminFormLayout
      title={title}
      description={t('adminRecords.contributions.formDescription')}
      backHref={paths.adminContributions}
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
