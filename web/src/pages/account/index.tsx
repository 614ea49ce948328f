import { useTranslation } from 'react-i18next';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSignedInSession } from '../../session/session-context.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { ChangePasswordForm } from '../../common/passwords/change-password-form.tsx';
import { LanguageChoice } from './components/language-choice.tsx';
import { Profile } from './components/profile.tsx';

/** Who the user is, the language kept with them, and their password. */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  useDocumentTitle(t('screens.account'));

  return (
    <ContentLayout header={<Header variant="h1">{t('screens.account')}</Header>}>
      <SpaceBetween size="l">
        <Profile user={user} />
        <LanguageChoice />
        <ChangePasswordForm />
      </SpaceBetween>
    </ContentLayout>
  );
}
