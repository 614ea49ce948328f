import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { MemberDetail } from '../../../api/members.ts';
import { useFollow } from '../../../browser/use-follow.ts';
import { RowLink } from '../../../common/ui/row-link.tsx';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { paths } from '../../../navigation/paths.ts';
import { useNarrowScreen } from '../../../browser/use-narrow-screen.ts';

/** The member's plots, each opening its page, and the way to add one. */
export function MemberPlots({ member }: { member: Pick<MemberDetail, 'id' | 'plots'> }) {
  const { t } = useTranslation();
  const follow = useFollow();
  const navigate = useNavigate();
  const formats = useMemberFormats();
  const narrow = useNarrowScreen();
  type MemberPlot = MemberDetail['plots'][number];
  const nameColumn: TableProps.ColumnDefinition<MemberPlot> = {
    id: 'name',
    header: t('members.member.plots.name'),
    cell: (plot) => <RowLink href={paths.plot(member.id, plot.id)}>{plot.name}</RowLink>,
    isRowHeader: true,
  };
  const columns: TableProps.ColumnDefinition<MemberPlot>[] = narrow
    ? // A phone's width (issue 38): the plot with its monthly contribution, and its coverage, in view.
      [
        {
          ...nameColumn,
          cell: (plot) => (
            <>
              {nameColumn.cell(plot)}
              <Box variant="small" display="block">
                {t('members.member.plots.monthly', { amount: formats.amount(plot.droughtMonthlyContrib) })}
              </Box>
            </>
          ),
        },
        {
          id: 'coverage',
          header: t('members.member.plots.coverage'),
          cell: (plot) =>
            t('members.member.plots.coverageRange', {
              start: formats.date(plot.startCoverageDate),
              end: formats.date(plot.endCoverageDate),
            }),
        },
      ]
    : [
        nameColumn,
        {
          id: 'startCoverageDate',
          header: t('members.member.plots.startCoverageDate'),
          cell: (plot) => formats.date(plot.startCoverageDate),
        },
        {
          id: 'endCoverageDate',
          header: t('members.member.plots.endCoverageDate'),
          cell: (plot) => formats.date(plot.endCoverageDate),
        },
        {
          id: 'droughtMonthlyContrib',
          header: t('members.member.plots.droughtMonthlyContrib'),
          cell: (plot) => formats.amount(plot.droughtMonthlyContrib),
        },
      ];
  return (
    <Table
      variant="container"
      trackBy="id"
      items={member.plots}
      onRowClick={({ detail }) => navigate(paths.plot(member.id, detail.item.id))}
      ariaLabels={{ tableLabel: t('members.member.plots.title') }}
      header={
        <Header
          variant="h2"
          counter={`(${member.plots.length})`}
          actions={
            <Button iconName="add-plus" href={paths.newPlot(member.id)} onFollow={follow}>
              {t('members.member.plots.add')}
            </Button>
          }
        >
          {t('members.member.plots.title')}
        </Header>
      }
      columnDefinitions={columns}
      wrapLines={narrow}
      empty={
        <Box textAlign="center" color="inherit" padding="s">
          {t('members.member.plots.empty')}
        </Box>
      }
    />
  );
}
