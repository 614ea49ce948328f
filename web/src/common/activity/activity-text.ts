import type { ActivityEntry } from '../../api/activity.ts';

/*
 * What an audit entry says to a person (the Logs screen's activity, a member's history): the action in
 * the product's words, and each field that changed, as it was and as it became.
 */

const bankFields = ['bankName', 'bankBranchName', 'bankIFSC', 'bankAccount'];

/** The key of the action's text under `activity.actions`: the type's step, told from what changed. */
export const actionKeyOf = (entry: ActivityEntry): string => {
  const { recordType, action } = entry;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  if (action !== 'UPDATE' && recordType !== 'BENEFIT_RUN') return `${recordType}.${action}`;
  switch (recordType) {
    case 'BENEFIT_RUN': {
      if (action === 'CREATE') return after.reverses ? 'BENEFIT_RUN.reverse' : 'BENEFIT_RUN.upload';
      const to = after.state;
      if (to === 'APPROVED') return 'BENEFIT_RUN.approve';
      if (to === 'REJECTED') return 'BENEFIT_RUN.reject';
      if (to === 'CANCELLED') return 'BENEFIT_RUN.cancel';
      if (to === 'PREVIEWING' && before.state === 'PENDING_APPROVAL') return 'BENEFIT_RUN.preview';
      return 'BENEFIT_RUN.resume';
    }
    case 'USER':
      if ('role' in after) return 'USER.role';
      if (after.active === false) return 'USER.deactivate';
      if (after.active === true) return 'USER.reactivate';
      if ('blocked' in after) return 'USER.renewal';
      return 'USER.UPDATE';
    case 'MEMBER':
      return bankFields.some((field) => field in after) ? 'MEMBER.bank' : 'MEMBER.UPDATE';
    default:
      return `${recordType}.UPDATE`;
  }
};

export type FieldValue = string | number | boolean | null;

/** One field of a change: as it was (absent for a creation) and as it became (absent for a deletion). */
export interface FieldChange {
  field: string;
  before?: FieldValue;
  after?: FieldValue;
}

/**
 * The fields the entry holds, in the order the record names them, each with the sides that hold it (a
 * run's comment is only its step's); a run's state is its action, not a change.
 */
export const changesOf = (entry: ActivityEntry): FieldChange[] => {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter(
    (field) => !(entry.recordType === 'BENEFIT_RUN' && (field === 'state' || field === 'reverses')),
  );
  return fields.map((field) => ({
    field,
    ...(entry.before && field in entry.before && { before: entry.before[field] ?? null }),
    ...(entry.after && field in entry.after && { after: entry.after[field] ?? null }),
  }));
};

/** The label a field already has on the screens that edit it; the activity's own for the others. */
const fieldLabels: Record<string, string> = {
  name: 'members.fields.name',
  village: 'members.fields.village',
  number: 'members.fields.number',
  federation: 'members.fields.federation',
  gender: 'members.fields.gender',
  phone: 'members.fields.phone',
  bankName: 'members.fields.bankName',
  bankBranchName: 'members.fields.bankBranchName',
  bankIFSC: 'members.fields.bankIFSC',
  bankAccount: 'members.fields.bankAccount',
  onboardingDate: 'members.fields.onboardingDate',
  latitude: 'plots.fields.latitude',
  longitude: 'plots.fields.longitude',
  cropDescription: 'plots.fields.crop',
  isIrrigated: 'plots.fields.irrigated',
  droughtMonthlyContribCents: 'plots.fields.droughtMonthlyContrib',
  excessRainMonthlyContribCents: 'plots.fields.excessRainMonthlyContrib',
  startCoverageDate: 'plots.fields.startCoverageDate',
  endOfSeasonDate: 'plots.fields.endOfSeasonDate',
  endCoverageDate: 'plots.fields.endCoverageDate',
  configVersion: 'plots.fields.configVersion',
  plotId: 'plots.fields.id',
  amountCents: 'adminRecords.columns.amount',
  contributionDate: 'adminRecords.columns.contributionDate',
  payoutDate: 'adminRecords.columns.payoutDate',
  cashoutDate: 'adminRecords.columns.cashoutDate',
  protectionType: 'adminRecords.columns.protectionType',
  assessmentId: 'adminRecords.columns.assessmentId',
  assessmentDate: 'adminRecords.columns.assessmentDate',
  username: 'adminUsers.form.username',
  role: 'adminUsers.form.role',
  active: 'adminUsers.form.active',
  defaultFederation: 'adminUsers.form.defaultFederation',
  version: 'enablers.config.fields.version',
  currency: 'enablers.config.fields.currency',
  maxCompensationFactor: 'enablers.config.fields.maxCompensationFactor',
  lengthOfSeasonInMonth: 'enablers.config.fields.lengthOfSeasonInMonth',
  lengthOfCoverageInMonth: 'enablers.config.fields.lengthOfCoverageInMonth',
  damageThreshold: 'enablers.config.fields.damageThreshold',
  benefitFactorsByMonth: 'enablers.config.fields.benefitFactorsByMonth',
};

/** The key of a field's label. */
export const fieldLabelKey = (field: string): string => fieldLabels[field] ?? `activity.fields.${field}`;
