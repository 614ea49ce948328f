import { useTranslation } from 'react-i18next';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { BenefitRun, BenefitRunState } from '../../api/benefit-runs.ts';

const indicatorOf: Record<BenefitRunState, StatusIndicatorProps.Type> = {
  PREVIEWING: 'in-progress',
  PENDING_APPROVAL: 'pending',
  APPROVED: 'in-progress',
  PAYING: 'in-progress',
  PAID: 'success',
  REJECTED: 'stopped',
  CANCELLED: 'stopped',
  FAILED: 'error',
};

/** A run's state, as its list and its page show it. */
export function RunState({ state }: { state: BenefitRunState }) {
  const { t } = useTranslation();
  return <StatusIndicator type={indicatorOf[state]}>{t(`benefitRuns.states.${state}`)}</StatusIndicator>;
}

/** What a run pays: what it paid once paid, else what its preview found; null before its preview. */
export const runFigures = (run: BenefitRun) => run.payment?.paid ?? run.preview?.accepted ?? null;
