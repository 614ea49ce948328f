import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import {
  createAdminPlot,
  updateAdminPlot,
  type AdminNewPlotBody,
  type AdminUpdatePlotBody,
} from '../../../api/admin-records.ts';
import { useLatestEnablerConfig } from '../../../api/enablers-queries.ts';
import type { EnablerConfig } from '../../../api/enablers.ts';
import { usePlot } from '../../../api/plots-queries.ts';
import type { Plot } from '../../../api/plots.ts';
import { paths } from '../../../navigation/paths.ts';
import { AdminFormLayout } from '../../../common/admin-form/admin-form-layout.tsx';
import { AdminRecordLoad } from '../../../common/admin-form/admin-record-load.tsx';
import { CoverageEndDates } from '../../../common/plots/coverage-end-dates.tsx';
import { cropFields } from '../../../common/plots/crop-fields.tsx';
import { MemberPicker, memberLabel, type PickedMember } from '../../../common/members/member-picker.tsx';
import {
  newPlotDefaults,
  newPlotOf,
  newPlotProblems,
  type NewPlotField,
  type NewPlotValues,
} from '../../../common/plots/new-plot-values.ts';
import {
  formatIsoDate,
  parseDayMonthYear,
  problemMessage,
  todayIso,
} from '../../../common/plots/plot-fields.ts';
import { irrigationOf } from '../../../common/plots/irrigation.ts';
import { useAdminSave } from '../../../common/admin-form/use-admin-save.ts';
import { useDocumentTitle } from '../../../browser/use-document-title.ts';
import { coverageRuleOf } from '../../../common/plots/coverage-rule.ts';
import { PlotPlacement } from '../../../common/plots/plot-placement.tsx';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';

interface FieldValues extends NewPlotValues {
  member: PickedMember | null;
}

interface FieldFormProps {
  title: string;
  initial: FieldValues;
  /** On edit: the plot as saved (its member stays, its end dates stay while its start does). */
  plot?: Plot;
  send: (values: FieldValues, idempotencyKey: string) => Promise<unknown>;
}

/**
 * Spec section 5: member (on create), name, latitude, longitude and coverage start required; the end
 * dates follow from the start and the enabler's latest config.
 */
function FieldForm({ title, initial, plot, send }: FieldFormProps) {
  const { t, i18n } = useTranslation();
  const config = useLatestEnablerConfig();
  const rule = coverageRuleOf(config);
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  // A new plot starts at the spec's default position: saved untouched, it is confirmed first (issue 38).
  const [placed, setPlaced] = useState(plot !== undefined);
  const [confirmingDefault, setConfirmingDefault] = useState(false);
  const { saving, save } = useAdminSave(send, paths.adminFields, (saved) =>
    t('adminForm.saved.plot', { name: saved.name.trim() }),
  );
  const problems = newPlotProblems(values);
  const language = i18n.resolvedLanguage ?? 'en';
  const errorOf = (field: NewPlotField) =>
    submitted ? problemMessage(t, problems[field], language) : undefined;
  const set = (change: Partial<FieldValues>) => setValues((current) => ({ ...current, ...change }));
  const startUnchanged =
    plot !== undefined && values.startCoverageDate === formatIsoDate(plot.startCoverageDate);

  const submit = () => {
    setSubmitted(true);
    if (!values.member || Object.keys(problems).length > 0) return;
    // A new start takes the end dates of the latest config: without one the server refuses it.
    if (!startUnchanged && !rule) return;
    if (!placed) setConfirmingDefault(true);
    else void save(values);
  };

  const text = (field: NewPlotField, label: string, hint?: string) => (
    <FormField label={label} constraintText={hint} errorText={errorOf(field)}>
      <Input
        name={field}
        value={values[field]}
        inputMode={field === 'name' ? undefined : 'decimal'}
        placeholder={field === 'startCoverageDate' ? t('plots.hints.datePlaceholder') : undefined}
        invalid={errorOf(field) !== undefined}
        onChange={({ detail }) => set({ [field]: detail.value })}
      />
    </FormField>
  );

  return (
    <AdminFormLayout
      title={title}
      description={t('adminRecords.fields.formDescription')}
      backHref={paths.adminFields}
      submitLabel={plot ? t('adminForm.save') : t('adminForm.create')}
      saving={saving}
      onSubmit={submit}
    >
      {!rule && !startUnchanged && <Alert type="warning">{t('plots.new.noConfig')}</Alert>}
      <ColumnLayout columns={2}>
        <FormField
          label={t('adminRecords.columns.member')}
          errorText={
            submitted && !values.member
              ? t('adminForm.required', { field: t('adminRecords.columns.member') })
              : undefined
          }
        >
          {plot && values.member ? (
            <Box>{memberLabel(t, values.member)}</Box>
          ) : (
            <MemberPicker
              value={values.member}
              invalid={submitted && !values.member}
              onChange={(member) => set({ member })}
            />
          )}
        </FormField>
        {text('name', t('plots.fields.name'))}
        {text('startCoverageDate', t('plots.fields.startCoverageDate'), t('plots.hints.dateFormat'))}
        {text(
          'droughtMonthlyContrib',
          t('plots.fields.droughtMonthlyContrib'),
          config?.currency ? t('plots.hints.amountIn', { currency: config.currency }) : undefined,
        )}
        {cropFields({ t, values, onChange: set, cropError: errorOf('cropDescription') })}
      </ColumnLayout>
      <PlotPlacement
        values={values}
        name={values.name.trim()}
        latitudeError={errorOf('latitude')}
        longitudeError={errorOf('longitude')}
        onChange={(position) => {
          set(position);
          setPlaced(true);
        }}
      />
      {startUnchanged ? (
        <KeyValuePairs
          columns={2}
          items={[
            { label: t('plots.fields.endOfSeasonDate'), value: formatIsoDate(plot.endOfSeasonDate) },
            { label: t('plots.fields.endCoverageDate'), value: formatIsoDate(plot.endCoverageDate) },
          ]}
        />
      ) : (
        <CoverageEndDates start={parseDayMonthYear(values.startCoverageDate)} rule={rule} />
      )}
      <ConfirmDialog
        visible={confirmingDefault}
        header={t('plots.placement.defaultTitle')}
        confirmLabel={t('plots.placement.defaultConfirm')}
        cancelLabel={t('plots.placement.defaultCancel')}
        busy={saving}
        onConfirm={() => {
          setConfirmingDefault(false);
          void save(values);
        }}
        onCancel={() => setConfirmingDefault(false)}
      >
        <Box variant="p">
          {t('plots.placement.defaultMessage', { latitude: values.latitude, longitude: values.longitude })}
        </Box>
      </ConfirmDialog>
    </AdminFormLayout>
  );
}

export function NewFieldPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.newField'));
  return (
    <FieldForm
      title={t('screens.newField')}
      initial={{ ...newPlotDefaults(todayIso()), member: null }}
      send={(values, idempotencyKey) => {
        const body: AdminNewPlotBody = { memberId: values.member?.id ?? '', ...newPlotOf(values) };
        return createAdminPlot(body, { idempotencyKey });
      }}
    />
  );
}

const valuesOf = (plot: Plot): FieldValues => ({
  member: { id: plot.memberId, name: plot.memberName, number: plot.memberNumber },
  name: plot.name,
  latitude: String(plot.latitude),
  longitude: String(plot.longitude),
  startCoverageDate: formatIsoDate(plot.startCoverageDate),
  droughtMonthlyContrib: String(plot.droughtMonthlyContrib),
  cropDescription: plot.cropDescription ?? '',
  isIrrigated: irrigationOf(plot.isIrrigated),
});

/**
 * The edit of a plot: what the form does not show travels as saved. A new start takes its end dates
 * from the latest config, as the form shows them (the plot then comes under that version).
 */
const updateOf = (plot: Plot, values: FieldValues, latest: EnablerConfig | null): AdminUpdatePlotBody => {
  const typed = newPlotOf(values);
  const startUnchanged = values.startCoverageDate === formatIsoDate(plot.startCoverageDate);
  const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
  return {
    name: typed.name,
    latitude: typed.latitude,
    longitude: typed.longitude,
    droughtMonthlyContrib: typed.droughtMonthlyContrib,
    excessRainMonthlyContrib: plot.excessRainMonthlyContrib,
    startCoverageDate: typed.startCoverageDate,
    cropDescription: typed.cropDescription,
    isIrrigated: typed.isIrrigated,
    // Kept while the start is: the plot stays under the config it was created with.
    ...(startUnchanged
      ? {
          endOfSeasonDate: seconds(plot.endOfSeasonDate),
          endCoverageDate: seconds(plot.endCoverageDate),
          ...(plot.enablerConfig ? { enablerConfig: plot.enablerConfig } : {}),
        }
      : latest?.version !== undefined
        ? { enablerConfig: { version: latest.version, ...(latest._id ? { _id: latest._id } : {}) } }
        : {}),
  };
};

export function UpdateFieldPage() {
  const { t } = useTranslation();
  const { memberId = '', id = '' } = useParams();
  const latest = useLatestEnablerConfig();
  useDocumentTitle(t('screens.updateField'));
  const plot = usePlot(memberId, id, { errors: 'caller' });
  return (
    <AdminRecordLoad title={t('screens.updateField')} backHref={paths.adminFields} query={plot}>
      {(data) => (
        <FieldForm
          title={t('screens.updateField')}
          initial={valuesOf(data)}
          plot={data}
          send={(values, idempotencyKey) =>
            updateAdminPlot(id, updateOf(data, values, latest), { idempotencyKey })
          }
        />
      )}
    </AdminRecordLoad>
  );
}
