import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { QueuedWrite } from '../../../api/offline/queued-writes.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import {
  correctedBody,
  correctionProblem,
  correctionValuesOf,
  type CorrectionField,
  type CorrectionValues,
} from '../correction.ts';

export interface CorrectDialogProps {
  write: QueuedWrite;
  /** Resolves once the corrected write waits in its place again. */
  onCorrect: (body: QueuedWrite['body']) => Promise<void>;
  onCancel: () => void;
}

/** A refused write's values, corrected by the agent and sent again (with a new key: other values). */
export function CorrectDialog({ write, onCorrect, onCancel }: CorrectDialogProps) {
  const { t } = useTranslation();
  const { amountDecimals } = useMemberFormats();
  const [values, setValues] = useState<CorrectionValues>(() => correctionValuesOf(write));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const fields = Object.keys(values) as CorrectionField[];
  const problemOf = (field: CorrectionField) => correctionProblem(field, values[field] ?? '', amountDecimals);

  const confirm = async () => {
    setSubmitted(true);
    if (busy || fields.some((field) => problemOf(field) !== undefined)) return;
    setBusy(true);
    try {
      await onCorrect(correctedBody(write, values));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      visible
      header={t('offline.correct.title')}
      confirmLabel={t('offline.correct.send')}
      cancelLabel={t('offline.correct.cancel')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <SpaceBetween size="m">
        {fields.map((field) => {
          const problem = submitted ? problemOf(field) : undefined;
          return (
            <FormField key={field} label={t(`offline.correct.${field}`)} errorText={problem && t(problem)}>
              <Input
                name={field}
                value={values[field] ?? ''}
                inputMode={field === 'amount' || field === 'droughtMonthlyContrib' ? 'decimal' : undefined}
                invalid={problem !== undefined}
                onChange={({ detail }) => setValues((current) => ({ ...current, [field]: detail.value }))}
              />
            </FormField>
          );
        })}
      </SpaceBetween>
    </ConfirmDialog>
  );
}
