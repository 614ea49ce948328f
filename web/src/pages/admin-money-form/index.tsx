import { cashoutFieldSet } from './components/cashout-fields.tsx';
import { contributionFieldSet } from './components/contribution-fields.tsx';
import { NewMoneyRecordPage, UpdateMoneyRecordPage } from './components/money-record-form.tsx';
import { payoutFieldSet } from './components/payout-fields.tsx';

/*
 * The administrator's money record screens (spec section 5): one form, with each kind's own fields after
 * the member and the amount.
 */
export const NewContributionPage = () => <NewMoneyRecordPage fieldSet={contributionFieldSet} />;
export const UpdateContributionPage = () => <UpdateMoneyRecordPage fieldSet={contributionFieldSet} />;
export const NewPayoutPage = () => <NewMoneyRecordPage fieldSet={payoutFieldSet} />;
export const UpdatePayoutPage = () => <UpdateMoneyRecordPage fieldSet={payoutFieldSet} />;
export const NewCashoutPage = () => <NewMoneyRecordPage fieldSet={cashoutFieldSet} />;
export const UpdateCashoutPage = () => <UpdateMoneyRecordPage fieldSet={cashoutFieldSet} />;
