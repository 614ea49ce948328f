import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { passwordTexts } from '../../common/passwords/password-texts.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useScreenCatalogue } from '../../i18n/screen-catalogue.ts';
import { useSignedInSession } from '../../session/session-context.ts';
import { ChangePasswordForm } from '../../common/passwords/change-password-form.tsx';

/**
 * What a session opened with a password attackers try first shows, whatever the address (the signed-in
 * frame, app/shell/app-shell.tsx): the change of password, or signing out. Once changed, the screen asked
 * for shows.
 */
export default function PasswordChangePage({ onChanged }: { onChanged: () => void }) {
  useScreenCatalogue(passwordTexts);
  const { t } = useTranslation();
  const { logout } = useSignedInSession();
  useDocumentTitle(t('passwords.changeRequired.title'));
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('passwords.changeRequired.description')}
          actions={<Button onClick={() => void logout()}>{t('passwords.changeRequired.signOut')}</Button>}
        >
          {t('passwords.changeRequired.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ChangePasswordForm onChanged={onChanged} />
      </SpaceBetween>
    </ContentLayout>
  );
}
