import { useTranslation } from 'react-i18next';
import Header from '@cloudscape-design/components/header';
import { useMemberHistory } from '../../../api/activity-queries.ts';
import { ActivityTable } from '../../../common/activity/activity-table.tsx';
import { useCursorPages } from '../../../common/activity/cursor-pages.tsx';

/** An administrator's view of the member's changes: its profile, plots and money records, who made each, before and after. */
export function HistoryTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = useCursorPages(memberId, 'memberHistory');
  const history = useMemberHistory(memberId, { before: pages.before, pageSize: pages.pageSize }, pages.ready);
  return (
    <ActivityTable
      ofOneMember
      entries={history.data?.entries}
      loading={history.isFetching}
      failed={history.isError}
      retry={() => void history.refetch()}
      emptyText={t('activity.emptyMember')}
      header={<Header variant="h2">{t('members.member.tabs.history')}</Header>}
      pagination={pages.pagination(history.data?.next, history.isFetching)}
    />
  );
}
