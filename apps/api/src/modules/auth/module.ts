import { allRoutes, defineModule } from '../../lib/module.ts';
import { requireActiveUser } from '../profile/index.ts';
import { authRouter } from './auth.routes.ts';
import { createIdentityProviders, type IdentityProviders } from './identity-providers.ts';
import { OtpService } from './otp.ts';
import { SandboxSmsProvider, type SmsProvider } from './providers/sms.ts';
import { sandboxRouter } from './sandbox.routes.ts';
import { TokenService } from './tokens.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    sms: SmsProvider;
    otp: OtpService;
    tokens: TokenService;
    /** Outside sign-in services (Google, WhatsApp), sandboxes outside production. */
    identityProviders: IdentityProviders;
  }
}

/** Every way to sign in, and the tokens and sessions that follow (README.md). */
export const authModule = defineModule({
  name: 'auth',
  routes: allRoutes(authRouter, sandboxRouter),
  createDeps: async ({ env, db, secrets, logger, clock }) => {
    const sms = new SandboxSmsProvider(db);
    const tokens = new TokenService(db, secrets, clock);
    return {
      sms,
      otp: new OtpService(db, sms, secrets.otpPepper, clock, logger),
      tokens,
      identityProviders: await createIdentityProviders(env, db, clock),
      access: {
        userIdOfAccessToken: (token) => tokens.verifyAccessToken(token),
        userOfAccessToken: async (token) => (await tokens.verifyAccess(token))?.user ?? null,
        activeUser: requireActiveUser,
      },
    };
  },
});
