import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { coverWorthAtMostAContribution, maximumInContributions } from '@cpbo/schemas/benefit-rule.ts';
import { formatNumber } from '../format/format.ts';
import { currentLanguage } from '../../i18n/index.ts';

/**
 * What a config's maxCompensationFactor means for the plots under it (schemas/benefit-rule.ts): their
 * Maximum is the monthly contribution ÷ the factor; a warning when that is a contribution or less.
 */
export function CompensationFactorNote({ factor }: { factor: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const multiple = formatNumber(Math.round(maximumInContributions(factor) * 100) / 100, language);
  return (
    <SpaceBetween size="s">
      <Box variant="p">
        {t('enablers.config.factor.explained', { factor: formatNumber(factor, language), multiple })}
      </Box>
      {coverWorthAtMostAContribution(factor) && (
        <Alert type="warning" header={t('enablers.config.factor.lowTitle')}>
          {t('enablers.config.factor.low', { factor: formatNumber(factor, language), multiple })}
        </Alert>
      )}
    </SpaceBetween>
  );
}
