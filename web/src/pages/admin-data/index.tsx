import { useTranslation } from 'react-i18next';
import { useStages } from '../../common/ui/use-stages.ts';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { ApiReferenceSection } from './components/api-reference-section.tsx';
import { ExportSection } from './components/export-section.tsx';
import { ImportSection } from './components/import-section.tsx';
import { MirrorSection } from './components/mirror-section.tsx';
import { SchemaDocumentation } from './components/schema-documentation.tsx';
import { ScreenLayout } from '../../common/ui/screen-layout.tsx';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';

/** Spec section 2, Data: exports, the full and onboarding imports, the mirror, the files' documentation, and the way to the API's reference. */
export function AdminDataPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.adminDatas'));
  // One section per task (common/ui/use-stages.ts): the screen's first draw is several short tasks, not one long one.
  const stage = useStages(5);
  return (
    <ScreenLayout title={t('screens.adminDatas')} description={t(adminScreenTexts.adminDatas.description)}>
      <SpaceBetween size="l">
        <ExportSection />
        {stage >= 2 && <ImportSection kind="all" />}
        {stage >= 3 && <ImportSection kind="onboard" />}
        {stage >= 4 && <MirrorSection />}
        {stage >= 5 && <SchemaDocumentation />}
        {stage >= 5 && <ApiReferenceSection />}
      </SpaceBetween>
    </ScreenLayout>
  );
}
