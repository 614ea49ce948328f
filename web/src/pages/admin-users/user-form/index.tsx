import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { createUser, listUsers, updateUser, type ManagedUser } from '../../../api/users.ts';
import { useSignedInSession } from '../../../app/session/session-context.ts';
import { useDocumentTitle } from '../../../common/use-document-title.ts';
import { useFollow } from '../../../common/use-follow.ts';
import { usersPagePath, type UsersPageState } from '../users-page-state.ts';
import { UserForm, type UserFormValues } from './components/user-form.tsx';

/** Saving goes back to the list, which says what was done. */
function useBackToList() {
  const navigate = useNavigate();
  return (saved?: UsersPageState['saved']) =>
    navigate(usersPagePath, saved ? { state: { saved } satisfies UsersPageState } : undefined);
}

/** /NewUser: the user is created in the enabler being worked for and gets a registration link by email. */
export function NewUserPage() {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const backToList = useBackToList();
  const title = t('screens.newUser');
  useDocumentTitle(title);

  const save = async ({ email, username, role, defaultFederation }: UserFormValues) => {
    const created = await createUser({ email, username, role, defaultFederation });
    backToList({ email: created.email, created: true });
  };

  return (
    <UserForm
      header={title}
      description={
        me.enablerName ? t('adminUsers.form.newDescription', { enabler: me.enablerName }) : undefined
      }
      onSave={save}
      onCancel={() => backToList()}
    />
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'found'; user: ManagedUser }
  | { status: 'missing' }
  | { status: 'failed' };

/** /UpdateUser/:email: the API has no single-user read, so the user is taken from the list. */
export function UpdateUserPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const { email = '' } = useParams();
  const backToList = useBackToList();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const title = t('screens.updateUser');
  useDocumentTitle(title);

  useEffect(() => {
    let current = true;
    listUsers().then(
      (users) => {
        const user = users.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
        if (current) setLoaded(user ? { status: 'found', user } : { status: 'missing' });
      },
      // The error dialog tells why.
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [email]);

  if (loaded.status === 'found') {
    const save = async ({ username, role, active, defaultFederation }: UserFormValues) => {
      const updated = await updateUser(loaded.user.email, { username, role, active, defaultFederation });
      backToList({ email: updated.email, created: false });
    };
    return <UserForm user={loaded.user} header={title} onSave={save} onCancel={() => backToList()} />;
  }
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      {loaded.status === 'loading' ? (
        <Spinner size="large" />
      ) : (
        <SpaceBetween size="m">
          {loaded.status === 'missing' && <Alert type="error">{t('adminUsers.form.notFound')}</Alert>}
          <Button href={usersPagePath} onFollow={follow}>
            {t('adminUsers.form.back')}
          </Button>
        </SpaceBetween>
      )}
    </ContentLayout>
  );
}
