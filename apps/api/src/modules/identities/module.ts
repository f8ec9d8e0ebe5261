import { allRoutes, defineModule } from '../../lib/module.ts';
import { identitiesRouter } from './identities.routes.ts';
import { createSocialLinkProviders } from './social-link/create-link-providers.ts';
import type { SocialLinkProviders } from './social-link/link-providers.ts';
import { sandboxLinkRouter } from './social-link/sandbox-link.routes.ts';
import { socialLinkRouter } from './social-link/social-link.routes.ts';
import { telegramLinkRouter } from './telegram-link.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** Who links X, Discord and Steam accounts (social-link/): sandboxes outside production, null when off. */
    socialLink: SocialLinkProviders;
  }
}

/** The sign-in methods linked to one account: list, link, unlink (README.md). */
export const identitiesModule = defineModule({
  name: 'identities',
  routes: allRoutes(identitiesRouter, socialLinkRouter, sandboxLinkRouter, telegramLinkRouter),
  createDeps: ({ env, db, clock }) => ({ socialLink: createSocialLinkProviders(env, db, clock) }),
});
