import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { roles, type Role } from '../../../../api/auth.ts';
import { RequiredLabel } from '../../../../common/ui/required-label.tsx';
import type { ManagedUser } from '../../../../api/users.ts';
import { UserStatusIndicator } from '../../components/user-status.tsx';
import { FormActions } from '../../../../common/ui/form-actions.tsx';

/** What the form gives back; `active` only means something on edit (a new user starts active). */
export interface UserFormValues {
  email: string;
  username: string;
  role: Role;
  active: boolean;
  defaultFederation: string | null;
}

export interface UserFormProps {
  /** The user being edited; none for a new one. */
  user?: ManagedUser;
  header: string;
  description?: string;
  /** Rejects when the save failed (the error dialog told why): the form stays for a retry. */
  onSave: (values: UserFormValues) => Promise<void>;
  onCancel: () => void;
}

// Enough to catch a typo before the round trip; the server checks the address for real.
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export function UserForm({ user, header, description, onSave, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const editing = user !== undefined;
  const [email, setEmail] = useState(user?.email ?? '');
  const [username, setUsername] = useState(user?.username ?? '');
  const [role, setRole] = useState<Role | null>(user?.role ?? null);
  const [defaultFederation, setDefaultFederation] = useState(user?.defaultFederation ?? '');
  const [active, setActive] = useState(user?.active ?? true);
  // Required-field messages appear once the user tried to save, not while they are typing.
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const emailError = !submitted
    ? undefined
    : !email.trim()
      ? t('adminUsers.form.emailRequired')
      : !looksLikeEmail(email.trim())
        ? t('adminUsers.form.emailInvalid')
        : undefined;
  const usernameError = submitted && !username.trim() ? t('adminUsers.form.usernameRequired') : undefined;
  const roleError = submitted && !role ? t('adminUsers.form.roleRequired') : undefined;

  // Each role says what it opens, so the choice is made knowingly.
  const roleOptions: SelectProps.Option[] = roles.map((id) => ({
    value: id,
    label: t(`roles.${id}`),
    description: t(`adminUsers.form.roleDescriptions.${id}`),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (saving || !role || !username.trim() || !looksLikeEmail(email.trim())) return;
    setSaving(true);
    try {
      await onSave({
        email: email.trim(),
        username: username.trim(),
        role,
        active,
        defaultFederation: defaultFederation.trim() || null,
      });
    } catch {
      setSaving(false);
    }
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {header}
        </Header>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form
          actions={
            <FormActions
              cancelText={t('adminUsers.cancel')}
              submitText={editing ? t('adminUsers.form.save') : t('adminUsers.form.create')}
              onCancel={onCancel}
              pending={saving}
              keepCancel
            />
          }
        >
          <Container>
            <SpaceBetween size="l">
              <FormField
                label={<RequiredLabel>{t('adminUsers.form.email')}</RequiredLabel>}
                errorText={emailError}
              >
                <Input
                  ariaRequired
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  name="email"
                  value={email}
                  // The email is the user's key: a user with another address is another user.
                  disabled={editing}
                  onChange={({ detail }) => setEmail(detail.value)}
                  invalid={emailError !== undefined}
                  autoFocus={!editing}
                />
              </FormField>
              <FormField
                label={<RequiredLabel>{t('adminUsers.form.username')}</RequiredLabel>}
                errorText={usernameError}
              >
                <Input
                  ariaRequired
                  name="username"
                  autoComplete="off"
                  value={username}
                  onChange={({ detail }) => setUsername(detail.value)}
                  invalid={usernameError !== undefined}
                  autoFocus={editing}
                />
              </FormField>
              <FormField
                label={<RequiredLabel>{t('adminUsers.form.role')}</RequiredLabel>}
                description={t('adminUsers.form.roleHelp')}
                errorText={roleError}
              >
                <Select
                  ariaRequired
                  triggerVariant="option"
                  selectedOption={roleOptions.find((option) => option.value === role) ?? null}
                  options={roleOptions}
                  placeholder={t('adminUsers.form.rolePlaceholder')}
                  onChange={({ detail }) => setRole(detail.selectedOption.value as Role)}
                  invalid={roleError !== undefined}
                />
              </FormField>
              <FormField
                label={
                  <>
                    {t('adminUsers.form.defaultFederation')} - <i>{t('adminUsers.form.optional')}</i>
                  </>
                }
              >
                <Input
                  name="defaultFederation"
                  value={defaultFederation}
                  onChange={({ detail }) => setDefaultFederation(detail.value)}
                />
              </FormField>
              {editing && (
                <FormField
                  label={t('adminUsers.form.state')}
                  description={user.blocked ? t(`adminUsers.form.blockedHelp.${user.blocked}`) : undefined}
                >
                  <UserStatusIndicator user={user} />
                </FormField>
              )}
              {editing && (
                <FormField description={t('adminUsers.form.activeDescription')}>
                  <Toggle checked={active} onChange={({ detail }) => setActive(detail.checked)}>
                    {t('adminUsers.form.active')}
                  </Toggle>
                </FormField>
              )}
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </ContentLayout>
  );
}
