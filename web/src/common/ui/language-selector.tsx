import { useTranslation } from 'react-i18next';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { changeLanguage, currentLanguage, isLanguage, languages, type Language } from '../../i18n/index.ts';
import { languageMenuLabel } from '../../i18n/languages.ts';

export interface LanguageSelectorProps {
  /** Called with the language chosen (a signed-in user's choice is saved with the account). */
  onChosen?: (language: Language) => void;
}

/** Shows each language's name in that language, so a user lost in the other one finds their own. */
export function LanguageSelector({ onChosen }: LanguageSelectorProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = t(`language.${language}`);
  return (
    <ButtonDropdown
      variant="normal"
      ariaLabel={languageMenuLabel(t, language)}
      // Each name carries its language, so that a screen reader speaks "Français" in French (WCAG 3.1.2).
      items={languages.map((id) => ({ id, lang: id, text: t(`language.${id}`), disabled: id === language }))}
      onItemClick={({ detail }) => {
        if (!isLanguage(detail.id)) return;
        void changeLanguage(detail.id);
        onChosen?.(detail.id);
      }}
    >
      {/* Narrow screens show the code (app.css swaps the two). */}
      <span className="label-long">{name}</span>
      <span className="label-short">{language.toUpperCase()}</span>
    </ButtonDropdown>
  );
}
