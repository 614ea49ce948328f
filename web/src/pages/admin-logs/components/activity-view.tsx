import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { auditKinds, type AuditKind } from '@cpbo/schemas/activity.ts';
import { useActivityPage } from '../../../api/activity-queries.ts';
import { ActivityTable } from '../../../common/activity/activity-table.tsx';
import { useCursorPages } from '../../../common/activity/cursor-pages.tsx';
import { dayAfter, dayBounds, dayText, localDayOf } from './local-day.ts';
import './activity-view.css';
import { adminScreenTexts } from '../../../navigation/screen-texts.ts';

// The logs' first section: their outline draws its title and description too (navigation/screen-texts.ts).
const { section } = adminScreenTexts.adminLogs;

/**
 * Who changed what, named: the current enabler's and the administration's audit trail of one day (today
 * at first, in the administrator's time zone), of one kind or all, newest first.
 */
export function ActivityView() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(() => dayText(new Date()));
  const [kind, setKind] = useState<AuditKind | null>(null);
  const day = localDayOf(typed);
  // A day being typed keeps the one shown until it names a day.
  const [shownDay, setShownDay] = useState(() => localDayOf(typed) as Date);
  if (day && day.getTime() !== shownDay.getTime()) setShownDay(day);
  const bounds = dayBounds(shownDay);
  const pages = useCursorPages(`${bounds.from}|${kind ?? ''}`, 'adminActivity');
  const activity = useActivityPage(
    { ...bounds, kind, before: pages.before, pageSize: pages.pageSize },
    pages.ready,
  );
  const kindOptions = [
    { value: '', label: t('activity.kinds.all') },
    ...auditKinds.map((value) => ({ value, label: t(`activity.kinds.${value}`) })),
  ];
  const moveDay = (days: number) => setTyped(dayText(dayAfter(shownDay, days)));
  return (
    <ActivityTable
      entries={activity.data?.entries}
      loading={activity.isFetching}
      failed={activity.isError}
      retry={() => void activity.refetch()}
      emptyText={t('activity.emptyDay', { day: dayText(shownDay) })}
      header={
        <Header
          variant="h2"
          description={t(section.description)}
          actions={
            <Button
              iconName="refresh"
              ariaLabel={t('activity.refresh')}
              loading={activity.isFetching}
              onClick={() => void activity.refetch()}
            />
          }
        >
          {t(section.heading)}
        </Header>
      }
      filter={
        <div className="activity-filters">
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField
              label={t('activity.day')}
              errorText={day ? undefined : t('activity.dayInvalid')}
              constraintText={t('plots.hints.dateFormat')}
            >
              <SpaceBetween direction="horizontal" size="xxs">
                <Button
                  iconName="angle-left"
                  variant="icon"
                  ariaLabel={t('activity.previousDay')}
                  onClick={() => moveDay(-1)}
                />
                <Input
                  value={typed}
                  invalid={!day}
                  ariaLabel={t('activity.day')}
                  onChange={({ detail }) => setTyped(detail.value)}
                />
                <Button
                  iconName="angle-right"
                  variant="icon"
                  ariaLabel={t('activity.nextDay')}
                  onClick={() => moveDay(1)}
                />
              </SpaceBetween>
            </FormField>
            <FormField label={t('activity.kind')}>
              <Select
                selectedOption={kindOptions.find((option) => option.value === (kind ?? '')) ?? null}
                options={kindOptions}
                onChange={({ detail }) =>
                  setKind(detail.selectedOption.value ? (detail.selectedOption.value as AuditKind) : null)
                }
              />
            </FormField>
          </SpaceBetween>
        </div>
      }
      pagination={pages.pagination(activity.data?.next, activity.isFetching)}
    />
  );
}
