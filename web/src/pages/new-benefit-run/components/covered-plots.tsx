import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { runAssessmentIdSchema, type AssessmentFormat } from '@cpbo/schemas/benefit-runs.ts';
import { coveredPlots } from '../../../api/benefit-runs.ts';
import { useFederations } from '../../../api/dashboard-queries.ts';
import { downloadFrom } from '../../../browser/download-from.ts';
import { parseDayMonthYear } from '../../../common/plots/plot-fields.ts';
import { RequiredLabel } from '../../../common/ui/required-label.tsx';
import { Section } from '../../../common/ui/section.tsx';
import { adminScreenTexts } from '../../../navigation/screen-texts.ts';

// The screen's first section: its outline draws its title and description too (navigation/screen-texts.ts).
const { section } = adminScreenTexts.newBenefitRun;

const validReference = new RegExp(runAssessmentIdSchema.pattern);
/** Today in the administrator's calendar, as the form types a day. */
const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
};

/**
 * "Download the covered plots": the enabler's plots covered on the assessment's date, of a federation or
 * a village if chosen, as a file in the upload's format with the assessment filled in and the damage
 * left blank. Filled in, it uploads as it is.
 */
export function CoveredPlots() {
  const { t } = useTranslation();
  const federations = useFederations();
  const [reference, setReference] = useState('');
  const [dayText, setDayText] = useState(today);
  const [federation, setFederation] = useState('');
  const [village, setVillage] = useState('');
  const [format, setFormat] = useState<AssessmentFormat>('csv');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [listed, setListed] = useState<{ plots: number; fileName: string } | null>(null);
  const day = parseDayMonthYear(dayText);
  const referenceProblem =
    reference.trim() === ''
      ? t('benefitRuns.covered.referenceRequired')
      : !validReference.test(reference.trim()) || reference.trim().length > runAssessmentIdSchema.maxLength
        ? t('benefitRuns.covered.referenceInvalid')
        : undefined;
  const dayProblem = day ? undefined : t('benefitRuns.covered.dayInvalid');

  const download = async () => {
    setTried(true);
    setListed(null);
    if (referenceProblem || !day) return;
    setBusy(true);
    try {
      const answer = await coveredPlots({
        assessmentId: reference.trim(),
        assessmentDate: day,
        format,
        ...(federation && { federation }),
        ...(village.trim() && { village: village.trim() }),
      });
      downloadFrom(answer.url, answer.fileName);
      setListed({ plots: answer.plots, fileName: answer.fileName });
    } catch {
      // The error dialog says why.
    } finally {
      setBusy(false);
    }
  };

  const federationOptions = [
    { value: '', label: t('benefitRuns.covered.allFederations') },
    ...(federations.data ?? []).map((name) => ({ value: name, label: name })),
  ];
  return (
    <Section title={t(section.heading)} description={t(section.description)}>
      <SpaceBetween size="m">
        <ColumnLayout columns={3}>
          <FormField
            label={<RequiredLabel>{t('benefitRuns.covered.reference')}</RequiredLabel>}
            constraintText={t('benefitRuns.covered.referenceHint')}
            errorText={tried ? referenceProblem : undefined}
          >
            <Input
              value={reference}
              ariaRequired
              invalid={tried && referenceProblem !== undefined}
              placeholder="DRY-2026-08"
              onChange={({ detail }) => setReference(detail.value)}
            />
          </FormField>
          <FormField
            label={<RequiredLabel>{t('benefitRuns.covered.day')}</RequiredLabel>}
            constraintText={t('benefitRuns.covered.dayHint')}
            errorText={tried ? dayProblem : undefined}
          >
            <Input
              value={dayText}
              ariaRequired
              invalid={tried && dayProblem !== undefined}
              onChange={({ detail }) => setDayText(detail.value)}
            />
          </FormField>
          <FormField label={t('benefitRuns.covered.format')}>
            <SegmentedControl
              selectedId={format}
              label={t('benefitRuns.covered.format')}
              options={[
                { id: 'csv', text: 'CSV' },
                { id: 'json', text: 'JSON' },
              ]}
              onChange={({ detail }) => setFormat(detail.selectedId as AssessmentFormat)}
            />
          </FormField>
          <FormField label={t('benefitRuns.covered.federation')}>
            <Select
              selectedOption={federationOptions.find((option) => option.value === federation) ?? null}
              options={federationOptions}
              statusType={federations.isPending ? 'loading' : 'finished'}
              loadingText={t('benefitRuns.covered.loadingFederations')}
              onChange={({ detail }) => setFederation(detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField
            label={t('benefitRuns.covered.village')}
            constraintText={t('benefitRuns.covered.villageHint')}
          >
            <Input value={village} onChange={({ detail }) => setVillage(detail.value)} />
          </FormField>
        </ColumnLayout>
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <Button iconName="download" loading={busy} onClick={() => void download()}>
            {t('benefitRuns.covered.download')}
          </Button>
          {listed && (
            <Box>
              <StatusIndicator type={listed.plots > 0 ? 'success' : 'info'}>
                {t('benefitRuns.covered.listed', { count: listed.plots, fileName: listed.fileName })}
              </StatusIndicator>
            </Box>
          )}
        </SpaceBetween>
      </SpaceBetween>
    </Section>
  );
}
