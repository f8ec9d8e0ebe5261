import {
  type AuthorizeRequest,
  type CallbackRequest,
  DISCORD_ID_PATTERN,
  type LinkedAccount,
  LinkProviderError,
  OPENID_NS,
  type SocialLinkAdapter,
  steamAuthorizeParams,
  steamIdOfClaimedId,
  X_USER_ID_PATTERN,
} from './link-providers.ts';

/** One call to a platform with a timeout: the status and the body as text. Unreachable or slow is `failed`. */
async function call(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const where = new URL(url);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new LinkProviderError(
      'failed',
      `${where.origin}${where.pathname}: ${timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable'}`,
    );
  }
  return { status: res.status, text: await res.text().catch(() => '') };
}

function jsonOf(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const trimRoot = (root: string) => root.replace(/\/+$/, '');
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The OAuth 2.0 callback's code, or why there is none (the person refused: `error=access_denied`). */
function codeOf(query: Record<string, string>): string {
  if (query.error)
    throw new LinkProviderError(query.error === 'access_denied' ? 'denied' : 'failed', query.error);
  const code = query.code;
  if (!code || code.length > 2_048) throw new LinkProviderError('failed', 'no code in the callback');
  return code;
}

/** POST a form to a token endpoint: the access token, or `failed` (a bad, expired or used code is a 400). */
async function exchangeCode(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<string> {
  const { status, text } = await call(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    },
    timeoutMs,
  );
  const body = jsonOf(text);
  const token = body?.access_token;
  if (status !== 200 || typeof token !== 'string' || token.length === 0) {
    const error = typeof body?.error === 'string' ? body.error : `status ${status}`;
    throw new LinkProviderError('failed', `token endpoint refused the code: ${error}`);
  }
  return token;
}

async function getMe(url: string, accessToken: string, timeoutMs: number) {
  const { status, text } = await call(
    url,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    timeoutMs,
  );
  const body = jsonOf(text);
  if (status !== 200 || !body) throw new LinkProviderError('failed', `${url}: answered ${status}`);
  return body;
}

/** An OAuth client at a platform: its id (and secret), its authorize page, and where its API answers. */
export interface OAuthClientOptions {
  clientId: string;
  /** X: a confidential client's secret (Basic auth at the token endpoint); a public client sends client_id in the form. */
  clientSecret?: string | undefined;
  authorizeUrl: string;
  apiRoot: string;
  timeoutMs: number;
}

/** The authorize page with the request's parameters. */
function pageWith(page: string, params: Record<string, string>): string {
  const url = new URL(page);
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

/**
 * X: OAuth 2.0 Authorization Code Flow with PKCE (scopes users.read tweet.read). The code is exchanged
 * at POST /2/oauth2/token (grant_type=authorization_code, code_verifier), then GET /2/users/me names
 * the account (data.id, data.username, data.name).
 */
export class XLinkAdapter implements SocialLinkAdapter {
  readonly name = 'x';
  constructor(private readonly options: OAuthClientOptions) {}

  authorizeUrl(request: AuthorizeRequest): string {
    return pageWith(this.options.authorizeUrl, {
      response_type: 'code',
      client_id: this.options.clientId,
      redirect_uri: request.callbackUrl,
      scope: 'users.read tweet.read',
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async complete(request: CallbackRequest): Promise<LinkedAccount> {
    const code = codeOf(request.query);
    const { clientId, clientSecret, apiRoot, timeoutMs } = this.options;
    const token = await exchangeCode(
      `${trimRoot(apiRoot)}/2/oauth2/token`,
      {
        code,
        grant_type: 'authorization_code',
        redirect_uri: request.callbackUrl,
        code_verifier: request.codeVerifier,
        ...(clientSecret ? {} : { client_id: clientId }),
      },
      clientSecret ? { authorization: basic(clientId, clientSecret) } : {},
      timeoutMs,
    );
    const me = await getMe(`${trimRoot(apiRoot)}/2/users/me`, token, timeoutMs);
    const data = me.data as Record<string, unknown> | undefined;
    const id = data?.id;
    if (typeof id !== 'string' || !X_USER_ID_PATTERN.test(id))
      throw new LinkProviderError('failed', 'X answered no user id');
    return {
      subject: id,
      details: {
        ...(typeof data?.username === 'string' ? { username: data.username } : {}),
        ...(typeof data?.name === 'string' ? { name: data.name.slice(0, 100) } : {}),
      },
    };
  }
}

/**
 * Discord: OAuth2 authorization code grant with the `identify` scope. The code is exchanged at
 * POST /oauth2/token (client id and secret as Basic auth), then GET /users/@me names the account
 * (id, username, global_name).
 */
export class DiscordLinkAdapter implements SocialLinkAdapter {
  readonly name = 'discord';
  /** apiRoot https://discord.com/api/v10: the token endpoint is <root>/oauth2/token, the user <root>/users/@me. */
  constructor(private readonly options: OAuthClientOptions & { clientSecret: string }) {}

  authorizeUrl(request: AuthorizeRequest): string {
    return pageWith(this.options.authorizeUrl, {
      response_type: 'code',
      client_id: this.options.clientId,
      scope: 'identify',
      state: request.state,
      redirect_uri: request.callbackUrl,
      prompt: 'consent',
    });
  }

  async complete(request: CallbackRequest): Promise<LinkedAccount> {
    const code = codeOf(request.query);
    const { clientId, clientSecret, apiRoot, timeoutMs } = this.options;
    const token = await exchangeCode(
      `${trimRoot(apiRoot)}/oauth2/token`,
      { grant_type: 'authorization_code', code, redirect_uri: request.callbackUrl },
      { authorization: basic(clientId, clientSecret) },
      timeoutMs,
    );
    const me = await getMe(`${trimRoot(apiRoot)}/users/@me`, token, timeoutMs);
    if (typeof me.id !== 'string' || !DISCORD_ID_PATTERN.test(me.id))
      throw new LinkProviderError('failed', 'Discord answered no user id');
    return {
      subject: me.id,
      details: {
        ...(typeof me.username === 'string' ? { username: me.username } : {}),
        ...(typeof me.global_name === 'string' ? { name: me.global_name.slice(0, 100) } : {}),
      },
    };
  }
}

/**
 * Steam: OpenID 2.0 (Steam has no OAuth for this). The browser comes back with a positive assertion
 * (openid.mode=id_res); we check that it names Steam's endpoint, our return_to and a Steam claimed id,
 * then ask Steam itself whether it signed it: the same parameters with openid.mode=check_authentication,
 * answered `is_valid:true` in key-value form.
 */
export class SteamLinkAdapter implements SocialLinkAdapter {
  readonly name = 'steam';
  constructor(private readonly options: { openIdUrl: string; timeoutMs: number }) {}

  authorizeUrl(request: AuthorizeRequest): string {
    const url = new URL(this.options.openIdUrl);
    url.search = steamAuthorizeParams(request.callbackUrl, request.realm).toString();
    return url.href;
  }

  async complete(request: CallbackRequest): Promise<LinkedAccount> {
    const q = request.query;
    if (q['openid.mode'] === 'cancel') throw new LinkProviderError('denied', 'cancelled on Steam');
    if (q['openid.mode'] !== 'id_res' || q['openid.ns'] !== OPENID_NS)
      throw new LinkProviderError('failed', 'not a positive OpenID assertion');
    if (q['openid.op_endpoint'] !== this.options.openIdUrl)
      throw new LinkProviderError('failed', 'assertion from another OpenID endpoint');
    if (q['openid.return_to'] !== request.callbackUrl)
      throw new LinkProviderError('failed', 'assertion for another return_to');
    const steamId = steamIdOfClaimedId(q['openid.claimed_id']);
    if (!steamId || q['openid.identity'] !== q['openid.claimed_id'])
      throw new LinkProviderError('failed', 'assertion names no Steam account');
    const signed = (q['openid.signed'] ?? '').split(',');
    for (const field of [
      'op_endpoint',
      'claimed_id',
      'identity',
      'return_to',
      'response_nonce',
      'assoc_handle',
    ])
      if (!signed.includes(field)) throw new LinkProviderError('failed', `openid.${field} is not signed`);
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (k.startsWith('openid.')) form.set(k, v);
    form.set('openid.mode', 'check_authentication');
    const { status, text } = await call(
      this.options.openIdUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      this.options.timeoutMs,
    );
    const valid = status === 200 && text.split('\n').some((line) => line.trim() === 'is_valid:true');
    if (!valid) throw new LinkProviderError('failed', 'Steam did not confirm the assertion');
    return { subject: steamId, details: {} };
  }
}
