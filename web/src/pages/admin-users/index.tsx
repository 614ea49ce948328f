import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { queryKeys } from '../../api/query-keys.ts';
import { useUsers } from '../../api/users-queries.ts';
import { deleteUser, forcePasswordRenew, type ManagedUser } from '../../api/users.ts';
import { useSignedInSession } from '../../session/session-context.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { ConfirmDialog } from '../../common/ui/confirm-dialog.tsx';
import { UsersTable } from './components/users-table.tsx';
import { isUsersPageState } from './users-page-state.ts';
import { readAgain } from '../../api/read-again.ts';

type UserAction = 'delete' | 'forceRenew';

interface PendingAction {
  action: UserAction;
  user: ManagedUser;
}

/** The administrators' list of users: search, sort, and the actions on each user. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user: me } = useSignedInSession();
  useDocumentTitle(t('screens.adminUsers'));

  const queryClient = useQueryClient();
  // A failure is shown by the error dialog; the table keeps what it showed.
  const users = useUsers();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const act = useMutation({
    mutationFn: ({ action, user }: PendingAction) =>
      action === 'delete' ? deleteUser(user.email) : forcePasswordRenew(user.email),
    // Read again after a refusal too: the user may have changed meanwhile.
    onSettled: () => readAgain(queryClient, [queryKeys.users.all]),
  });
  // One message at a time: what was just done (here, or in the user form before coming back).
  const [done, setDone] = useState<string | null>(() => {
    if (!isUsersPageState(location.state)) return null;
    const { email, created } = location.state.saved;
    return t(created ? 'adminUsers.created' : 'adminUsers.updated', { email });
  });

  useEffect(() => {
    // The message was taken: a reload or a return through the history must not show it again.
    if (isUsersPageState(location.state)) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  const confirm = async () => {
    if (!pending) return;
    const { action, user } = pending;
    try {
      await act.mutateAsync(pending);
      setDone(t(`adminUsers.${action}.done`, { email: user.email }));
    } catch {
      // The error dialog tells why; closing this one leaves it alone on the screen.
    } finally {
      setPending(null);
    }
  };

  const notices: FlashbarProps.MessageDefinition[] = done
    ? [{ id: 'done', type: 'success', content: done, dismissible: true, onDismiss: () => setDone(null) }]
    : [];

  return (
    <SpaceBetween size="m">
      {/* None is drawn without a notice: an empty one would still take SpaceBetween's gap above the table. */}
      {notices.length > 0 && <Flashbar items={notices} />}
      <UsersTable
        users={users.data ?? []}
        loading={users.isFetching}
        ownEmail={me.email}
        description={me.enablerName ? t('adminUsers.description', { enabler: me.enablerName }) : undefined}
        onDelete={(user) => setPending({ action: 'delete', user })}
        onForcePasswordRenew={(user) => setPending({ action: 'forceRenew', user })}
      />
      <ConfirmDialog
        visible={pending !== null}
        header={pending ? t(`adminUsers.${pending.action}.title`) : ''}
        confirmLabel={pending ? t(`adminUsers.${pending.action}.confirm`) : ''}
        cancelLabel={t('adminUsers.cancel')}
        busy={act.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending ? t(`adminUsers.${pending.action}.message`, { email: pending.user.email }) : ''}
      </ConfirmDialog>
    </SpaceBetween>
  );
}
