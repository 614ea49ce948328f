import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error.ts';
import { subscribeToErrors } from '../../api/error-bus.ts';
import { errorMessage } from './error-message.ts';
import type { ErrorModalProps } from './error-modal.tsx';

/** The dialog in plain HTML, for when the modal's code cannot be fetched (the network is down). */
function PlainErrorDialog({ error, onDismiss }: ErrorModalProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="plain-error-title"
      className="plain-error-dialog"
    >
      <h2 id="plain-error-title">{t('errorDialog.title')}</h2>
      <p>{errorMessage(t, error)}</p>
      <button type="button" onClick={onDismiss}>
        {t('errorDialog.ok')}
      </button>
    </div>
  );
}

// The Cloudscape modal (portal, focus lock) is fetched only when an error first waits: no screen's first
// load pays for it.
const ErrorModal = lazy(() => import('./error-modal.tsx').catch(() => ({ default: PlainErrorDialog })));

/** Shows, one at a time, the API errors that no screen handled itself. */
export function ErrorDialog() {
  const [pending, setPending] = useState<ApiError[]>([]);

  useEffect(
    () =>
      subscribeToErrors((error) => {
        setPending((errors) => [...errors, error]);
      }),
    [],
  );

  const [current] = pending;
  const dismiss = () => setPending((errors) => errors.slice(1));

  if (current === undefined) return null;
  return (
    <Suspense fallback={null}>
      <ErrorModal error={current} onDismiss={dismiss} />
    </Suspense>
  );
}
