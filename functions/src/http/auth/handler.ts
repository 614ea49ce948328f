import { httpHandler } from '#http/middleware/http-handler.ts';
import { changePassword } from './change-password.ts';
import { enablerProfile } from './enabler-profile.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { logoutFromEverywhere } from './logout-from-everywhere.ts';
import { refresh } from './refresh.ts';

export const handler = httpHandler(
  'auth',
  {
    'POST /auth/login': login,
    'GET /auth/refresh': refresh,
    'GET /auth/enablerProfile/{enablerId}': enablerProfile,
    'POST /auth/logout': logout,
    'GET /auth/logoutFromEverywhere': logoutFromEverywhere,
    'PUT /auth/password': changePassword,
  },
  { validators: () => import('#generated/validators/auth.generated.ts') },
);
