import { useTranslation } from 'react-i18next';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';

/** Characters of an id a table shows: enough to tell plots apart at a glance, the copy gives it whole. */
const SHORT_ID_LENGTH = 8;

/**
 * A plot's id as an assessment file names it, with a button that copies it whole: an administrator
 * preparing an assessment reads it here rather than from the address bar. A table shows its start.
 */
export function PlotId({ id, name, short = false }: { id: string; name: string; short?: boolean }) {
  const { t } = useTranslation();
  return (
    <CopyToClipboard
      variant="inline"
      textToCopy={id}
      {...(short && id.length > SHORT_ID_LENGTH && { textToDisplay: `${id.slice(0, SHORT_ID_LENGTH)}…` })}
      wrapText={false}
      copyButtonAriaLabel={t('plots.plotId.copy', { name })}
      copySuccessText={t('plots.plotId.copied')}
      copyErrorText={t('plots.plotId.notCopied')}
    />
  );
}
