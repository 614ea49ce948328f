import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { createUser, listUsers, updateUser, type ManagedUser, type UserChanges } from '../../../api/users.ts';
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

/**
 * Only what the administrator changed is sent: an edit cannot undo what happened to the account since
 * the form was opened (a switch turned off elsewhere, a lock) by sending back the values it showed.
 */
const changesOf = (user: ManagedUser, values: UserFormValues): UserChanges => ({
  ...(values.username !== user.username ? { username: values.username } : {}),
  ...(values.role !== user.role ? { role: values.role } : {}),
  ...(values.active !== user.active ? { active: values.active } : {}),
  ...(values.defaultFederation !== user.defaultFederation
    ? { defaultFederation: values.defaultFederation }
    : {}),
});

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
    const save = async (values: UserFormValues) => {
      const changes = changesOf(loaded.user, values);
      if (Object.keys(changes).length === 0) {
        backToList();
        return;
      }
      const updated = await updateUser(loaded.user.email, changes);
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
