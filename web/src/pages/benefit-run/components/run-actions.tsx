import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useMoveBenefitRun } from '../../../api/benefit-runs-queries.ts';
import type { BenefitRun, BenefitRunAction } from '../../../api/benefit-runs.ts';
import { useActionKey } from '../../../api/use-action-key.ts';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import { useRunFormats } from './run-formats.ts';

/** A review's comment, as the API takes it. */
const COMMENT_MAX_LENGTH = 1000;

/**
 * What an administrator may do with the run now (the API decides, and refuses anything else): review
 * it once previewed, cancel it before approval (or once its preview failed), resume it where it failed.
 */
export const availableActions = (run: BenefitRun): BenefitRunAction[] => {
  const { state } = run;
  return [
    ...(state === 'PENDING_APPROVAL' ? (['approve', 'reject'] as const) : []),
    ...(state === 'PREVIEWING' ||
    state === 'PENDING_APPROVAL' ||
    (state === 'FAILED' && run.failure?.in === 'PREVIEW')
      ? (['cancel'] as const)
      : []),
    ...(state === 'FAILED' ? (['resume'] as const) : []),
  ];
};

/** Whether the signed-in administrator uploaded the run: another one must review it. */
export const isUploader = (run: BenefitRun, email: string): boolean =>
  run.createdBy.toLowerCase() === email.toLowerCase();

/**
 * The run's buttons (approve, reject, cancel, resume) and their confirmations, each with a comment;
 * approve and reject are off for the uploader and their line (`reviewBarred`).
 */
export function RunActions({ run, reviewBarred }: { run: BenefitRun; reviewBarred: boolean }) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const move = useMoveBenefitRun(run.id);
  const actionKey = useActionKey();
  const [asked, setAsked] = useState<BenefitRunAction | null>(null);
  const [comment, setComment] = useState('');
  const [commentMissing, setCommentMissing] = useState(false);
  const actions = availableActions(run);
  const commentRequired = asked === 'approve' || asked === 'reject';

  const ask = (action: BenefitRunAction) => {
    setAsked(action);
    setComment('');
    setCommentMissing(false);
  };
  const confirm = async () => {
    if (!asked) return;
    const text = comment.trim();
    if (commentRequired && text === '') {
      setCommentMissing(true);
      return;
    }
    const values = { action: asked, comment: asked === 'resume' || text === '' ? undefined : text };
    try {
      await move.mutateAsync({ ...values, idempotencyKey: actionKey.keyFor(values) });
      actionKey.succeeded();
    } catch {
      // The error dialog says why (another administrator moved it meanwhile, the uploader's own review…).
    } finally {
      setAsked(null);
    }
  };

  const accepted = run.preview?.accepted;
  const duplicates = run.preview?.duplicates ?? 0;
  const message =
    asked === 'approve'
      ? t('benefitRuns.actions.approve.message', {
          amount: formats.amount(accepted?.amount),
          members: formats.count(accepted?.members),
          plots: formats.count(accepted?.plots),
          assessment: run.assessmentId,
        })
      : asked
        ? t(`benefitRuns.actions.${asked}.message`, { assessment: run.assessmentId })
        : '';
  const button = (action: BenefitRunAction, primary = false) =>
    actions.includes(action) && (
      <Button
        key={action}
        variant={primary ? 'primary' : 'normal'}
        disabled={reviewBarred && (action === 'approve' || action === 'reject')}
        onClick={() => ask(action)}
      >
        {t(`benefitRuns.actions.${action}.button`)}
      </Button>
    );

  return (
    <>
      <SpaceBetween direction="horizontal" size="xs">
        {button('resume')}
        {button('cancel')}
        {button('reject')}
        {button('approve', true)}
      </SpaceBetween>
      <ConfirmDialog
        visible={asked !== null}
        header={asked ? t(`benefitRuns.actions.${asked}.title`) : ''}
        confirmLabel={asked ? t(`benefitRuns.actions.${asked}.confirm`) : ''}
        cancelLabel={t('benefitRuns.actions.back')}
        busy={move.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
      >
        <SpaceBetween size="m">
          <Box variant="p">{message}</Box>
          {asked === 'approve' && duplicates > 0 && (
            <Alert type="warning">{t('benefitRuns.actions.approve.duplicates', { count: duplicates })}</Alert>
          )}
          {asked !== 'resume' && (
            <FormField
              label={t('benefitRuns.actions.comment')}
              description={commentRequired ? undefined : t('benefitRuns.actions.commentOptional')}
              errorText={commentMissing ? t('benefitRuns.actions.commentRequired') : undefined}
            >
              <Textarea
                value={comment}
                rows={3}
                onChange={({ detail }) => {
                  setComment(detail.value.slice(0, COMMENT_MAX_LENGTH));
                  setCommentMissing(false);
                }}
              />
            </FormField>
          )}
        </SpaceBetween>
      </ConfirmDialog>
    </>
  );
}
