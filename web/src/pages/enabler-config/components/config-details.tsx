import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { EnablerConfigVersion } from '../../../api/enablers.ts';
import { CompensationFactorNote } from '../../../common/enablers/compensation-factor.tsx';
import { formatDateTime, formatNumber } from '../../../common/format/format.ts';
import { currentLanguage } from '../../../i18n/index.ts';

interface BenefitFactor {
  month: number;
  factor: number;
}

/** Every field of one config version, and its benefit factors month by month. */
export function ConfigDetails({ config }: { config: EnablerConfigVersion }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? '-' : formatNumber(value, language);
  const factors: BenefitFactor[] = config.benefitFactorsByMonth.map((factor, index) => ({
    month: index + 1,
    factor,
  }));

  return (
    <>
      <Container header={<Header variant="h2">{t('enablers.config.details')}</Header>}>
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={3}
            items={[
              {
                label: t('enablers.config.fields.version'),
                value: t('enablers.config.versionLabel', { version: config.version }),
              },
              { label: t('enablers.config.fields.creationDate'), value: formatDateTime(config.creationDate) },
              { label: t('enablers.config.fields.currency'), value: config.currency },
              {
                label: t('enablers.config.fields.maxCompensationFactor'),
                value: number(config.maxCompensationFactor),
              },
              {
                label: t('enablers.config.fields.lengthOfSeasonInMonth'),
                value: number(config.lengthOfSeasonInMonth),
              },
              {
                label: t('enablers.config.fields.lengthOfCoverageInMonth'),
                value: number(config.lengthOfCoverageInMonth),
              },
              { label: t('enablers.config.fields.damageThreshold'), value: number(config.damageThreshold) },
              { label: t('enablers.config.fields.id'), value: config._id },
            ]}
          />
          <CompensationFactorNote factor={config.maxCompensationFactor} />
        </SpaceBetween>
      </Container>
      <Table
        variant="container"
        trackBy="month"
        items={factors}
        header={
          <Header
            variant="h2"
            counter={`(${factors.length})`}
            description={t('enablers.config.factors.description')}
          >
            {t('enablers.config.fields.benefitFactorsByMonth')}
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit">
            {t('enablers.config.factors.empty')}
          </Box>
        }
        columnDefinitions={[
          {
            id: 'month',
            header: t('enablers.config.factors.month'),
            cell: ({ month }) => t('enablers.config.factors.monthNumber', { month }),
            isRowHeader: true,
          },
          {
            id: 'factor',
            header: t('enablers.config.factors.factor'),
            cell: ({ factor }) => formatNumber(factor, language),
          },
        ]}
      />
    </>
  );
}
