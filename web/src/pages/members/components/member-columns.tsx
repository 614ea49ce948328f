import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import type { MemberRow, MemberSortField } from '../../../api/members.ts';
import { RowLink } from '../../../common/ui/row-link.tsx';
import type { MemberFormats } from '../../../common/format/use-member-formats.ts';
import { paths } from '../../../navigation/paths.ts';

type MemberColumn = TableProps.ColumnDefinition<MemberRow> & { sortingField?: MemberSortField };

/**
 * On a phone's width (issue 38: every column reachable at 360 px): the member, with their number and
 * federation under the name, then the pending benefit and the contribution total, the amounts an agent
 * acts on; the onboarding date is on the member's page.
 */
export const narrowMemberColumns = (t: TFunction, formats: MemberFormats): MemberColumn[] => [
  {
    id: 'name',
    header: t('members.list.columns.name'),
    cell: (member) => (
      <>
        <RowLink href={paths.member(member.id)}>{member.name}</RowLink>
        <Box variant="small" display="block">
          {member.federation ? `${member.number} · ${member.federation}` : member.number}
        </Box>
      </>
    ),
    sortingField: 'name',
    isRowHeader: true,
  },
  {
    id: 'pendingBenefits',
    header: t('members.list.columns.pendingBenefits'),
    cell: (member) => formats.amount(member.pendingBenefits),
    sortingField: 'pendingBenefits',
  },
  {
    id: 'contributionTotal',
    header: t('members.list.columns.contributionTotal'),
    cell: (member) => formats.amount(member.contributionTotal),
  },
];

/** Spec section 2: name, federation, number, contribution total, pending benefit, onboarding date. */
export const memberColumns = (t: TFunction, formats: MemberFormats): MemberColumn[] => [
  {
    id: 'name',
    header: t('members.list.columns.name'),
    cell: (member) => <RowLink href={paths.member(member.id)}>{member.name}</RowLink>,
    sortingField: 'name',
    isRowHeader: true,
  },
  {
    id: 'federation',
    header: t('members.list.columns.federation'),
    cell: (member) => member.federation ?? '-',
    sortingField: 'federation',
  },
  {
    id: 'number',
    header: t('members.list.columns.number'),
    cell: (member) => member.number,
    sortingField: 'number',
  },
  {
    id: 'contributionTotal',
    header: t('members.list.columns.contributionTotal'),
    cell: (member) => formats.amount(member.contributionTotal),
  },
  {
    id: 'pendingBenefits',
    header: t('members.list.columns.pendingBenefits'),
    cell: (member) => formats.amount(member.pendingBenefits),
    sortingField: 'pendingBenefits',
  },
  {
    id: 'onboardingDate',
    header: t('members.list.columns.onboardingDate'),
    cell: (member) => formats.date(member.onboardingDate),
    sortingField: 'onboardingDate',
  },
];
