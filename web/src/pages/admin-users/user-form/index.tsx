import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { queryKeys } from '../../../api/query-keys.ts';
import { useWrite } from '../../../api/use-write.ts';
import { useUsers } from '../../../api/users-queries.ts';
import { createUser, updateUser, type ManagedUser, type UserChanges } from '../../../api/users.ts';
import { useSignedInSession } from '../../../session/session-context.ts';
import { LoadState } from '../../../common/ui/load-state.tsx';
import { useDocumentTitle } from '../../../browser/use-document-title.ts';
import { useFollow } from '../../../browser/use-follow.ts';
import type { UsersPageState } from '../users-page-state.ts';
import { UserForm, type UserFormValues } from './components/user-form.tsx';
import { paths } from '../../../navigation/paths.ts';

/** Saving goes back to the list, which says what was done. */
function useBackToList() {
  const navigate = useNavigate();
  return (saved?: UsersPageState['saved']) =>
    navigate(paths.adminUsers, saved ? { state: { saved } satisfies UsersPageState } : undefined);
}

/** /NewUser: the user is created in the enabler being worked for and gets a registration link by email. */
export function NewUserPage() {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const backToList = useBackToList();
  const title = t('screens.newUser');
  useDocumentTitle(title);

  const create = useWrite(createUser, [queryKeys.users.all]);

  const save = async ({ email, username, role, defaultFederation }: UserFormValues) => {
    const created = await create.mutateAsync({ email, username, role, defaultFederation });
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

/** /UpdateUser/:email: the API has no single-user read, so the user is taken from the list. */
export function UpdateUserPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const { email = '' } = useParams();
  const backToList = useBackToList();
  const users = useUsers();
  const update = useWrite(
    ({ user, changes }: { user: ManagedUser; changes: UserChanges }) => updateUser(user.email, changes),
    [queryKeys.users.all],
  );
  const title = t('screens.updateUser');
  useDocumentTitle(title);

  const user = users.data?.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());

  if (user) {
    const save = async (values: UserFormValues) => {
      const changes = changesOf(user, values);
      if (Object.keys(changes).length === 0) {
        backToList();
        return;
      }
      const updated = await update.mutateAsync({ user, changes });
      backToList({ email: updated.email, created: false });
    };
    return <UserForm user={user} header={title} onSave={save} onCancel={() => backToList()} />;
  }
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      {users.isPending ? (
        <LoadState status="loading" text={t('app.loading')} />
      ) : (
        <LoadState
          // A failed read was told by the error dialog: only the way back shows.
          status={users.isError ? 'error' : 'notFound'}
          text={users.isError ? undefined : t('adminUsers.form.notFound')}
          action={
            <Button href={paths.adminUsers} onFollow={follow}>
              {t('adminUsers.form.back')}
            </Button>
          }
        />
      )}
    </ContentLayout>
  );
}
