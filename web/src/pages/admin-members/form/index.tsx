import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { createAdminMember, updateAdminMember, type AdminMemberBody } from '../../../api/admin-records.ts';
import { useMember } from '../../../api/members-queries.ts';
import { paths } from '../../../navigation/paths.ts';
import { AdminRecordLoad } from '../../../common/admin-form/admin-record-load.tsx';
import {
  adminMemberOf,
  MemberForm,
  newMemberForm,
  memberFormValuesOf,
  type MemberFormValues,
} from '../../../common/members/member-form.tsx';
import { useAdminSave } from '../../../common/admin-form/use-admin-save.ts';
import { useDuplicateRefusal } from '../../../common/members/duplicate-member.tsx';
import { isApiError } from '../../../api/api-error.ts';
import { publishError } from '../../../api/error-bus.ts';
import { useDocumentTitle } from '../../../browser/use-document-title.ts';
import { useSignedInSession } from '../../../session/session-context.ts';

interface AdminMemberFormProps {
  title: string;
  initial: MemberFormValues;
  submitLabel: string;
  /** Sends the member; its failures come back to the form (errors: 'caller'). */
  send: (body: AdminMemberBody, idempotencyKey: string) => Promise<unknown>;
}

/** The member form in admin mode (with the onboarding date); saving returns to /AdminMembers. */
function AdminMemberForm({ title, initial, submitLabel, send }: AdminMemberFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duplicate = useDuplicateRefusal();
  // A member already registered is said on the form, with a link to it; any other failure in the dialog.
  const { save } = useAdminSave(
    (body: AdminMemberBody, idempotencyKey: string) =>
      send(body, idempotencyKey).catch((error: unknown) => {
        if (!duplicate.note(error, body) && isApiError(error)) publishError(error);
        throw error;
      }),
    paths.adminMembers,
    (saved) => t('adminForm.saved.member', { name: saved.name.trim() }),
  );
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('adminRecords.members.formDescription')}>
          {title}
        </Header>
      }
    >
      <MemberForm
        admin
        initial={initial}
        submitLabel={submitLabel}
        duplicate={duplicate.refusal}
        onSubmit={async (values) => {
          // The form keeps its values and takes another try after a refusal.
          if (!(await save(adminMemberOf(values)))) throw new Error('The member was not saved');
        }}
        onCancel={() => navigate(paths.adminMembers)}
      />
    </ContentLayout>
  );
}

export function NewMemberPage() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  useDocumentTitle(t('screens.newMember'));
  return (
    <AdminMemberForm
      title={t('screens.newMember')}
      initial={newMemberForm(user.defaultFederation)}
      submitLabel={t('adminForm.create')}
      send={(body, idempotencyKey) => createAdminMember(body, { idempotencyKey, errors: 'caller' })}
    />
  );
}

export function UpdateMemberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('screens.updateMember'));
  const member = useMember(id, { errors: 'caller' });
  return (
    <AdminRecordLoad title={t('screens.updateMember')} backHref={paths.adminMembers} query={member}>
      {(data) => (
        <AdminMemberForm
          title={t('screens.updateMember')}
          initial={memberFormValuesOf(data)}
          submitLabel={t('adminForm.save')}
          send={(body, idempotencyKey) => updateAdminMember(id, body, { idempotencyKey, errors: 'caller' })}
        />
      )}
    </AdminRecordLoad>
  );
}
