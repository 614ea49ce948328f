import { useTranslation } from 'react-i18next';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { ApiReferenceSection } from './components/api-reference-section.tsx';
import { ExportSection } from './components/export-section.tsx';
import { ImportSection } from './components/import-section.tsx';
import { MirrorSection } from './components/mirror-section.tsx';
import { SchemaDocumentation } from './components/schema-documentation.tsx';
import { ScreenLayout } from '../../common/ui/screen-layout.tsx';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';
import { useStages } from '../../common/ui/use-stages.ts';

/** Spec section 2, Data: exports, the full and onboarding imports, the mirror, the files' documentation, and the way to the API's reference. */
export function AdminDataPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.adminDatas'));
  // Its six sections drawn in three parts, each a task of its own (common/ui/use-stages.ts): the first, the
  // exports, is what the screen shows first.
  const stage = useStages(3);
  return (
    <ScreenLayout title={t('screens.adminDatas')} description={t(adminScreenTexts.adminDatas.description)}>
      <SpaceBetween size="l">
        <ExportSection />
        {stage >= 2 && <ImportSection kind="all" />}
        {stage >= 2 && <ImportSection kind="onboard" />}
        {stage >= 3 && <MirrorSection />}
        {stage >= 3 && <SchemaDocumentation />}
        {stage >= 3 && <ApiReferenceSection />}
      </SpaceBetween>
    </ScreenLayout>
  );
}
