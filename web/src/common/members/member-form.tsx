import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AdminMemberBody } from '../../api/admin-records.ts';
import { bankFields, memberFieldMaxLength, type MemberDetail, type NewMember } from '../../api/members.ts';
import { DayField, readDay } from '../admin-form/day-field.tsx';
import { formatIsoDate } from '../plots/plot-fields.ts';
import { DuplicateMemberAlert, duplicateFieldErrors, type DuplicateRefusal } from './duplicate-member.tsx';
import { useStages } from '../ui/use-stages.ts';
import { FormActions } from '../ui/form-actions.tsx';

type TextField = Exclude<keyof NewMember, 'gender'>;
type Gender = '' | 'female' | 'male';
/** The member form as typed; the onboarding date (dd/MM/yyyy) only in admin mode. */
export type MemberFormValues = Record<TextField, string> & { gender: Gender; onboardingDate: string };

const requiredFields = ['name', 'village', 'number'] as const satisfies readonly TextField[];
const identityFields = [
  'name',
  'village',
  'number',
  'federation',
  'phone',
] as const satisfies readonly TextField[];

export const emptyMemberForm: MemberFormValues = {
  name: '',
  village: '',
  number: '',
  federation: '',
  phone: '',
  bankName: '',
  bankBranchName: '',
  bankIFSC: '',
  bankAccount: '',
  gender: '',
  onboardingDate: '',
};

/** A new member's form: the user's default federation filled in (spec section 3, User). */
export const newMemberForm = (defaultFederation: string | null): MemberFormValues => ({
  ...emptyMemberForm,
  federation: defaultFederation ?? '',
});

const isRequired = (field: TextField) => (requiredFields as readonly TextField[]).includes(field);

/** What the onboarding call takes: trimmed texts, the optional ones only when filled in. */
export const newMemberOf = (values: MemberFormValues): NewMember => {
  const member: NewMember = {
    name: values.name.trim(),
    village: values.village.trim(),
    number: values.number.trim(),
  };
  for (const field of [...identityFields, ...bankFields]) {
    const value = values[field].trim();
    if (!isRequired(field) && value) member[field] = value;
  }
  if (values.gender) member.gender = values.gender === 'female';
  return member;
};

/**
 * What the admin member calls take: every field, an emptied optional one as null (an edit clears it),
 * and the onboarding date in unix seconds when it is a day.
 */
export const adminMemberOf = (values: MemberFormValues): AdminMemberBody => {
  const day = readDay(values.onboardingDate);
  const optional = (field: TextField) => values[field].trim() || null;
  return {
    name: values.name.trim(),
    village: values.village.trim(),
    number: values.number.trim(),
    federation: optional('federation'),
    phone: optional('phone'),
    bankName: optional('bankName'),
    bankBranchName: optional('bankBranchName'),
    bankIFSC: optional('bankIFSC'),
    bankAccount: optional('bankAccount'),
    gender: values.gender ? values.gender === 'female' : null,
    ...('seconds' in day ? { onboardingDate: day.seconds } : {}),
  };
};

/** A member as the form shows it for an edit. */
export const memberFormValuesOf = (member: MemberDetail): MemberFormValues => ({
  name: member.name,
  village: member.village,
  number: member.number,
  federation: member.federation ?? '',
  phone: member.phone ?? '',
  bankName: member.bankName ?? '',
  bankBranchName: member.bankBranchName ?? '',
  bankIFSC: member.bankIFSC ?? '',
  bankAccount: member.bankAccount ?? '',
  gender: member.gender === null ? '' : member.gender ? 'female' : 'male',
  onboardingDate: formatIsoDate(member.onboardingDate),
});

export interface MemberFormProps {
  /** Resolves once the member is saved; rejects when the API refused it (the error dialog tells why). */
  onSubmit: (member: MemberFormValues) => Promise<void>;
  onCancel: () => void;
  /** The values to start from (an edit); empty by default. */
  initial?: MemberFormValues;
  /** Admin mode (spec section 5): the onboarding date, typed dd/MM/yyyy, is asked for. */
  admin?: boolean;
  /**
   * While the member would be kept on the device (offline field work), its bank details are not asked
   * for: they are never kept there. The note says why.
   */
  bankDetailsNote?: ReactNode;
  submitLabel?: string;
  /** The last try was refused as a member already registered: said above the form, the fields marked. */
  duplicate?: DuplicateRefusal | null;
}

/**
 * Spec section 5: name, village and number required; the rest optional; gender empty, female or man;
 * in admin mode the onboarding date too (today when left empty on a new member).
 */
export function MemberForm({
  onSubmit,
  onCancel,
  initial = emptyMemberForm,
  admin = false,
  submitLabel,
  bankDetailsNote,
  duplicate = null,
}: MemberFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<MemberFormValues>(initial);
  // Required-field messages appear once the user tried to submit, not while they are typing.
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  // The bank details are drawn after the identity (common/ui/use-stages.ts).
  const stage = useStages(2);

  const duplicateErrors = duplicateFieldErrors(t, duplicate, values);
  const errorOf = (field: TextField) =>
    submitted && isRequired(field) && !values[field].trim()
      ? t('members.onboarding.required', { field: t(`members.fields.${field}`) })
      : duplicateErrors[field as keyof typeof duplicateErrors];
  // The refusal is said where the agent looks: brought into view from the form's button.
  const refusalRegion = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (duplicate) refusalRegion.current?.scrollIntoView?.({ block: 'nearest' });
  }, [duplicate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (saving || requiredFields.some((field) => !values[field].trim())) return;
    if (admin && values.onboardingDate.trim() && 'problem' in readDay(values.onboardingDate)) return;
    setSaving(true);
    try {
      await onSubmit(
        bankDetailsNote
          ? { ...values, ...Object.fromEntries(bankFields.map((field) => [field, ''])) }
          : values,
      );
    } catch {
      setSaving(false);
    }
  };

  const textField = (field: TextField, disabled = false) => {
    const error = errorOf(field);
    const label = t(`members.fields.${field}`);
    return (
      <FormField
        key={field}
        label={
          isRequired(field) ? (
            label
          ) : (
            <>
              {label} <i>{t('members.onboarding.optional')}</i>
            </>
          )
        }
        errorText={error}
      >
        <Input
          name={field}
          value={values[field]}
          onChange={({ detail }) => setValues((current) => ({ ...current, [field]: detail.value }))}
          invalid={error !== undefined}
          inputMode={field === 'phone' ? 'tel' : undefined}
          nativeInputAttributes={{ maxLength: memberFieldMaxLength(field) }}
          autoFocus={field === 'name'}
          disabled={disabled}
        />
      </FormField>
    );
  };

  const genderOptions: SelectProps.Option[] = [
    { value: '', label: t('members.gender.none') },
    { value: 'female', label: t('members.gender.female') },
    { value: 'male', label: t('members.gender.male') },
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <FormActions
            cancelText={t('members.onboarding.cancel')}
            submitText={submitLabel ?? t('members.onboarding.submit')}
            onCancel={onCancel}
            pending={saving}
            keepCancel
          />
        }
      >
        <div ref={refusalRegion} role="alert">
          {duplicate && (
            <Box margin={{ bottom: 'l' }}>
              <DuplicateMemberAlert refusal={duplicate} />
            </Box>
          )}
        </div>
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{t('members.onboarding.identity')}</Header>}>
            <ColumnLayout columns={2}>
              {identityFields.map((field) => textField(field))}
              <FormField
                label={
                  <>
                    {t('members.fields.gender')} <i>{t('members.onboarding.optional')}</i>
                  </>
                }
              >
                <Select
                  options={genderOptions}
                  selectedOption={genderOptions.find((option) => option.value === values.gender) ?? null}
                  onChange={({ detail }) =>
                    setValues((current) => ({
                      ...current,
                      gender: (detail.selectedOption.value ?? '') as Gender,
                    }))
                  }
                />
              </FormField>
              {admin && (
                <DayField
                  name="onboardingDate"
                  label={t('members.fields.onboardingDate')}
                  value={values.onboardingDate}
                  // Empty is allowed: the server dates a new member today.
                  showProblem={submitted && values.onboardingDate.trim() !== ''}
                  onChange={(onboardingDate) => setValues((current) => ({ ...current, onboardingDate }))}
                />
              )}
            </ColumnLayout>
          </Container>
          {stage >= 2 && (
            <Container header={<Header variant="h2">{t('members.onboarding.bank')}</Header>}>
              <SpaceBetween size="m">
                {bankDetailsNote}
                <ColumnLayout columns={2}>
                  {bankFields.map((field) => textField(field, bankDetailsNote !== undefined))}
                </ColumnLayout>
              </SpaceBetween>
            </Container>
          )}
        </SpaceBetween>
      </Form>
    </form>
  );
}
