import type { Database } from '@khel/db';
import type { Env } from '../../../env.ts';
import type { SocialLinkProviders } from './link-providers.ts';
import { DiscordLinkAdapter, SteamLinkAdapter, XLinkAdapter } from './platform-adapters.ts';
import { SandboxLinkAdapter } from './sandbox-link.ts';

/**
 * Chooses who links each platform by environment (DESIGN §8): the sandbox outside production; in
 * production the real platform when its OAuth client is configured (Steam's OpenID needs none), else
 * none. The sandbox is refused in production, and a real OAuth platform without its client.
 */
export function createSocialLinkProviders(env: Env, db: Database, clock: () => Date): SocialLinkProviders {
  const production = env.NODE_ENV === 'production';
  const xMode = env.X_LINK_PROVIDER ?? (production ? (env.X_CLIENT_ID ? 'x' : 'none') : 'sandbox');
  const discordMode =
    env.DISCORD_LINK_PROVIDER ??
    (production ? (env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET ? 'discord' : 'none') : 'sandbox');
  const steamMode = env.STEAM_LINK_PROVIDER ?? (production ? 'steam' : 'sandbox');
  for (const [name, mode] of [
    ['X_LINK_PROVIDER', xMode],
    ['DISCORD_LINK_PROVIDER', discordMode],
    ['STEAM_LINK_PROVIDER', steamMode],
  ] as const) {
    if (production && mode === 'sandbox') throw new Error(`${name}=sandbox is not allowed in production`);
  }
  if (xMode === 'x' && !env.X_CLIENT_ID) throw new Error('X_LINK_PROVIDER=x needs X_CLIENT_ID');
  if (discordMode === 'discord' && !(env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET))
    throw new Error('DISCORD_LINK_PROVIDER=discord needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET');
  const timeoutMs = env.SOCIAL_API_TIMEOUT_MS;
  return {
    twitter:
      xMode === 'sandbox'
        ? new SandboxLinkAdapter('twitter', db, clock)
        : xMode === 'x'
          ? new XLinkAdapter({
              clientId: env.X_CLIENT_ID!,
              clientSecret: env.X_CLIENT_SECRET,
              authorizeUrl: env.X_AUTHORIZE_URL,
              apiRoot: env.X_API_ROOT,
              timeoutMs,
            })
          : null,
    discord:
      discordMode === 'sandbox'
        ? new SandboxLinkAdapter('discord', db, clock)
        : discordMode === 'discord'
          ? new DiscordLinkAdapter({
              clientId: env.DISCORD_CLIENT_ID!,
              clientSecret: env.DISCORD_CLIENT_SECRET!,
              authorizeUrl: env.DISCORD_AUTHORIZE_URL,
              apiRoot: env.DISCORD_API_ROOT,
              timeoutMs,
            })
          : null,
    steam:
      steamMode === 'sandbox'
        ? new SandboxLinkAdapter('steam', db, clock)
        : steamMode === 'steam'
          ? new SteamLinkAdapter({ openIdUrl: env.STEAM_OPENID_URL, timeoutMs })
          : null,
  };
}
