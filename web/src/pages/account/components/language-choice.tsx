import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { saveLanguage } from '../../../api/accounts.ts';
import {
  changeLanguage,
  currentLanguage,
  isLanguage,
  languages,
  type Language,
} from '../../../i18n/index.ts';

/** The language kept with the user: the interface switches at once, and back if the server refuses it. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  // The choice shows at once, while the language's catalogue is fetched (on its first use).
  const [pending, setPending] = useState<Language | null>(null);
  const language = currentLanguage();

  const choose = async (chosen: Language) => {
    if (chosen === language || saving) return;
    setSaving(true);
    setPending(chosen);
    await changeLanguage(chosen);
    setPending(null);
    try {
      await saveLanguage(chosen);
    } catch {
      // The error dialog says why; the interface goes back to the language still kept on the server.
      await changeLanguage(language);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container header={<Header variant="h2">{t('account.language.title')}</Header>}>
      <FormField label={t('account.language.label')} description={t('account.language.description')}>
        <RadioGroup
          value={pending ?? language}
          // Each language is named in itself, so that a user lost in the other one finds their own, and
          // marked as such, so that a screen reader speaks it in that language (WCAG 3.1.2).
          items={languages.map((id) => ({
            value: id,
            label: <span lang={id}>{t(`language.${id}`)}</span>,
            disabled: saving,
          }))}
          onChange={({ detail }) => {
            if (isLanguage(detail.value)) void choose(detail.value);
          }}
        />
      </FormField>
    </Container>
  );
}
