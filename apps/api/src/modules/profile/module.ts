import { defineModule } from '../../lib/module.ts';
import { profileRouter } from './profile.routes.ts';
import { type MailProvider, SandboxMailProvider } from './providers/mail.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** Sends the email verification codes (a sandbox outbox outside production). */
    mail: MailProvider;
  }
}

/** The signed-in user's profile: names, username, email, professions, picture (README.md). */
export const profileModule = defineModule({
  name: 'profile',
  routes: profileRouter,
  createDeps: ({ db }) => ({ mail: new SandboxMailProvider(db) }),
});
