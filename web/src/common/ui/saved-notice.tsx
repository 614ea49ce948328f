import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import Flashbar from '@cloudscape-design/components/flashbar';

/*
 * A saved edit confirms itself on the screen it leads to: the form hands that screen what it saved (the
 * router's state), which shows it as a success message until dismissed. A reload or a link does not
 * show it again.
 */

interface SavedState {
  savedNotice: string;
}

/** The router state a form navigates with after saving: what the next screen says was saved. */
export const savedState = (notice: string): SavedState => ({ savedNotice: notice });

const isSavedState = (state: unknown): state is SavedState =>
  typeof (state as SavedState | null)?.savedNotice === 'string';

/** The message a form handed to this screen, as a flashbar for its notifications (undefined: none). */
export function useSavedNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  // The history entry whose message was taken: a message arriving on a screen already shown replaces
  // the one it showed (state adjusted while rendering, not in an effect).
  const [taken, setTaken] = useState<string | null>(null);
  if (isSavedState(location.state) && taken !== location.key) {
    setTaken(location.key);
    setNotice(location.state.savedNotice);
  }
  useEffect(() => {
    // Taken: going back to this entry later does not say it again.
    if (isSavedState(location.state))
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);
  return notice === null ? undefined : (
    <Flashbar
      items={[
        {
          id: 'saved',
          type: 'success',
          content: notice,
          dismissible: true,
          dismissLabel: t('form.dismiss'),
          onDismiss: () => setNotice(null),
        },
      ]}
    />
  );
}
