import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import type { MemberRow, MemberSortField } from '../../../api/members.ts';
import { RowLink } from '../../../common/ui/row-link.tsx';
import { sortedColumn } from '../../../common/table/sorted-column.ts';
import type { MemberFormats } from '../../../common/format/use-member-formats.ts';
import { paths } from '../../../navigation/paths.ts';

type MemberColumn = TableProps.ColumnDefinition<MemberRow> & { sortingField?: MemberSortField };

/** A column the API sorts the list on (its id is the field's name). */
const sorted = (
  field: MemberSortField,
  header: string,
  cell: (member: MemberRow) => ReactNode,
): MemberColumn => ({
  ...sortedColumn<MemberRow>(field, header, cell),
  sortingField: field,
});

/** The amounts both widths show. */
const amountColumns = (t: TFunction, formats: MemberFormats) => ({
  pendingBenefits: sorted('pendingBenefits', t('members.list.columns.pendingBenefits'), (member) =>
    formats.amount(member.pendingBenefits),
  ),
  contributionTotal: {
    id: 'contributionTotal',
    header: t('members.list.columns.contributionTotal'),
    cell: (member: MemberRow) => formats.amount(member.contributionTotal),
  },
});

/**
 * On a phone's width (issue 38: every column reachable at 360 px): the member, with their number and
 * federation under the name, then the pending benefit and the contribution total, the amounts an agent
 * acts on; the onboarding date is on the member's page.
 */
export const narrowMemberColumns = (t: TFunction, formats: MemberFormats): MemberColumn[] => {
  const { pendingBenefits, contributionTotal } = amountColumns(t, formats);
  return [
    {
      ...sorted('name', t('members.list.columns.name'), (member) => (
        <>
          <RowLink href={paths.member(member.id)}>{member.name}</RowLink>
          <Box variant="small" display="block">
            {member.federation ? `${member.number} · ${member.federation}` : member.number}
          </Box>
        </>
      )),
      isRowHeader: true,
    },
    pendingBenefits,
    contributionTotal,
  ];
};

/** Spec section 2: name, federation, number, contribution total, pending benefit, onboarding date. */
export const memberColumns = (t: TFunction, formats: MemberFormats): MemberColumn[] => {
  const { pendingBenefits, contributionTotal } = amountColumns(t, formats);
  return [
    {
      ...sorted('name', t('members.list.columns.name'), (member) => (
        <RowLink href={paths.member(member.id)}>{member.name}</RowLink>
      )),
      isRowHeader: true,
    },
    sorted('federation', t('members.list.columns.federation'), (member) => member.federation ?? '-'),
    sorted('number', t('members.list.columns.number'), (member) => member.number),
    contributionTotal,
    pendingBenefits,
    sorted('onboardingDate', t('members.list.columns.onboardingDate'), (member) =>
      formats.date(member.onboardingDate),
    ),
  ];
};
