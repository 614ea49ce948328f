import type { DuplicateKind } from '@cpbo/schemas/benefit-runs.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import type { PreviewMember } from './benefit-preview.ts';
import { groupBy } from '#platform/group-by.ts';
import { squeeze } from './member-edits.ts';

/*
 * Possible duplicate beneficiaries of a run: two of its members who may be one person, which is where
 * a scheme pays twice. The same bank account, the same phone, or near-identical names in one village.
 * Flags for the reviewer, not refusals: two relatives may share a phone.
 */

/** A member of a group, with what the run pays it. */
export interface DuplicateEntry {
  group: number;
  kind: DuplicateKind;
  /** The shared account or phone as compared, or the village of the similar names. */
  value: string;
  member: PreviewMember;
  benefitCents: Cents;
}

/** An account as compared: letters and digits only, upper case. */
const accountKey = (account: string | null): string =>
  (account ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** A phone as compared: its last nine digits (a national number, with or without its country code). */
const phoneKey = (phone: string | null): string => (phone ?? '').replace(/\D/g, '').slice(-9);

/** A name as compared: folded, its words in order (Diop Awa is Awa Diop). */
const nameKey = (name: string): string => squeeze(name).split(' ').sort().join(' ');

/** Edits (insertions, deletions, substitutions, swaps of neighbours) from one text to another, or `bound` + 1 once above it. */
export const editDistance = (from: string, to: string, bound: number): number => {
  if (Math.abs(from.length - to.length) > bound) return bound + 1;
  let before: number[] = [];
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let i = 1; i <= from.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= to.length; j += 1) {
      const cost = from[i - 1] === to[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > bound) return bound + 1;
    before = previous;
    previous = current;
  }
  return previous[to.length] ?? 0;
};

/** The edits that leave two names near-identical: one for names of up to 10 letters, two beyond. */
const editsAllowed = (a: string, b: string): number => (Math.max(a.length, b.length) <= 10 ? 1 : 2);

/** How often each character occurs in a name as compared: letters, digits, and one count for the rest. */
const characterCounts = (name: string): Uint8Array => {
  const counts = new Uint8Array(37);
  for (const character of name) {
    const code = character.charCodeAt(0);
    const slot = code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? 26 + code - 48 : 36;
    counts[slot] = Math.min(255, (counts[slot] ?? 0) + 1);
  }
  return counts;
};

/**
 * False when two names' characters differ by more than `edits` edits can explain: a substitution moves
 * the counts by 2 at most, an insertion or a deletion by 1, a swap by 0. A pass over 37 counts instead
 * of the edit distance for most pairs of a village (issue 37: a preview of 50 000 plots spent 7.7 s here).
 */
const closeEnoughCounts = (a: Uint8Array, b: Uint8Array, edits: number): boolean => {
  let apart = 0;
  for (let slot = 0; slot < a.length; slot += 1) {
    apart += Math.abs((a[slot] ?? 0) - (b[slot] ?? 0));
    if (apart > 2 * edits) return false;
  }
  return true;
};

/** Groups of members sharing a key (an empty key shares nothing). */
const sameKey = (
  members: PreviewMember[],
  key: (member: PreviewMember) => string,
): [string, PreviewMember[]][] => {
  const byKey = groupBy(members, key);
  byKey.delete('');
  return [...byKey].filter(([, group]) => group.length > 1);
};

/** Groups of members of one village whose names are near-identical, linked pair by pair. */
const similarNames = (members: PreviewMember[]): [string, PreviewMember[]][] => {
  const groups: [string, PreviewMember[]][] = [];
  for (const [, inVillage] of sameKey(members, (member) => squeeze(member.village))) {
    const names = inVillage.map((member) => nameKey(member.name));
    const counts = names.map(characterCounts);
    const parent = inVillage.map((_, index) => index);
    const root = (index: number): number => {
      let at = index;
      while (parent[at] !== at) at = parent[at] as number;
      return at;
    };
    for (let a = 0; a < names.length; a += 1)
      for (let b = a + 1; b < names.length; b += 1) {
        const [first, second] = [names[a] as string, names[b] as string];
        const edits = editsAllowed(first, second);
        if (
          Math.abs(first.length - second.length) <= edits &&
          closeEnoughCounts(counts[a] as Uint8Array, counts[b] as Uint8Array, edits) &&
          editDistance(first, second, edits) <= edits
        )
          parent[root(b)] = root(a);
      }
    const linked = groupBy(inVillage, (_, index) => root(index));
    for (const group of linked.values())
      if (group.length > 1) groups.push([(group[0] as PreviewMember).village, group]);
  }
  return groups;
};

/**
 * The run's possible duplicates: its members (those it pays) grouped by a shared bank account, a shared
 * phone, or near-identical names in one village, each group numbered, its members by name.
 */
export const duplicateBeneficiaries = (
  members: PreviewMember[],
  benefits: ReadonlyMap<string, Cents>,
): DuplicateEntry[] => {
  const found: [DuplicateKind, [string, PreviewMember[]][]][] = [
    ['BANK_ACCOUNT', sameKey(members, (member) => accountKey(member.bankAccount))],
    ['PHONE', sameKey(members, (member) => phoneKey(member.phone))],
    ['SIMILAR_NAMES', similarNames(members)],
  ];
  let group = 0;
  return found.flatMap(([kind, groups]) =>
    groups.flatMap(([value, grouped]) => {
      group += 1;
      return [...grouped]
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
        .map((member) => ({ group, kind, value, member, benefitCents: benefits.get(member.id) ?? 0 }));
    }),
  );
};
