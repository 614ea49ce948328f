import { useTranslation } from 'react-i18next';
import { useStages } from '../../common/ui/use-stages.ts';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { paths } from '../../navigation/paths.ts';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';
import { AssessmentFormat } from './components/assessment-format.tsx';
import { AssessmentUpload } from './components/assessment-upload.tsx';
import { CoveredPlots } from './components/covered-plots.tsx';
import './new-benefit-run.css';

/** An assessment uploaded to start a benefit run, beside the documentation of its two formats. */
export function NewBenefitRunPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  useDocumentTitle(t('screens.newBenefitRun'));
  // One section per task (common/ui/use-stages.ts): its first draw is several short tasks, not one long one.
  const stage = useStages(3);
  return (
    <ContentLayout
      breadcrumbs={
        <BreadcrumbGroup
          ariaLabel={t('benefitRuns.breadcrumbs')}
          onFollow={follow}
          items={[
            { text: t('screens.adminBenefitRuns'), href: paths.adminBenefitRuns },
            { text: t('screens.newBenefitRun'), href: paths.newBenefitRun },
          ]}
        />
      }
      header={
        <Header variant="h1" description={t(adminScreenTexts.newBenefitRun.description)}>
          {t('screens.newBenefitRun')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <CoveredPlots />
        {stage >= 2 && <AssessmentUpload />}
        {stage >= 3 && <AssessmentFormat />}
      </SpaceBetween>
    </ContentLayout>
  );
}
