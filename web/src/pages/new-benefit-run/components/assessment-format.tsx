import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import {
  ASSESSMENT_LIMITS,
  assessmentCsvColumns,
  assessmentFileSchema,
  runAssessmentIdSchema,
  assessmentRowSchema,
} from '@cpbo/schemas/benefit-runs.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { exampleCsv, exampleJson } from './assessment-example.ts';
import { Section } from '../../../common/ui/section.tsx';

type Field = (typeof assessmentCsvColumns)[number];

/** The bounds each field's line of the documentation names, read from the file's schema. */
const fieldBounds: Record<Field, Record<string, number>> = {
  assessmentId: { max: runAssessmentIdSchema.maxLength },
  assessmentDate: {},
  plotId: { max: assessmentRowSchema.properties.plotId.maxLength },
  federation: { max: assessmentRowSchema.properties.federation.maxLength },
  village: { max: assessmentRowSchema.properties.village.maxLength },
  damageIndex: {
    min: assessmentRowSchema.properties.damageIndex.minimum,
    max: assessmentRowSchema.properties.damageIndex.maximum,
  },
  benefitAmount: {},
};

const required = new Set<string>(assessmentFileSchema.required);

/** An example of a format: the text as a file holds it, and a link that saves it. */
function Example({ text, fileName, type }: { text: string; fileName: string; type: string }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="xs">
      <Box variant="h4">{t('benefitRuns.format.example')}</Box>
      <pre className="benefit-run-example" tabIndex={0} aria-label={t('benefitRuns.format.example')}>
        <Box variant="code">{text}</Box>
      </pre>
      <Box variant="small">
        <a href={`data:${type};charset=utf-8,${encodeURIComponent(text)}`} download={fileName}>
          {t('benefitRuns.format.downloadExample', { file: fileName })}
        </a>
      </Box>
    </SpaceBetween>
  );
}

/**
 * The assessment file documented on the upload screen in the page's language: its fields with their
 * bounds (from the schema), the two kinds of rows, the benefit rule, and both formats with one example.
 */
export function AssessmentFormat() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = (value: number) => formatNumber(value, language);
  const fields = assessmentCsvColumns.map((name) => ({ name }));
  return (
    <Section title={t('benefitRuns.format.title')} description={t('benefitRuns.format.description')}>
      <SpaceBetween size="l">
        <SpaceBetween size="xs">
          <Box variant="h3">{t('benefitRuns.format.rowsTitle')}</Box>
          <ul className="benefit-run-format-list">
            <li>{t('benefitRuns.format.plotRow')}</li>
            <li>{t('benefitRuns.format.areaRow')}</li>
          </ul>
          <Box>{t('benefitRuns.format.rule')}</Box>
        </SpaceBetween>
        <Table
          variant="embedded"
          trackBy="name"
          items={fields}
          ariaLabels={{ tableLabel: t('benefitRuns.format.fieldsTitle') }}
          header={
            <Header variant="h3" counter={`(${fields.length})`}>
              {t('benefitRuns.format.fieldsTitle')}
            </Header>
          }
          wrapLines
          columnDefinitions={[
            {
              id: 'name',
              header: t('benefitRuns.format.columns.field'),
              isRowHeader: true,
              cell: ({ name }) => <Box variant="code">{name}</Box>,
            },
            {
              id: 'use',
              header: t('benefitRuns.format.columns.use'),
              cell: ({ name }) =>
                required.has(name) ? t('benefitRuns.format.required') : t('benefitRuns.format.optional'),
            },
            {
              id: 'value',
              header: t('benefitRuns.format.columns.value'),
              cell: ({ name }) =>
                t(`benefitRuns.format.fields.${name}`, {
                  ...Object.fromEntries(
                    Object.entries(fieldBounds[name]).map(([bound, value]) => [bound, number(value)]),
                  ),
                }),
            },
          ]}
        />
        <Tabs
          ariaLabel={t('benefitRuns.format.formats')}
          tabs={[
            {
              id: 'csv',
              label: t('benefitRuns.format.csv.title'),
              content: (
                <SpaceBetween size="s">
                  <ul className="benefit-run-format-list">
                    <li>{t('benefitRuns.format.csv.header')}</li>
                    <li>{t('benefitRuns.format.csv.repeat')}</li>
                    <li>{t('benefitRuns.format.csv.separators')}</li>
                  </ul>
                  <Example text={exampleCsv} fileName="assessment-example.csv" type="text/csv" />
                </SpaceBetween>
              ),
            },
            {
              id: 'json',
              label: t('benefitRuns.format.json.title'),
              content: (
                <SpaceBetween size="s">
                  <Box>{t('benefitRuns.format.json.shape')}</Box>
                  <Example text={exampleJson} fileName="assessment-example.json" type="application/json" />
                </SpaceBetween>
              ),
            },
          ]}
        />
        <Box variant="small">
          {t('benefitRuns.format.limits', {
            rows: number(ASSESSMENT_LIMITS.rows),
            megabytes: number(ASSESSMENT_LIMITS.fileBytes / (1024 * 1024)),
            problems: number(ASSESSMENT_LIMITS.problems),
          })}
        </Box>
      </SpaceBetween>
    </Section>
  );
}
