import { useTranslation } from 'react-i18next';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { ManagedUser } from '../../../api/users.ts';

export type UserStatus = 'active' | 'inactive' | 'badPasswords' | 'renewalForced' | 'notRegistered';

/**
 * Everything that keeps a user from signing in, the switch first: an inactive account can also be
 * locked or wait for a new password, and switching it on again leaves those as they are. 'active'
 * alone when nothing does.
 */
export function statusesOf(user: ManagedUser): UserStatus[] {
  const statuses: UserStatus[] = [];
  if (!user.active) statuses.push('inactive');
  if (user.blocked === 'BAD_PASSWORDS') statuses.push('badPasswords');
  if (user.blocked === 'RENEWAL_FORCED') statuses.push('renewalForced');
  if (!user.registered && user.blocked === null) statuses.push('notRegistered');
  return statuses.length ? statuses : ['active'];
}

export const statusKey = (status: UserStatus) => `adminUsers.status.${status}` as const;

const indicatorType: Record<UserStatus, StatusIndicatorProps.Type> = {
  active: 'success',
  inactive: 'stopped',
  badPasswords: 'error',
  renewalForced: 'warning',
  notRegistered: 'pending',
};

export function UserStatusIndicator({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {statusesOf(user).map((status) => (
        <StatusIndicator key={status} type={indicatorType[status]} wrapText={false}>
          {t(statusKey(status))}
        </StatusIndicator>
      ))}
    </SpaceBetween>
  );
}
