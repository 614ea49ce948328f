import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { accountNames, containsAccountName } from '@cpbo/schemas/password-rules.ts';
import { useScreenCatalogue } from '../../i18n/screen-catalogue.ts';
import { passwordTexts } from './password-texts.ts';

// zxcvbn with its common passwords and keyboard layouts: loaded with the password forms only (a chunk of its
// own, new-password-fields.tsx), never on the login page.
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export interface PasswordStrengthProps {
  password: string;
  /** The account's e-mail, when the form knows it: its name counts against the password. */
  email?: string;
}

/**
 * How hard the password being typed is to guess (zxcvbn's score, 0 to 4), as a bar. The server's
 * check is the rule (ERR_PASSWORD_TOO_COMMON); this tells the user before sending.
 */
export default function PasswordStrength({ password, email }: PasswordStrengthProps) {
  useScreenCatalogue(passwordTexts);
  const { t } = useTranslation();
  const named = containsAccountName(password, email);
  const score = useMemo(
    () => (password === '' ? undefined : named ? 0 : estimator.check(password, accountNames(email)).score),
    [password, email, named],
  );
  if (score === undefined)
    return (
      <ProgressBar
        label={t('passwords.strength.label')}
        value={0}
        description={t('passwords.strength.empty')}
      />
    );
  return (
    <ProgressBar
      label={t('passwords.strength.label')}
      value={(score + 1) * 20}
      description={t(`passwords.strength.levels.${score}`)}
      additionalInfo={
        named ? t('passwords.strength.accountName') : score < 3 ? t('passwords.strength.advice') : undefined
      }
    />
  );
}
