import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { login, loginCode, logout, whoAmI } from '../../src/features/auth/auth.server.ts';
import { changeOwnPassword } from '../../src/features/auth/admins.server.ts';
import { confirmSetup, renewRecoveryCodes, startSetup, turnOff } from '../../src/features/auth/second-factor.server.ts';

export const config: Config = {
  path: [
    '/v1/api/auth',
    '/v1/api/auth/login',
    '/v1/api/auth/login/code',
    '/v1/api/auth/logout',
    '/v1/api/auth/password',
    '/v1/api/auth/second-factor',
    '/v1/api/auth/second-factor/setup',
    '/v1/api/auth/second-factor/recovery-codes',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

/** One's own second factor is set up while the school requires it and the account has none. */
const ownSecondFactor = (handler: Parameters<typeof adminOnly>[0]) => adminOnly(handler, { beforeSecondFactor: true });

export default router({
  '/v1/api/auth': { GET: whoAmI },
  '/v1/api/auth/login': { POST: login },
  // The second step of a sign-in with a second factor: the code, with the step's cookie.
  '/v1/api/auth/login/code': { POST: loginCode },
  '/v1/api/auth/logout': { POST: logout },
  // Allowed with a temporary password, and before a required second factor is set up: it is how one is replaced.
  '/v1/api/auth/password': {
    POST: adminOnly(changeOwnPassword, { beforePasswordChange: true, beforeSecondFactor: true }),
  },
  '/v1/api/auth/second-factor': { POST: ownSecondFactor(confirmSetup), DELETE: ownSecondFactor(turnOff) },
  '/v1/api/auth/second-factor/setup': { POST: ownSecondFactor(startSetup) },
  '/v1/api/auth/second-factor/recovery-codes': { POST: ownSecondFactor(renewRecoveryCodes) },
});
