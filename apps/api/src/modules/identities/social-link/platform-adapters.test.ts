import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { createSocialLinkProviders } from './create-link-providers.ts';
import { LinkProviderError } from './link-providers.ts';
import { codeChallengeOf } from './link-state.ts';
import { DiscordLinkAdapter, SteamLinkAdapter, XLinkAdapter } from './platform-adapters.ts';

/**
 * The real adapters against fake X, Discord and Steam servers on 127.0.0.1 that answer as the
 * platforms document: X's POST /2/oauth2/token (authorization_code with code_verifier; Basic auth for a
 * confidential client) and GET /2/users/me; Discord's POST /oauth2/token (Basic auth) and GET
 * /users/@me; Steam's OpenID 2.0 check_authentication answered in key-value form.
 */

const CALLBACK = 'https://khel.example/api/social-auth/x/callback';
const VERIFIER = 'v'.repeat(43);
const X_ID = '1790000000000000001';
const DISCORD_ID = '80351110224678912';
const STEAM_ID = '76561197960287930';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}
let seen: Seen[] = [];
let steamValid = true;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function fake(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url!, 'http://127.0.0.1');
  const form = new URLSearchParams(Buffer.concat(chunks).toString());
  seen.push({ method: req.method!, path: url.pathname, headers: req.headers, form });
  const auth = req.headers.authorization;
  if (req.method === 'POST' && url.pathname === '/x/2/oauth2/token') {
    if (form.get('grant_type') !== 'authorization_code' || form.get('code') !== 'good-code')
      return send(res, 400, {
        error: 'invalid_request',
        error_description: 'Value passed for the authorization code was invalid.',
      });
    if (form.get('code_verifier') !== VERIFIER) return send(res, 400, { error: 'invalid_request' });
    return send(res, 200, {
      token_type: 'bearer',
      expires_in: 7200,
      access_token: 'x-user-token',
      scope: 'users.read tweet.read',
    });
  }
  if (req.method === 'GET' && url.pathname === '/x/2/users/me') {
    if (auth !== 'Bearer x-user-token') return send(res, 401, { title: 'Unauthorized', status: 401 });
    return send(res, 200, { data: { id: X_ID, name: 'Khel Gamer', username: 'khel_gamer' } });
  }
  if (req.method === 'POST' && url.pathname === '/discord/oauth2/token') {
    if (auth !== `Basic ${Buffer.from('dc-id:dc-secret').toString('base64')}`)
      return send(res, 401, { error: 'invalid_client' });
    if (form.get('code') !== 'good-code') return send(res, 400, { error: 'invalid_grant' });
    return send(res, 200, {
      access_token: 'dc-user-token',
      token_type: 'Bearer',
      expires_in: 604800,
      scope: 'identify',
    });
  }
  if (req.method === 'GET' && url.pathname === '/discord/users/@me') {
    if (auth !== 'Bearer dc-user-token') return send(res, 401, { message: '401: Unauthorized', code: 0 });
    return send(res, 200, {
      id: DISCORD_ID,
      username: 'khel.gamer',
      global_name: 'Khel Gamer',
      discriminator: '0',
    });
  }
  if (req.method === 'POST' && url.pathname === '/steam/openid/login') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const ok =
      steamValid && form.get('openid.mode') === 'check_authentication' && form.get('openid.sig') === 'sig';
    return res.end(`ns:http://specs.openid.net/auth/2.0\nis_valid:${ok}\n`);
  }
  if (url.pathname === '/slow') return; // never answers
  send(res, 404, { error: 'not found' });
}

let server: Server;
let root = '';
beforeAll(async () => {
  server = createServer((req, res) => void fake(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
  steamValid = true;
});

const refused = async (p: Promise<unknown>, reason: 'denied' | 'failed') => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LinkProviderError);
  expect((err as LinkProviderError).reason).toBe(reason);
};

describe('XLinkAdapter (OAuth 2.0 with PKCE)', () => {
  const x = (clientSecret?: string) =>
    new XLinkAdapter({
      clientId: 'x-client',
      clientSecret,
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      apiRoot: `${root}/x`,
      timeoutMs: 2_000,
    });

  it('sends the browser to X with the S256 challenge, the scopes and the state', () => {
    const url = new URL(
      x().authorizeUrl({
        state: 'st',
        codeChallenge: codeChallengeOf(VERIFIER),
        callbackUrl: CALLBACK,
        realm: '',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://x.com/i/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'x-client',
      redirect_uri: CALLBACK,
      scope: 'users.read tweet.read',
      state: 'st',
      code_challenge: codeChallengeOf(VERIFIER),
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with the verifier (public client: client_id in the form) and reads /2/users/me', async () => {
    const account = await x().complete({
      query: { code: 'good-code', state: 'st' },
      codeVerifier: VERIFIER,
      callbackUrl: CALLBACK,
    });
    expect(account).toEqual({ subject: X_ID, details: { username: 'khel_gamer', name: 'Khel Gamer' } });
    const token = seen.find((s) => s.path === '/x/2/oauth2/token')!;
    expect(Object.fromEntries(token.form)).toEqual({
      code: 'good-code',
      grant_type: 'authorization_code',
      redirect_uri: CALLBACK,
      code_verifier: VERIFIER,
      client_id: 'x-client',
    });
    expect(token.headers.authorization).toBeUndefined();
  });

  it('a confidential client authenticates with Basic auth', async () => {
    await x('x-secret').complete({
      query: { code: 'good-code' },
      codeVerifier: VERIFIER,
      callbackUrl: CALLBACK,
    });
    const token = seen.find((s) => s.path === '/x/2/oauth2/token')!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('x-client:x-secret').toString('base64')}`);
    expect(token.form.get('client_id')).toBeNull();
  });

  it('a bad code or verifier, a refusal and an unreachable X link nothing', async () => {
    await refused(
      x().complete({ query: { code: 'used-code' }, codeVerifier: VERIFIER, callbackUrl: CALLBACK }),
      'failed',
    );
    await refused(
      x().complete({ query: { code: 'good-code' }, codeVerifier: 'w'.repeat(43), callbackUrl: CALLBACK }),
      'failed',
    );
    await refused(
      x().complete({ query: { error: 'access_denied' }, codeVerifier: VERIFIER, callbackUrl: CALLBACK }),
      'denied',
    );
    const slow = new XLinkAdapter({
      clientId: 'c',
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      apiRoot: `${root}/slow`,
      timeoutMs: 200,
    });
    await refused(
      slow.complete({ query: { code: 'good-code' }, codeVerifier: VERIFIER, callbackUrl: CALLBACK }),
      'failed',
    );
  });
});

describe('DiscordLinkAdapter (OAuth2 code grant, identify)', () => {
  const discord = (clientSecret = 'dc-secret') =>
    new DiscordLinkAdapter({
      clientId: 'dc-id',
      clientSecret,
      authorizeUrl: 'https://discord.com/oauth2/authorize',
      apiRoot: `${root}/discord`,
      timeoutMs: 2_000,
    });

  it('asks for identify, exchanges the code with Basic auth and reads /users/@me', async () => {
    const url = new URL(
      discord().authorizeUrl({ state: 'st', codeChallenge: 'c', callbackUrl: CALLBACK, realm: '' }),
    );
    expect(url.searchParams.get('scope')).toBe('identify');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const account = await discord().complete({
      query: { code: 'good-code' },
      codeVerifier: VERIFIER,
      callbackUrl: CALLBACK,
    });
    expect(account).toEqual({ subject: DISCORD_ID, details: { username: 'khel.gamer', name: 'Khel Gamer' } });
    const token = seen.find((s) => s.path === '/discord/oauth2/token')!;
    expect(Object.fromEntries(token.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: CALLBACK,
    });
  });

  it('a wrong secret or a bad code links nothing', async () => {
    await refused(
      discord('wrong').complete({ query: { code: 'good-code' }, codeVerifier: '', callbackUrl: CALLBACK }),
      'failed',
    );
    await refused(
      discord().complete({ query: { code: 'bad' }, codeVerifier: '', callbackUrl: CALLBACK }),
      'failed',
    );
  });
});

describe('SteamLinkAdapter (OpenID 2.0)', () => {
  const steam = () => new SteamLinkAdapter({ openIdUrl: `${root}/steam/openid/login`, timeoutMs: 2_000 });
  const RETURN_TO = 'https://khel.example/api/social-auth/steam/callback?state=st';
  const assertion = (over: Record<string, string> = {}) => ({
    state: 'st',
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'id_res',
    'openid.op_endpoint': `${root}/steam/openid/login`,
    'openid.claimed_id': `https://steamcommunity.com/openid/id/${STEAM_ID}`,
    'openid.identity': `https://steamcommunity.com/openid/id/${STEAM_ID}`,
    'openid.return_to': RETURN_TO,
    'openid.response_nonce': '2026-11-24T23:00:00Zabc',
    'openid.assoc_handle': '1234567890',
    'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
    'openid.sig': 'sig',
    ...over,
  });

  it('sends the browser to checkid_setup with identifier_select, our return_to and realm', () => {
    const url = new URL(
      steam().authorizeUrl({
        state: 'st',
        codeChallenge: '',
        callbackUrl: RETURN_TO,
        realm: 'https://khel.example',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to': RETURN_TO,
      'openid.realm': 'https://khel.example',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    });
  });

  it('asks Steam to check the assertion (check_authentication) and takes the SteamID64 of the claimed id', async () => {
    const account = await steam().complete({ query: assertion(), codeVerifier: '', callbackUrl: RETURN_TO });
    expect(account).toEqual({ subject: STEAM_ID, details: {} });
    const check = seen.find((s) => s.path === '/steam/openid/login')!;
    expect(check.form.get('openid.mode')).toBe('check_authentication');
    expect(check.form.get('openid.sig')).toBe('sig');
    expect(check.form.get('state')).toBeNull();
  });

  it('refuses is_valid:false, another endpoint or return_to, a claimed id that is not a SteamID64, and a cancel', async () => {
    const done = (query: Record<string, string>) =>
      steam().complete({ query, codeVerifier: '', callbackUrl: RETURN_TO });
    steamValid = false;
    await refused(done(assertion()), 'failed');
    steamValid = true;
    seen = [];
    await refused(done(assertion({ 'openid.op_endpoint': 'https://evil.example/openid' })), 'failed');
    await refused(done(assertion({ 'openid.return_to': 'https://evil.example/cb' })), 'failed');
    const notSteam = 'https://steamcommunity.com/openid/id/12345';
    await refused(done(assertion({ 'openid.claimed_id': notSteam, 'openid.identity': notSteam })), 'failed');
    await refused(done(assertion({ 'openid.signed': 'signed,op_endpoint,identity' })), 'failed');
    // None of these was worth asking Steam about.
    expect(seen).toEqual([]);
    await refused(done({ 'openid.mode': 'cancel' }), 'denied');
  });
});

describe('createSocialLinkProviders', () => {
  const env = (vars: Record<string, string>) => loadEnv({ DATA_DIR: '/tmp/unused', ...vars });
  const db = {} as never;
  const clock = () => new Date();

  it('uses the sandboxes outside production and refuses them in production', () => {
    const dev = createSocialLinkProviders(env({ NODE_ENV: 'test' }), db, clock);
    expect([dev.twitter?.name, dev.discord?.name, dev.steam?.name]).toEqual([
      'sandbox',
      'sandbox',
      'sandbox',
    ]);
    expect(() =>
      createSocialLinkProviders(env({ NODE_ENV: 'production', X_LINK_PROVIDER: 'sandbox' }), db, clock),
    ).toThrow(/not allowed in production/);
  });

  it('in production: the real platform when its client is set, else none; Steam needs no client', () => {
    const none = createSocialLinkProviders(env({ NODE_ENV: 'production' }), db, clock);
    expect([none.twitter, none.discord, none.steam?.name]).toEqual([null, null, 'steam']);
    const real = createSocialLinkProviders(
      env({ NODE_ENV: 'production', X_CLIENT_ID: 'x', DISCORD_CLIENT_ID: 'd', DISCORD_CLIENT_SECRET: 's' }),
      db,
      clock,
    );
    expect([real.twitter?.name, real.discord?.name]).toEqual(['x', 'discord']);
    expect(() =>
      createSocialLinkProviders(env({ NODE_ENV: 'test', X_LINK_PROVIDER: 'x' }), db, clock),
    ).toThrow(/X_CLIENT_ID/);
  });
});
