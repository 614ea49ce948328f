import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import {
  BENEFIT_RUN_COMMENT_MAX_LENGTH,
  benefitRunActions,
  benefitRunAllows,
} from '@cpbo/schemas/benefit-runs.ts';
import { useNavigate } from 'react-router-dom';
import { useMoveBenefitRun } from '../../../api/benefit-runs-queries.ts';
import type { BenefitRun, BenefitRunAction } from '../../../api/benefit-runs.ts';
import { useActionKey } from '../../../api/use-action-key.ts';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import { paths } from '../../../navigation/paths.ts';
import { useRunFormats } from './run-formats.ts';

/** What the administrator may ask of the run now: its table of actions, as the API checks it. */
export const availableActions = (run: BenefitRun): BenefitRunAction[] =>
  benefitRunActions.filter((action) =>
    benefitRunAllows(
      {
        state: run.state,
        failedIn: run.failure?.in ?? null,
        kind: run.kind,
        reversedBy: run.reversedBy,
        paidPlots: run.payment?.paid.plots ?? 0,
      },
      action,
    ),
  );

/** The actions that take no comment. */
const withoutComment: readonly BenefitRunAction[] = ['resume', 'preview', 'reverse'];

/**
 * The run's buttons (every action its table allows now) and their confirmations, some with a comment;
 * approve and reject are off for the uploader and their line (`reviewBarred`).
 */
export function RunActions({ run, reviewBarred }: { run: BenefitRun; reviewBarred: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
    const values = {
      action: asked,
      comment: withoutComment.includes(asked) || text === '' ? undefined : text,
      // The review names the preview the reviewer saw: one computed again since is refused.
      previewComputedAt: commentRequired ? run.preview?.computedAt : undefined,
    };
    try {
      const moved = await move.mutateAsync({ ...values, idempotencyKey: actionKey.keyFor(values) });
      actionKey.succeeded();
      if (moved.id !== run.id) navigate(paths.benefitRun(moved.id));
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
      ? t(
          run.kind === 'REVERSAL'
            ? 'benefitRuns.actions.approve.reversalMessage'
            : 'benefitRuns.actions.approve.message',
          {
            amount: formats.amount(accepted?.amount),
            members: formats.count(accepted?.members),
            plots: formats.count(accepted?.plots),
            assessment: run.assessmentId,
          },
        )
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
        {button('preview')}
        {button('reverse')}
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
          {asked !== null && !withoutComment.includes(asked) && (
            <FormField
              label={
                commentRequired ? (
                  <>
                    {t('benefitRuns.actions.comment')} <i>({t('benefitRuns.actions.commentRequiredMark')})</i>
                  </>
                ) : (
                  t('benefitRuns.actions.comment')
                )
              }
              description={commentRequired ? undefined : t('benefitRuns.actions.commentOptional')}
              errorText={commentMissing ? t('benefitRuns.actions.commentRequired') : undefined}
            >
              <Textarea
                value={comment}
                rows={3}
                onChange={({ detail }) => {
                  setComment(detail.value.slice(0, BENEFIT_RUN_COMMENT_MAX_LENGTH));
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
