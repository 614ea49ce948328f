import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" role="status">
      <Spinner size="large" />
      <Box variant="p" fontSize="heading-s">
        {t('app.loading')}
      </Box>
    </div>
  );
}
