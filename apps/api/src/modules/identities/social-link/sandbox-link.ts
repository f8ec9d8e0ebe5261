import { createHash, randomBytes } from 'node:crypto';
import { API_BASE_PATH, type SocialLinkProvider } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  type AuthorizeRequest,
  type CallbackRequest,
  type LinkedAccount,
  LinkProviderError,
  OPENID_NS,
  type SocialLinkAdapter,
  STEAM_CLAIMED_ID_PREFIX,
  steamAuthorizeParams,
  steamIdOfClaimedId,
} from './link-providers.ts';
import { codeChallengeOf } from './link-state.ts';

/** Codes (and Steam assertions) live 5 minutes and are single use, as the platforms' are. */
export const SANDBOX_LINK_CODE_TTL_MS = 5 * 60 * 1000;
export const SANDBOX_LINK_CLIENT_ID = 'khel-sandbox';
/** The sandbox's OpenID endpoint, which its assertions name as openid.op_endpoint (never Steam's). */
export const SANDBOX_STEAM_OP_ENDPOINT = `${API_BASE_PATH}/sandbox/social/steam/openid`;

export const sandboxAuthorizePath = (provider: SocialLinkProvider) =>
  `${API_BASE_PATH}/sandbox/social/${provider}/authorize`;

/** Only a hash of a code is stored, as a real platform would; the code itself is handed out once. */
const grantKey = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Sandbox X, Discord and Steam for linking (DESIGN §8): plays the platform's side so a developer can
 * link accounts locally. Its page (sandbox-link.routes.ts) takes the account a developer types (in the
 * platform's real formats) and issues a code (X, Discord) or a signed assertion (Steam); codes are kept
 * in sandbox_grants, single use and short-lived, and X's code is bound to the PKCE challenge and the
 * redirect_uri as X binds them. Nothing here reaches the real platforms.
 */
export class SandboxLinkAdapter implements SocialLinkAdapter {
  readonly name = 'sandbox';

  constructor(
    private readonly provider: SocialLinkProvider,
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  authorizeUrl(request: AuthorizeRequest): string {
    const params =
      this.provider === 'steam'
        ? steamAuthorizeParams(request.callbackUrl, null)
        : new URLSearchParams({
            response_type: 'code',
            client_id: SANDBOX_LINK_CLIENT_ID,
            redirect_uri: request.callbackUrl,
            scope: this.provider === 'twitter' ? 'users.read tweet.read' : 'identify',
            state: request.state,
            ...(this.provider === 'twitter'
              ? { code_challenge: request.codeChallenge, code_challenge_method: 'S256' }
              : {}),
          });
    return `${sandboxAuthorizePath(this.provider)}?${params.toString()}`;
  }

  /**
   * The developer approved on the sandbox page: a code for `redirectUri` (X: bound to the PKCE
   * challenge), or for Steam the callback's OpenID parameters, signed with a one-use handle.
   */
  async approve(
    account: LinkedAccount,
    binding: { redirectUri: string; codeChallenge?: string },
  ): Promise<{ code: string }> {
    const code = randomBytes(24).toString('base64url');
    const now = this.clock();
    const t = schema.sandboxGrants;
    await this.db.delete(t).where(and(eq(t.provider, this.provider), lt(t.expiresAt, now)));
    await this.db.insert(t).values({
      value: grantKey(code),
      provider: this.provider,
      kind: 'code',
      subject: account.subject,
      details: {
        ...account.details,
        redirectUri: binding.redirectUri,
        ...(binding.codeChallenge ? { codeChallenge: binding.codeChallenge } : {}),
      },
      expiresAt: new Date(now.getTime() + SANDBOX_LINK_CODE_TTL_MS),
      createdAt: now,
    });
    return { code };
  }

  /** Steam's positive assertion for the developer's SteamID64, as the callback receives it. */
  async steamAssertion(steamId: string, returnTo: string): Promise<URLSearchParams> {
    const { code } = await this.approve({ subject: steamId, details: {} }, { redirectUri: returnTo });
    const claimedId = `${STEAM_CLAIMED_ID_PREFIX}${steamId}`;
    return new URLSearchParams({
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': SANDBOX_STEAM_OP_ENDPOINT,
      'openid.claimed_id': claimedId,
      'openid.identity': claimedId,
      'openid.return_to': returnTo,
      'openid.response_nonce': `${this.clock().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
      'openid.assoc_handle': '1234567890',
      'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
      'openid.sig': code,
    });
  }

  private async spend(code: string) {
    const now = this.clock();
    const t = schema.sandboxGrants;
    const [row] = await this.db
      .update(t)
      .set({ consumedAt: now })
      .where(
        and(
          eq(t.value, grantKey(code)),
          eq(t.provider, this.provider),
          eq(t.kind, 'code'),
          isNull(t.consumedAt),
          gt(t.expiresAt, now),
        ),
      )
      .returning({ subject: t.subject, details: t.details });
    return row ?? null;
  }

  async complete(request: CallbackRequest): Promise<LinkedAccount> {
    const q = request.query;
    if (this.provider === 'steam') return this.completeSteam(request);
    if (q.error) throw new LinkProviderError(q.error === 'access_denied' ? 'denied' : 'failed', q.error);
    const code = q.code;
    if (!code || code.length > 200) throw new LinkProviderError('failed', 'no code in the callback');
    const row = await this.spend(code);
    if (!row) throw new LinkProviderError('failed', 'sandbox code unknown, expired or used');
    const { redirectUri, codeChallenge, ...details } = row.details;
    if (redirectUri !== request.callbackUrl) throw new LinkProviderError('failed', 'redirect_uri mismatch');
    if (this.provider === 'twitter' && codeChallenge !== codeChallengeOf(request.codeVerifier))
      throw new LinkProviderError('failed', 'code_verifier does not match the code_challenge');
    return { subject: row.subject, details };
  }

  /** check_authentication, as Steam answers it: the signature must be one this sandbox issued, once. */
  private async completeSteam(request: CallbackRequest): Promise<LinkedAccount> {
    const q = request.query;
    if (q['openid.mode'] === 'cancel') throw new LinkProviderError('denied', 'cancelled');
    if (q['openid.mode'] !== 'id_res' || q['openid.op_endpoint'] !== SANDBOX_STEAM_OP_ENDPOINT)
      throw new LinkProviderError('failed', 'not a sandbox OpenID assertion');
    if (q['openid.return_to'] !== request.callbackUrl)
      throw new LinkProviderError('failed', 'assertion for another return_to');
    const steamId = steamIdOfClaimedId(q['openid.claimed_id']);
    const sig = q['openid.sig'];
    if (!steamId || q['openid.identity'] !== q['openid.claimed_id'] || !sig || sig.length > 200)
      throw new LinkProviderError('failed', 'assertion names no Steam account');
    const row = await this.spend(sig);
    if (!row || row.subject !== steamId || row.details.redirectUri !== request.callbackUrl)
      throw new LinkProviderError('failed', 'is_valid:false');
    return { subject: steamId, details: {} };
  }
}
