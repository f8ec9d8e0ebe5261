import type { Database } from '@khel/db';
import type { Env } from '../../../env.ts';
import { DiscordApiProvider, type DiscordProvider } from './discord-provider.ts';
import { SandboxDiscordProvider, SandboxXProvider } from './sandbox-social.ts';
import { XApiProvider, type XProvider } from './x-provider.ts';

/** Who the social quest tasks ask (AppDeps.social): null when that platform cannot be asked (`none`). */
export interface SocialProviders {
  x: XProvider | null;
  discord: DiscordProvider | null;
}

/**
 * Chooses each platform's provider by environment (DESIGN §8): the sandbox outside production; in
 * production the real API when its token is set, else none. The sandbox is refused in production, and
 * the real API without its token.
 */
export function createSocialProviders(env: Env, db: Database, clock: () => Date): SocialProviders {
  const production = env.NODE_ENV === 'production';
  const xMode = env.X_PROVIDER ?? (production ? (env.X_BEARER_TOKEN ? 'x' : 'none') : 'sandbox');
  const discordMode =
    env.DISCORD_PROVIDER ?? (production ? (env.DISCORD_BOT_TOKEN ? 'discord' : 'none') : 'sandbox');
  if (production && xMode === 'sandbox') throw new Error('X_PROVIDER=sandbox is not allowed in production');
  if (production && discordMode === 'sandbox')
    throw new Error('DISCORD_PROVIDER=sandbox is not allowed in production');
  if (xMode === 'x' && !env.X_BEARER_TOKEN) throw new Error('X_PROVIDER=x needs X_BEARER_TOKEN');
  if (discordMode === 'discord' && !env.DISCORD_BOT_TOKEN)
    throw new Error('DISCORD_PROVIDER=discord needs DISCORD_BOT_TOKEN');
  const timeoutMs = env.SOCIAL_API_TIMEOUT_MS;
  return {
    x:
      xMode === 'sandbox'
        ? new SandboxXProvider(db, clock)
        : xMode === 'x'
          ? new XApiProvider({ bearerToken: env.X_BEARER_TOKEN!, apiRoot: env.X_API_ROOT, timeoutMs })
          : null,
    discord:
      discordMode === 'sandbox'
        ? new SandboxDiscordProvider(db)
        : discordMode === 'discord'
          ? new DiscordApiProvider({
              botToken: env.DISCORD_BOT_TOKEN!,
              apiRoot: env.DISCORD_API_ROOT,
              timeoutMs,
            })
          : null,
  };
}
