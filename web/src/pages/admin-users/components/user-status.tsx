import { useTranslation } from 'react-i18next';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { ManagedUser } from '../../../api/users.ts';

export type UserStatus = 'active' | 'inactive' | 'badPasswords' | 'renewalForced' | 'notRegistered';

/** What keeps a user from signing in, the switch first: a blocked or unregistered user may also be inactive. */
export function statusOf(user: ManagedUser): UserStatus {
  if (!user.active) return 'inactive';
  if (user.blocked === 'BAD_PASSWORDS') return 'badPasswords';
  if (user.blocked === 'RENEWAL_FORCED') return 'renewalForced';
  if (!user.registered) return 'notRegistered';
  return 'active';
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
  const status = statusOf(user);
  return <StatusIndicator type={indicatorType[status]}>{t(statusKey(status))}</StatusIndicator>;
}
