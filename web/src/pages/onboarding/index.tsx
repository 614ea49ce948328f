import { useTranslation } from 'react-i18next';
import { savedState } from '../../common/ui/saved-notice.tsx';
import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { NewMember } from '../../api/members.ts';
import { useOutboxRecord } from '../../api/offline/field-queries.ts';
import { submitFieldWrite } from '../../api/offline/field-writes.ts';
import { outbox } from '../../api/offline/outbox.ts';
import { hasWaiting } from '../../api/offline/queued-writes.ts';
import { newLocalId } from '../../api/offline/local-ids.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useWrite } from '../../api/use-write.ts';
import { useActionKey } from '../../api/use-action-key.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useOnline } from '../../browser/use-online.ts';
import { MemberForm, newMemberForm, newMemberOf } from '../../common/members/member-form.tsx';
import { isDuplicateMember, useDuplicateRefusal } from '../../common/members/duplicate-member.tsx';
import { OfflineText } from '../../common/offline/offline-text.tsx';
import { useSignedInSession } from '../../session/session-context.ts';
import { paths } from '../../navigation/paths.ts';
import { onboardingOutline } from './heading.ts';

/**
 * A field agent registers a farmer; the new member's page opens next (to add a plot). Offline, the member
 * is kept on the device (without bank details) and its page opens from there.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSignedInSession();
  const actionKey = useActionKey();
  const duplicate = useDuplicateRefusal();
  const online = useOnline();
  const record = useOutboxRecord();
  // A retry of the same member (after a lost answer) is answered with the member first created.
  const onboard = useWrite(
    (member: NewMember) =>
      submitFieldWrite(
        {
          kind: 'member',
          id: newLocalId(),
          key: actionKey.keyFor(member),
          memberName: member.name,
          body: member,
          // Said on the form itself, with the member already registered (not in the error dialog).
        },
        { showsRefusal: isDuplicateMember },
      ),
    [queryKeys.members.all],
    { networkMode: 'always' },
  );
  useDocumentTitle(t('screens.onboarding'));
  const kept = outbox.isOpen() && (!online || hasWaiting(record));

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(onboardingOutline.description)}>
          {t(onboardingOutline.heading)}
        </Header>
      }
    >
      <MemberForm
        initial={newMemberForm(user.defaultFederation)}
        bankDetailsNote={
          kept ? (
            <Alert type="info">
              <OfflineText textKey="offline.bankDetailsOffline" />
            </Alert>
          ) : undefined
        }
        duplicate={duplicate.refusal}
        onSubmit={async (values) => {
          const member = newMemberOf(values);
          try {
            const result = await onboard.mutateAsync(member);
            navigate(paths.member(result.status === 'sent' ? result.answer.id : result.write.id), {
              state: savedState(
                t(result.status === 'sent' ? 'members.onboarding.saved' : 'members.onboarding.kept', {
                  name: member.name,
                }),
              ),
            });
          } catch (error) {
            // Any other refusal is in the error dialog; the form stays filled in either way.
            duplicate.note(error, values);
            throw error;
          }
        }}
        onCancel={() => navigate(paths.members)}
      />
    </ContentLayout>
  );
}
