import type { AuditState } from '@cpbo/schemas/activity.ts';

/*
 * What an audit entry keeps of a change: the fields that differ, as they were and as they became
 * (data/logs/audit.ts). A field absent on one side counts as null.
 */

type Value = AuditState[string];
/** A record's fields as a writer has them (an interface of its own, or a state): undefined reads as null. */
export type FieldValues = object;

const valueOf = (values: FieldValues, field: string): Value =>
  ((values as Record<string, Value | undefined>)[field] ?? null) as Value;

/** The fields of `fields` that differ between the two states, each state cut to them; null when none differ. */
export const changedFields = (
  before: FieldValues,
  after: FieldValues,
  fields: readonly string[] = [...new Set([...Object.keys(before), ...Object.keys(after)])],
): { before: AuditState; after: AuditState } | null => {
  const changed = fields.filter((field) => valueOf(before, field) !== valueOf(after, field));
  if (changed.length === 0) return null;
  const cut = (state: FieldValues) =>
    Object.fromEntries(changed.map((field) => [field, valueOf(state, field)]));
  return { before: cut(before), after: cut(after) };
};

/** A state of these fields only (a creation's `after`, a deletion's `before`), undefined as null. */
export const stateOf = (values: FieldValues, fields: readonly string[]): AuditState =>
  Object.fromEntries(fields.map((field) => [field, valueOf(values, field)]));

/** The months (yyyy-mm) from the one of `to` back to the one of `from`, newest first. */
export const monthsOfRange = (from: string, to: string): string[] => {
  const months: string[] = [];
  let [year, month] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  const first = from.slice(0, 7);
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (current < first) return months;
    months.push(current);
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
};
