import { useTranslation } from 'react-i18next';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';

/**
 * A plot's id as an assessment file names it, with a button that copies it: an administrator preparing
 * an assessment reads it here rather than from the address bar.
 */
export function PlotId({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <CopyToClipboard
      variant="inline"
      textToCopy={id}
      copyButtonAriaLabel={t('plots.plotId.copy', { name })}
      copySuccessText={t('plots.plotId.copied')}
      copyErrorText={t('plots.plotId.notCopied')}
    />
  );
}
