import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from './error-message.ts';

/**
 * The sending of a form: `pending` while its call runs (and once it succeeded, as the page then
 * leaves), `failure` the message of a refusal, which the form shows itself. A send while another is
 * pending does nothing. `send` answers whether the call succeeded; `clearFailure` hides the message
 * (the user changed what was refused).
 */
export function useSubmission() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (call: () => Promise<void>): Promise<boolean> => {
    if (pending) return false;
    setPending(true);
    setFailure(null);
    try {
      await call();
      return true;
    } catch (error) {
      setFailure(failureMessage(t, error));
      setPending(false);
      return false;
    }
  };

  return { pending, failure, send, clearFailure: () => setFailure(null) };
}
