import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import type { ManagedUser } from '../../../api/users.ts';
import { formatDate } from '../../../common/format/format.ts';

/** Who created the account and who last made it an administrator; a dash for an account a script made. */
export function BroughtInBy({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  if (!user.createdBy && !user.promotedBy) return <>-</>;
  return (
    <>
      {user.createdBy && <Box variant="div">{t('adminUsers.broughtIn.created', { by: user.createdBy })}</Box>}
      {user.promotedBy && (
        <Box variant="div">
          {t('adminUsers.broughtIn.promoted', { by: user.promotedBy, date: formatDate(user.promotedAt) })}
        </Box>
      )}
    </>
  );
}
