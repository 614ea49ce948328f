import { httpHandler } from '#http/middleware/http-handler.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { setPasswordWithOneTimeToken } from './set-password-with-token.ts';

export const handler = httpHandler(
  'registration',
  {
    'POST /register': setPasswordWithOneTimeToken('REGISTER'),
    'POST /resetPassword': setPasswordWithOneTimeToken('RESET'),
    'POST /resetPassword/request': requestPasswordReset,
  },
  { validators: () => import('#generated/validators/registration.generated.ts') },
);
