import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import logoUrl from '../../assets/logo.svg';
import { useEnvironmentLabel } from '../../api/app-config-queries.ts';
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
        <span title={t('app.environment', { environment })}>
          <Badge color="severity-low">{environment}</Badge>
        </span>
      )}
    </div>
  );
}
