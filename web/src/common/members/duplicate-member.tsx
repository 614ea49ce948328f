import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@cloudscape-design/components/alert';
import Link from '@cloudscape-design/components/link';
import { memberClaims, type DuplicateMatch } from '@cpbo/schemas/members.ts';
import { isApiError } from '../../api/api-error.ts';
import { paths } from '../../navigation/paths.ts';
import { useFollow } from '../../browser/use-follow.ts';

/** The fields a duplicate rule reads (schemas/members.ts, memberClaims). */
const claimFields = { number: ['number'], nameVillage: ['name', 'village'] } as const;
type ClaimField = (typeof claimFields)[keyof typeof claimFields][number];
type ClaimValues = Record<ClaimField, string>;

const isMatch = (value: unknown): value is DuplicateMatch =>
  typeof value === 'object' &&
  value !== null &&
  (memberClaims as readonly unknown[]).includes((value as DuplicateMatch).claim) &&
  typeof (value as DuplicateMatch).memberId === 'string';

/** ERR_DUPLICATE_MEMBER's details as read: the rules matched, each with its member (none if unreadable). */
export function duplicateMatchesIn(details: unknown): DuplicateMatch[] {
  const matches = (details as { matches?: unknown } | null | undefined)?.matches;
  return Array.isArray(matches) ? matches.filter(isMatch) : [];
}

/** The rules a refusal says the values break, each with its member; undefined for any other failure. */
export function duplicateMatchesOf(error: unknown): DuplicateMatch[] | undefined {
  if (!isApiError(error) || error.code !== 'ERR_DUPLICATE_MEMBER') return undefined;
  return duplicateMatchesIn(error.details);
}

/** Whether a failure is the refusal of a member already registered. */
export const isDuplicateMember = (error: unknown): boolean => duplicateMatchesOf(error) !== undefined;

/** A duplicate refusal with the values it refused: its marks stay on a field until the field changes. */
export interface DuplicateRefusal {
  matches: DuplicateMatch[];
  values: ClaimValues;
}

/** The last try's duplicate refusal, for the member form to show. */
export function useDuplicateRefusal() {
  const [refusal, setRefusal] = useState<DuplicateRefusal | null>(null);
  return {
    refusal,
    /** Keeps the refusal when the error is one (true), forgets an earlier one otherwise. */
    note(error: unknown, values: ClaimValues): boolean {
      const matches = duplicateMatchesOf(error);
      setRefusal(matches ? { matches, values } : null);
      return matches !== undefined;
    },
    clear: () => setRefusal(null),
  };
}

const same = (a: string, b: string) => a.trim() === b.trim();

/** The marks of the fields that still hold what the refusal matched. */
export function duplicateFieldErrors(
  t: TFunction,
  refusal: DuplicateRefusal | null,
  values: ClaimValues,
): Partial<Record<ClaimField, string>> {
  const errors: Partial<Record<ClaimField, string>> = {};
  for (const { claim } of refusal?.matches ?? []) {
    const fields = claimFields[claim];
    if (!refusal || !fields.every((field) => same(values[field], refusal.values[field]))) continue;
    for (const field of fields) errors[field] = t(`members.duplicate.${claim}Taken`);
  }
  return errors;
}

/**
 * The refusal of a member already registered (issue 38): what matched, in the agent's words, and the
 * way to that member. No request reference: the agent can act on this one.
 */
export function DuplicateMemberAlert({ refusal }: { refusal: DuplicateRefusal }) {
  const { t } = useTranslation();
  const follow = useFollow();
  const { values } = refusal;
  // Without details (an older server), the rule's own words.
  const lines = refusal.matches.length
    ? refusal.matches.map(({ claim, memberId }) => ({
        key: `${claim}-${memberId}`,
        text: t(`members.duplicate.${claim}`, {
          number: values.number.trim(),
          name: values.name.trim(),
          village: values.village.trim(),
        }),
        href: paths.member(memberId),
      }))
    : [{ key: 'rule', text: t('errors.ERR_DUPLICATE_MEMBER'), href: undefined }];
  return (
    <Alert type="error" header={t('members.duplicate.title')}>
      {lines.map(({ key, text, href }) => (
        <div key={key}>
          {text}{' '}
          {href && (
            <Link href={href} onFollow={follow}>
              {t('members.duplicate.open')}
            </Link>
          )}
        </div>
      ))}
    </Alert>
  );
}
