import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useOpenApiDocument } from '../../api/openapi-queries.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { ScreenLayout } from '../../common/ui/screen-layout.tsx';

// The renderer is the heaviest library of the SPA: its own chunk, fetched once the document is here.
const RedocView = lazy(() => import('./redoc-view.tsx'));

/** Issue 17: the API's reference, rendered from its OpenAPI document (GET /api/openapi.json). */
export function ApiReferencePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.apiReference'));
  const document = useOpenApiDocument();
  const loading = <StatusIndicator type="loading">{t('apiReference.loading')}</StatusIndicator>;

  return (
    <ScreenLayout title={t('screens.apiReference')} description={t('apiReference.description')}>
      {document.isError ? (
        <Alert
          type="error"
          action={<Button onClick={() => void document.refetch()}>{t('apiReference.retry')}</Button>}
        >
          {t('apiReference.error')}
        </Alert>
      ) : document.data ? (
        <Container disableContentPaddings>
          <Suspense fallback={loading}>
            <RedocView document={document.data} />
          </Suspense>
        </Container>
      ) : (
        loading
      )}
    </ScreenLayout>
  );
}
