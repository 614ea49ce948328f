import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { onboardMember, type NewMember } from '../../api/members.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useWrite } from '../../api/use-write.ts';
import { useActionKey } from '../../api/use-action-key.ts';
import { useDocumentTitle } from '../../common/browser/use-document-title.ts';
import { MemberForm, newMemberForm, newMemberOf } from '../../common/members/member-form.tsx';
import { useSignedInSession } from '../../session/session-context.ts';
import { paths } from '../../navigation/paths.ts';

/** A field agent registers a farmer; the new member's page opens next (to add a plot). */
export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSignedInSession();
  const actionKey = useActionKey();
  // A retry of the same member (after a lost answer) is answered with the member first created.
  const onboard = useWrite(
    (member: NewMember) => onboardMember(member, { idempotencyKey: actionKey.keyFor(member) }),
    [queryKeys.members.all],
  );
  useDocumentTitle(t('screens.onboarding'));

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('members.onboarding.description')}>
          {t('members.onboarding.title')}
        </Header>
      }
    >
      <MemberForm
        initial={newMemberForm(user.defaultFederation)}
        onSubmit={async (values) => {
          const member = newMemberOf(values);
          // A duplicate (ERR_DUPLICATE_MEMBER) is explained by the error dialog; the form stays filled in.
          const { id } = await onboard.mutateAsync(member);
          navigate(paths.member(id));
        }}
        onCancel={() => navigate(paths.members)}
      />
    </ContentLayout>
  );
}
