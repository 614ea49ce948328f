import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import logoUrl from '../../assets/logo.svg';
import { useEnvironmentLabel } from '../../api/environment-label.ts';
import { paths } from '../../navigation/paths.ts';

/** Logo, product name and the deployment's environment label, for both top bars. */
export function Brand({ onHome }: { onHome?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  const { t } = useTranslation();
  const environment = useEnvironmentLabel();
  return (
    <div className="top-bar__brand">
      <a className="top-bar__home" href={paths.home} onClick={onHome}>
        <img src={logoUrl} alt={t('app.logoAlt')} width={32} height={32} />
        <span className="top-bar__title">{t('app.title')}</span>
      </a>
      {environment && (
        // Cloudscape's badge in plain CSS (app.css): both top bars, the login page's among them, show it.
        <span className="environment-badge" title={t('app.environment', { environment })}>
          {environment}
        </span>
      )}
    </div>
  );
}
