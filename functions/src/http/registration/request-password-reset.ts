import type { FromSchema, resetRequestSchema } from '@cpbo/schemas';
import { normalizeEmail } from '#domain/emails.ts';
import { getUser } from '#data/accounts/users.ts';
import { ok, type AnonymousRequest, type ApiResponse } from '#http/middleware/api-types.ts';
import { mailOneTimeLink } from '../accounts/account-mails.ts';

/** Every answer takes at least this long, so its timing does not tell whether the address exists. */
export const NEUTRAL_RESPONSE_MS = 400;

const neutralAnswer = ok({ message: 'If the email is correct, an email has been sent.' });

/** POST /resetPassword/request: mails a renewal link to an active account; answers the same either way. */
export const requestPasswordReset = async ({
  body,
}: AnonymousRequest<FromSchema<typeof resetRequestSchema>>): Promise<ApiResponse> => {
  const started = Date.now();
  const user = await getUser(normalizeEmail(body.email));
  if (user?.active) await mailOneTimeLink(user, 'RESET');
  const remaining = NEUTRAL_RESPONSE_MS - (Date.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return neutralAnswer;
};
