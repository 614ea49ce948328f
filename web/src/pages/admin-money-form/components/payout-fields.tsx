import { adminNewPayoutRequestSchema } from '@cpbo/schemas/admin-records.ts';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { dayTextOf, readDay } from '../../../common/admin-form/day-field.tsx';
import { kindDayField } from './kind-day-field.tsx';
import type { MoneyFieldSet, MoneyRecordBase } from './money-field-set.ts';

const ASSESSMENT_ID_MAX_LENGTH = adminNewPayoutRequestSchema.properties.assessmentId.maxLength;

interface PayoutFields {
  assessmentId: string;
  assessmentDate: string;
  payoutDate: string;
}

/** A payout's body without its member (which a change does not send). */
const payoutBody = ({ plotId, amount }: MoneyRecordBase, fields: PayoutFields) => {
  const assessmentId = fields.assessmentId.trim();
  const assessmentDate = readDay(fields.assessmentDate);
  const payoutDate = readDay(fields.payoutDate);
  return assessmentId && 'seconds' in assessmentDate && 'seconds' in payoutDate
    ? {
        plotId,
        amount,
        assessmentId,
        assessmentDate: assessmentDate.seconds,
        payoutDate: payoutDate.seconds,
      }
    : undefined;
};

/** Spec section 5: member, plot, amount, assessment reference, assessment date and payout date, all required. */
export const payoutFieldSet: MoneyFieldSet<'payouts', PayoutFields> = {
  kind: 'payouts',
  withPlot: true,
  empty: { assessmentId: '', assessmentDate: '', payoutDate: '' },
  fieldsOf: (payout) => ({
    assessmentId: payout.assessmentId,
    assessmentDate: dayTextOf(payout.assessmentDate),
    payoutDate: dayTextOf(payout.payoutDate),
  }),
  fields: (props) => {
    const { t, values, onChange, showProblems } = props;
    const assessmentIdLabel = t('adminRecords.columns.assessmentId');
    const assessmentIdMissing = showProblems && !values.assessmentId.trim();
    return [
      <FormField
        key="assessmentId"
        label={assessmentIdLabel}
        errorText={assessmentIdMissing ? t('adminForm.required', { field: assessmentIdLabel }) : undefined}
      >
        <Input
          name="assessmentId"
          value={values.assessmentId}
          invalid={assessmentIdMissing}
          nativeInputAttributes={{ maxLength: ASSESSMENT_ID_MAX_LENGTH }}
          onChange={({ detail }) => onChange({ assessmentId: detail.value })}
        />
      </FormField>,
      kindDayField('assessmentDate', props),
      kindDayField('payoutDate', props),
    ];
  },
  newBody: (base, fields) => {
    const payout = payoutBody(base, fields);
    return payout && { memberId: base.member.id, ...payout };
  },
  updateBody: payoutBody,
};
