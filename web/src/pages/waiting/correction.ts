import type { QueuedWrite } from '../../api/offline/queued-writes.ts';
import { readAmount } from '../../common/money/amount-input.ts';
import { amountProblem, parseDecimal } from '../../common/plots/plot-fields.ts';

/** A field the agent may correct in a refused write; its label is `offline.correct.<name>`. */
export type CorrectionField = 'name' | 'village' | 'number' | 'plotName' | 'droughtMonthlyContrib' | 'amount';

export type CorrectionValues = Partial<Record<CorrectionField, string>>;

/** The fields a write's correction offers, with the values it was sent with. */
export function correctionValuesOf(write: QueuedWrite): CorrectionValues {
  switch (write.kind) {
    case 'member':
      return { name: write.body.name, village: write.body.village, number: write.body.number };
    case 'plot':
      return { plotName: write.body.name, droughtMonthlyContrib: String(write.body.droughtMonthlyContrib) };
    case 'protection':
      return { droughtMonthlyContrib: String(write.body.droughtMonthlyContrib) };
    case 'contribution':
    case 'cashout':
      return { amount: String(write.body.amount) };
  }
}

/** The message key of a field's problem, if any. */
export function correctionProblem(
  field: CorrectionField,
  text: string,
  amountDecimals: number,
): string | undefined {
  if (field === 'amount')
    return 'problem' in readAmount(text, amountDecimals) ? 'offline.correct.invalid' : undefined;
  if (field === 'droughtMonthlyContrib') return amountProblem(text) ? 'offline.correct.invalid' : undefined;
  return text.trim() ? undefined : 'offline.correct.required';
}

/** The corrected body, from values without problems. */
export function correctedBody(write: QueuedWrite, values: CorrectionValues): QueuedWrite['body'] {
  const text = (field: CorrectionField) => (values[field] ?? '').trim();
  const decimal = (field: CorrectionField) => parseDecimal(text(field).replace(',', '.')) ?? Number.NaN;
  switch (write.kind) {
    case 'member':
      return { ...write.body, name: text('name'), village: text('village'), number: text('number') };
    case 'plot':
      return {
        ...write.body,
        name: text('plotName'),
        droughtMonthlyContrib: decimal('droughtMonthlyContrib'),
      };
    case 'protection':
      return { ...write.body, droughtMonthlyContrib: decimal('droughtMonthlyContrib') };
    case 'contribution':
    case 'cashout':
      return { ...write.body, amount: decimal('amount') };
  }
}
