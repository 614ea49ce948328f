import { MIN_PASSWORD_LENGTH } from '@cpbo/schemas';

export type PasswordProblem = 'ERR_PASSWORD_TOO_SHORT' | 'ERR_PASSWORD_UNCHANGED';

/** The rule every new password meets (register, reset, change): at least 8 characters, not the current one. */
export const newPasswordProblem = (
  newPassword: string,
  currentPassword?: string,
): PasswordProblem | undefined => {
  if ([...newPassword].length < MIN_PASSWORD_LENGTH) return 'ERR_PASSWORD_TOO_SHORT';
  if (currentPassword !== undefined && newPassword === currentPassword) return 'ERR_PASSWORD_UNCHANGED';
  return undefined;
};
