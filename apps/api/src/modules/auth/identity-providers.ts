import type { Database } from '@khel/db';
import { createRemoteJWKSet } from 'jose';
import type { Env } from '../../env.ts';
import { GOOGLE_ISSUERS, GoogleIdTokenVerifier } from './google-id-token.ts';
import { SandboxGoogleProvider } from './providers/google.ts';
import { SandboxWhatsAppProvider, type WhatsAppProvider } from './providers/whatsapp.ts';
import type { SiwePolicy } from './siwe.ts';
import type { TonProofPolicy } from './ton-proof.ts';

/** The outside sign-in services, chosen by environment (DESIGN §8): sandboxes outside production. */
export interface IdentityProviders {
  google: { mode: 'sandbox' | 'google'; clientId: string; verifier: GoogleIdTokenVerifier } | null;
  sandboxGoogle: SandboxGoogleProvider | null;
  whatsapp: WhatsAppProvider | null;
  sandboxWhatsApp: SandboxWhatsAppProvider | null;
}

export async function createIdentityProviders(
  env: Env,
  db: Database,
  clock: () => Date,
): Promise<IdentityProviders> {
  const production = env.NODE_ENV === 'production';
  const googleMode = env.GOOGLE_PROVIDER ?? (production ? 'google' : 'sandbox');
  let google: IdentityProviders['google'] = null;
  let sandboxGoogle: SandboxGoogleProvider | null = null;
  if (googleMode === 'sandbox') {
    if (production) throw new Error('GOOGLE_PROVIDER=sandbox is not allowed in production');
    sandboxGoogle = await SandboxGoogleProvider.load(env.DATA_DIR, clock);
    google = {
      mode: 'sandbox',
      clientId: sandboxGoogle.clientId,
      verifier: new GoogleIdTokenVerifier({
        keys: sandboxGoogle.verificationKeys(),
        issuers: [sandboxGoogle.issuer],
        audience: sandboxGoogle.clientId,
        clock,
      }),
    };
  } else if (env.GOOGLE_CLIENT_ID) {
    google = {
      mode: 'google',
      clientId: env.GOOGLE_CLIENT_ID,
      verifier: new GoogleIdTokenVerifier({
        keys: createRemoteJWKSet(new URL(env.GOOGLE_JWKS_URL), { timeoutDuration: 5_000 }),
        issuers: GOOGLE_ISSUERS,
        audience: env.GOOGLE_CLIENT_ID,
        clock,
      }),
    };
  }

  const whatsappMode = env.WHATSAPP_PROVIDER ?? (production ? 'none' : 'sandbox');
  if (whatsappMode === 'sandbox' && production) {
    throw new Error('WHATSAPP_PROVIDER=sandbox is not allowed in production');
  }
  const sandboxWhatsApp = whatsappMode === 'sandbox' ? new SandboxWhatsAppProvider(db, clock) : null;

  return { google, sandboxGoogle, whatsapp: sandboxWhatsApp, sandboxWhatsApp };
}

/**
 * Origins of our own sites: PUBLIC_URL (default http://localhost:PORT), the Mini App, CORS_ORIGINS,
 * and outside production the Vite dev servers and the origin the request came to (a server on a
 * random port, as in end-to-end tests). Sign-in messages and redirects must name one of them. In
 * production the Host header is never trusted for this: it is the client's to choose.
 */
export function ownOrigins(env: Env, requestUrl?: string): Set<string> {
  const origins = new Set<string>();
  const add = (url: string) => {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // CORS_ORIGINS entries are not validated as URLs; a bad one simply is not ours.
    }
  };
  add(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  if (env.TELEGRAM_MINIAPP_URL) add(env.TELEGRAM_MINIAPP_URL);
  for (const o of env.CORS_ORIGINS ?? []) add(o);
  if (env.NODE_ENV !== 'production') {
    for (const port of [env.PORT, 5173, 5174]) {
      add(`http://localhost:${port}`);
      add(`http://127.0.0.1:${port}`);
    }
    if (requestUrl) add(requestUrl);
  }
  return origins;
}

/**
 * A URL of one of our own pages (where a sandbox page may send the user back with a code, token or
 * payment result), or null: anything else would be an open redirect. Drops the fragment.
 */
export function ownPageUrl(env: Env, requestUrl: string, raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2_048) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !ownOrigins(env, requestUrl).has(url.origin)) return null;
  url.hash = '';
  return url;
}

export const ownHosts = (env: Env, requestUrl?: string) =>
  new Set([...ownOrigins(env, requestUrl)].map((o) => new URL(o).host));
export const ownHostnames = (env: Env, requestUrl?: string) =>
  new Set([...ownOrigins(env, requestUrl)].map((o) => new URL(o).hostname));

export const siwePolicy = (env: Env, now: Date, requestUrl?: string): SiwePolicy => ({
  origins: ownOrigins(env, requestUrl),
  chainIds: env.SIWE_CHAIN_IDS,
  now,
});

export const tonNetworks = (env: Env): ('-239' | '-3')[] =>
  env.TON_NETWORKS ?? (env.NODE_ENV === 'production' ? ['-239'] : ['-239', '-3']);

export const tonProofDomains = (env: Env, requestUrl?: string) =>
  new Set((env.TON_PROOF_DOMAINS ?? [...ownHosts(env, requestUrl)]).map((d) => d.toLowerCase()));

export const tonPolicy = (env: Env, now: Date, requestUrl?: string): TonProofPolicy => ({
  domains: tonProofDomains(env, requestUrl),
  networks: tonNetworks(env),
  maxAgeSeconds: env.TON_PROOF_MAX_AGE_SECONDS,
  now,
});
