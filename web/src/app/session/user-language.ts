import type { AuthSession } from '../../api/auth.ts';
import { changeLanguage, currentLanguage, isLanguage } from '../../i18n/index.ts';

/**
 * Once signed in, the language kept with the user wins over the browser's and the last local choice.
 * Applied at sign-in and start-up only: a background token renewal must not switch the screen under the user.
 */
export async function applyUserLanguage(auth: AuthSession): Promise<void> {
  if (isLanguage(auth.language) && auth.language !== currentLanguage()) await changeLanguage(auth.language);
}
