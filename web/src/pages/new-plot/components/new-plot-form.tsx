import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { savedState } from '../../../common/ui/saved-notice.tsx';
import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { EnablerConfig } from '../../../api/enablers.ts';
import type { NewPlot } from '../../../api/plots.ts';
import { submitFieldWrite } from '../../../api/offline/field-writes.ts';
import { newLocalId } from '../../../api/offline/local-ids.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useWrite } from '../../../api/use-write.ts';
import { useActionKey } from '../../../api/use-action-key.ts';
import { useFollow } from '../../../browser/use-follow.ts';
import { parseDayMonthYear, problemMessage, todayIso } from '../../../common/plots/plot-fields.ts';
import { coverageRuleOf } from '../../../common/plots/coverage-rule.ts';
import {
  newPlotDefaults,
  newPlotOf,
  newPlotProblems,
  type NewPlotField,
  type NewPlotValues,
} from '../../../common/plots/new-plot-values.ts';
import { CoverageEndDates } from '../../../common/plots/coverage-end-dates.tsx';
import { PlotPlacement } from '../../../common/plots/plot-placement.tsx';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import { useStages } from '../../../common/ui/use-stages.ts';
import { cropFields } from '../../../common/plots/crop-fields.tsx';
import { coverageDates, dateOfUnixSeconds } from '@cpbo/schemas/coverage-dates.ts';
import { paths } from '../../../navigation/paths.ts';
import { Section } from '../../../common/ui/section.tsx';

export interface NewPlotFormProps {
  memberId: string;
  /** The member's name, for the list of writes waiting on the device. */
  memberName: string;
  /** The enabler's latest config: it gives the coverage dates; without one no plot can be added. */
  config: EnablerConfig | null;
}

export function NewPlotForm({ memberId, memberName, config }: NewPlotFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const follow = useFollow();
  const [initial] = useState<NewPlotValues>(() => newPlotDefaults(todayIso()));
  const [values, setValues] = useState<NewPlotValues>(initial);
  // A field's message shows once the user changed and left it, or tried to save; not while they type, nor
  // when they merely pass through it: the name field has the focus first, and a message appearing as a
  // tap elsewhere takes it away would move what was tapped from under the finger (issue 38).
  const [touched, setTouched] = useState<ReadonlySet<NewPlotField>>(new Set());
  const leave = (field: NewPlotField) => {
    if (values[field] !== initial[field]) setTouched((previous) => new Set(previous).add(field));
  };
  const [submitted, setSubmitted] = useState(false);
  // The position starts at the spec's default (10, 10: not where any plot of ours is); saved untouched, it
  // is confirmed first (issue 38).
  const [placed, setPlaced] = useState(false);
  const [confirmingDefault, setConfirmingDefault] = useState(false);
  const actionKey = useActionKey();
  // The coverage and protection sections are drawn after the plot's own (common/ui/use-stages.ts).
  const stage = useStages(2);
  const rule = coverageRuleOf(config);
  const create = useWrite(
    (plot: NewPlot) =>
      submitFieldWrite({
        kind: 'plot',
        id: newLocalId(),
        key: actionKey.keyFor({ memberId, ...plot }),
        memberId,
        memberName,
        body: plot,
        coverage: rule ? coverageDates(dateOfUnixSeconds(plot.startCoverageDate), rule) : null,
      }),
    [queryKeys.members.all],
    { networkMode: 'always' },
  );
  // Still true after the save, while the plot's page opens: the form is not sent twice.
  const saving = create.isPending || create.isSuccess;

  const problems = newPlotProblems(values);
  const memberHref = paths.member(memberId);
  const errorOf = (field: NewPlotField) =>
    submitted || touched.has(field)
      ? problemMessage(t, problems[field], i18n.resolvedLanguage ?? 'en')
      : undefined;

  /** The Input properties of a text field of the form. */
  const inputOf = (field: NewPlotField): InputProps => ({
    name: field,
    value: values[field],
    onChange: ({ detail }) => setValues((previous) => ({ ...previous, [field]: detail.value })),
    onBlur: () => leave(field),
    invalid: errorOf(field) !== undefined,
  });

  const save = async () => {
    setConfirmingDefault(false);
    try {
      const result = await create.mutateAsync(newPlotOf(values));
      // Replacing the form's entry: going back from the new plot does not offer to save it twice. A plot
      // kept on the device shows on its member's page, where its contribution is collected.
      navigate(result.status === 'sent' ? paths.plot(memberId, result.answer.id) : memberHref, {
        replace: true,
        state: savedState(
          t(result.status === 'sent' ? 'plots.add.saved' : 'plots.add.kept', { name: values.name.trim() }),
        ),
      });
    } catch {
      // The error dialog tells why; the values stay for another try.
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || !rule || saving) return;
    if (!placed) setConfirmingDefault(true);
    else void save();
  };

  const currency = config?.currency;
  const amountConstraint = currency ? t('plots.hints.amountIn', { currency }) : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" href={memberHref} onFollow={follow}>
              {t('plots.new.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving} disabled={!rule}>
              {t('plots.new.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {!rule && <Alert type="warning">{t('plots.new.noConfig')}</Alert>}
          <Container header={<Header variant="h2">{t('plots.new.plotSection')}</Header>}>
            <SpaceBetween size="l">
              <FormField label={t('plots.fields.name')} errorText={errorOf('name')}>
                <Input {...inputOf('name')} autoFocus />
              </FormField>
              <ColumnLayout columns={2}>
                {cropFields({
                  t,
                  values,
                  onChange: (change) => {
                    setValues((previous) => ({ ...previous, ...change }));
                    setTouched((previous) => new Set(previous).add('cropDescription'));
                  },
                  cropError: errorOf('cropDescription'),
                })}
              </ColumnLayout>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">{t('plots.new.positionSection')}</Header>}>
            <PlotPlacement
              values={values}
              name={values.name.trim()}
              latitudeError={errorOf('latitude')}
              longitudeError={errorOf('longitude')}
              onChange={(position) => {
                setValues((previous) => ({ ...previous, ...position }));
                setPlaced(true);
              }}
              onBlur={leave}
            />
          </Container>
          {stage >= 2 && (
            <Section title={t('plots.new.coverageSection')} description={t('plots.hints.computedDates')}>
              <SpaceBetween size="l">
                <FormField
                  label={t('plots.fields.startCoverageDate')}
                  constraintText={t('plots.hints.dateFormat')}
                  errorText={errorOf('startCoverageDate')}
                >
                  <Input {...inputOf('startCoverageDate')} placeholder={t('plots.hints.datePlaceholder')} />
                </FormField>
                <CoverageEndDates start={parseDayMonthYear(values.startCoverageDate)} rule={rule} />
              </SpaceBetween>
            </Section>
          )}
          {stage >= 2 && (
            <Container header={<Header variant="h2">{t('plots.new.protectionSection')}</Header>}>
              <ColumnLayout columns={2}>
                <FormField
                  label={t('plots.fields.droughtMonthlyContrib')}
                  constraintText={amountConstraint}
                  errorText={errorOf('droughtMonthlyContrib')}
                >
                  <Input {...inputOf('droughtMonthlyContrib')} inputMode="decimal" />
                </FormField>
                <FormField
                  label={t('plots.fields.excessRainMonthlyContrib')}
                  constraintText={t('plots.hints.excessRainDisabled')}
                >
                  <Input name="excessRainMonthlyContrib" value="0" disabled onChange={() => undefined} />
                </FormField>
              </ColumnLayout>
            </Container>
          )}
        </SpaceBetween>
      </Form>
      <ConfirmDialog
        visible={confirmingDefault}
        header={t('plots.placement.defaultTitle')}
        confirmLabel={t('plots.placement.defaultConfirm')}
        cancelLabel={t('plots.placement.defaultCancel')}
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirmingDefault(false)}
      >
        <Box variant="p">
          {t('plots.placement.defaultMessage', { latitude: values.latitude, longitude: values.longitude })}
        </Box>
      </ConfirmDialog>
    </form>
  );
}
