import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  createAdminMoneyRecord,
  updateAdminMoneyRecord,
  type AdminMoneyKind,
  type AdminMoneyRow,
} from '../../../api/admin-records.ts';
import { useAdminMoneyRecord } from '../../../api/admin-records-queries.ts';
import { AdminFormLayout } from '../../../common/admin-form/admin-form-layout.tsx';
import { AdminRecordLoad } from '../../../common/admin-form/admin-record-load.tsx';
import { useAdminSave } from '../../../common/admin-form/use-admin-save.ts';
import { useDocumentTitle } from '../../../browser/use-document-title.ts';
import { useFollow } from '../../../browser/use-follow.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import type { PickedMember } from '../../../common/members/member-picker.tsx';
import { readAmount } from '../../../common/money/amount-input.ts';
import { pathTo, paths } from '../../../navigation/paths.ts';
import type { ScreenId } from '../../../navigation/screens.ts';
import { AmountField, MemberAndPlotFields, MemberField } from './member-and-amount-fields.tsx';
import type { MoneyFieldSet, MoneyRecordBase } from './money-field-set.ts';

/** Each kind's table, new-record and edit screens. */
const screensOf = {
  contributions: { table: 'adminContributions', create: 'newContribution', update: 'updateContribution' },
  payouts: { table: 'adminPayouts', create: 'newPayout', update: 'updatePayout' },
  cashouts: { table: 'adminCashouts', create: 'newCashout', update: 'updateCashout' },
} as const satisfies Record<AdminMoneyKind, Record<'table' | 'create' | 'update', ScreenId>>;

/** What every money record's form types: the member, the plot (for kinds with one) and the amount. */
interface BaseValues {
  member: PickedMember | null;
  plotId: string;
  amount: string;
}

interface MoneyRecordFormProps<Kind extends AdminMoneyKind, Fields, Body> {
  fieldSet: MoneyFieldSet<Kind, Fields>;
  /** On edit the record stays its member's: shown, not picked; the kind may ask for more (a date). */
  editing: boolean;
  initial: BaseValues & { fields: Fields };
  bodyOf: (base: MoneyRecordBase, fields: Fields) => Body | undefined;
  send: (body: Body, idempotencyKey: string) => Promise<unknown>;
}

/**
 * Spec section 5: an administrator's contribution, payout or cashout. The member (and the plot for a
 * kind with one) and the amount, required, then the kind's fields; every problem shows after a first try
 * to save; one write whose retries share one Idempotency-Key, then the kind's table.
 */
function MoneyRecordForm<Kind extends AdminMoneyKind, Fields, Body>({
  fieldSet,
  editing,
  initial,
  bodyOf,
  send,
}: MoneyRecordFormProps<Kind, Fields, Body>) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const screens = screensOf[fieldSet.kind];
  const tableHref = pathTo(screens.table);
  const [values, setValues] = useState<BaseValues>(initial);
  const [fields, setFields] = useState(initial.fields);
  const [submitted, setSubmitted] = useState(false);
  const { saving, save } = useAdminSave(send, tableHref, () => t(`adminForm.saved.${fieldSet.kind}`));
  const set = (change: Partial<BaseValues>) => setValues((current) => ({ ...current, ...change }));

  const amount = readAmount(values.amount, formats.amountDecimals);
  const amountProblem =
    'problem' in amount
      ? amount.problem === 'required'
        ? t('adminForm.required', { field: t('adminRecords.columns.amount') })
        : t(`members.member.amount.${amount.problem}`, { decimals: formats.amountDecimals })
      : undefined;

  const submit = () => {
    setSubmitted(true);
    const base =
      values.member && (values.plotId || !fieldSet.withPlot) && 'amount' in amount
        ? { member: values.member, plotId: values.plotId, amount: amount.amount }
        : undefined;
    const body = base && bodyOf(base, fields);
    if (body !== undefined) void save(body);
  };

  return (
    <AdminFormLayout
      title={t(`screens.${editing ? screens.update : screens.create}`)}
      description={t(`adminRecords.${fieldSet.kind}.formDescription`)}
      backHref={tableHref}
      submitLabel={editing ? t('adminForm.save') : t('adminForm.create')}
      saving={saving}
      onSubmit={submit}
    >
      <ColumnLayout columns={2}>
        {fieldSet.withPlot ? (
          <MemberAndPlotFields
            member={values.member}
            plotId={values.plotId}
            memberFixed={editing}
            showProblem={submitted}
            onChange={set}
          />
        ) : (
          <MemberField
            member={values.member}
            fixed={editing}
            showProblem={submitted}
            onChange={(member) => set({ member })}
          />
        )}
        <AmountField
          value={values.amount}
          problem={submitted ? amountProblem : undefined}
          onChange={(value) => set({ amount: value })}
        />
        {fieldSet.fields({
          t,
          values: fields,
          onChange: (change) => setFields((current) => ({ ...current, ...change })),
          showProblems: submitted,
          editing,
        })}
      </ColumnLayout>
    </AdminFormLayout>
  );
}

export interface MoneyRecordPageProps<Kind extends AdminMoneyKind, Fields> {
  fieldSet: MoneyFieldSet<Kind, Fields>;
}

/** A new record of the kind. */
export function NewMoneyRecordPage<Kind extends AdminMoneyKind, Fields>({
  fieldSet,
}: MoneyRecordPageProps<Kind, Fields>) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screensOf[fieldSet.kind].create}`));
  return (
    <MoneyRecordForm
      fieldSet={fieldSet}
      editing={false}
      initial={{ member: null, plotId: '', amount: '', fields: fieldSet.empty }}
      bodyOf={fieldSet.newBody}
      send={(body, idempotencyKey) => createAdminMoneyRecord(fieldSet.kind, body, { idempotencyKey })}
    />
  );
}

/** What the form types of a record: its member stays, its values shown as typed. */
const valuesOf = <Kind extends AdminMoneyKind, Fields>(
  fieldSet: MoneyFieldSet<Kind, Fields>,
  record: AdminMoneyRow<Kind>,
) => ({
  member: { id: record.memberId, name: record.memberName, number: record.memberNumber },
  plotId: 'plotId' in record ? record.plotId : '',
  amount: String(record.amount),
  fields: fieldSet.fieldsOf(record),
});

/**
 * A payout a benefit run wrote: not edited here (only a run changes it, four eyes kept), with the way
 * to its run, where it can be reversed.
 */
function RunPayoutNotice({ runId, title, backHref }: { runId: string; title: string; backHref: string }) {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Alert
        type="info"
        header={t('adminRecords.payouts.ofRunTitle')}
        action={
          <SpaceBetween direction="horizontal" size="xs">
            <Button href={backHref} onFollow={follow}>
              {t('adminRecords.payouts.backToList')}
            </Button>
            <Button variant="primary" href={paths.benefitRun(runId)} onFollow={follow}>
              {t('adminRecords.payouts.openRun')}
            </Button>
          </SpaceBetween>
        }
      >
        {t('adminRecords.payouts.ofRun')}
      </Alert>
    </ContentLayout>
  );
}

/** The record of the address, once read (or why it cannot be changed). */
export function UpdateMoneyRecordPage<Kind extends AdminMoneyKind, Fields>({
  fieldSet,
}: MoneyRecordPageProps<Kind, Fields>) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const screens = screensOf[fieldSet.kind];
  useDocumentTitle(t(`screens.${screens.update}`));
  const record = useAdminMoneyRecord(fieldSet.kind, id);
  return (
    <AdminRecordLoad title={t(`screens.${screens.update}`)} backHref={pathTo(screens.table)} query={record}>
      {(data) =>
        'runId' in data && typeof data.runId === 'string' ? (
          <RunPayoutNotice
            runId={data.runId}
            title={t(`screens.${screens.update}`)}
            backHref={pathTo(screens.table)}
          />
        ) : (
          <MoneyRecordForm
            fieldSet={fieldSet}
            editing
            initial={valuesOf(fieldSet, data)}
            bodyOf={fieldSet.updateBody}
            send={(body, idempotencyKey) =>
              updateAdminMoneyRecord(fieldSet.kind, id, body, { idempotencyKey })
            }
          />
        )
      }
    </AdminRecordLoad>
  );
}
