import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { BenefitRun } from '../../../api/benefit-runs.ts';
import { useRunFormats } from './run-formats.ts';

/** The preview's or the payment's job at work: what it has done of its total, once it knows it. */
export function RunProgress({ run }: { run: BenefitRun }) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const job = run.state === 'PREVIEWING' ? 'preview' : 'payment';
  const { progress } = run;
  const value =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <Container>
      <ProgressBar
        label={t(`benefitRuns.progress.${job}`)}
        value={value}
        status="in-progress"
        additionalInfo={
          progress
            ? t(`benefitRuns.progress.${job}Counts`, {
                done: formats.count(progress.done),
                total: formats.count(progress.total),
              })
            : t('benefitRuns.progress.queued')
        }
      />
    </Container>
  );
}
