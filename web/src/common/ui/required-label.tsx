import { useTranslation } from 'react-i18next';
import './required-label.css';

/**
 * A form field's label that says the field is required (its input also carries aria-required): every
 * required field is marked so, in both languages, before a first try to save says so.
 */
export function RequiredLabel({ children }: { children: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {children}
      <span className="required-label-mark">{t('form.required')}</span>
    </span>
  );
}
