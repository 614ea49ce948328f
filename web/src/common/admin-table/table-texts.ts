import type { ScreenId } from '../../navigation/screens.ts';

/**
 * The administrators' tables (spec section 2): each one's section of the administrators' texts
 * (`<section>.description`, `<section>.loading`…), whether it shows the total of its money, and its
 * search field's placeholder if it has one. The tables draw them (admin-table.tsx), and so does the
 * frame's outline before their code has come (app/shell/outline.ts): the two say the same.
 */
export const adminTables = {
  adminMembers: { texts: 'adminRecords.members', total: false, search: 'members.list.search.placeholder' },
  adminFields: { texts: 'adminRecords.fields', total: false },
  adminContributions: { texts: 'adminRecords.contributions', total: true },
  adminPayouts: { texts: 'adminRecords.payouts', total: true },
  adminCashouts: { texts: 'adminRecords.cashouts', total: true },
} as const satisfies Partial<Record<ScreenId, { texts: string; total: boolean; search?: string }>>;

export type AdminTableScreen = keyof typeof adminTables;

/** A money table's total line, 'Total: {{amount}}'. */
export const adminTableTotalKey = 'adminLists.total';

/** What a money table's total line shows until the first answer. */
export const totalUnknown = '–';
