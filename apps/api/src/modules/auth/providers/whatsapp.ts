import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';

/**
 * WhatsApp one-time login provider (SPEC §1, §7). The user confirms in WhatsApp, the provider
 * redirects back with `code` and `provider=whatsapp`, the client exchanges the code at the
 * provider for an access token and calls `POST /authentication/login` with it as a bearer token.
 * The API then asks the provider which WhatsApp id (E.164 digits) the token stands for.
 */
export interface WhatsAppProvider {
  readonly name: string;
  /** The WhatsApp id a token was issued for, spending the token; null for an unknown, expired or used one. */
  redeemAccessToken(token: string): Promise<{ waId: string } | null>;
}

/** Codes live 5 minutes, tokens 10; both are single use. */
export const SANDBOX_WHATSAPP_CODE_TTL_MS = 5 * 60 * 1000;
export const SANDBOX_WHATSAPP_TOKEN_TTL_MS = 10 * 60 * 1000;

/** Only a hash is stored, as a real provider would; the value itself is handed out once. */
const grantKey = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Sandbox WhatsApp provider: plays WhatsApp's side. Its page (modules/auth/sandbox.routes.ts) takes a
 * phone number, "sends" the WhatsApp message (stored for /api/dev/outbox, never delivered) and
 * issues a code; codes and tokens are kept in sandbox_grants, single use and short-lived.
 */
export class SandboxWhatsAppProvider implements WhatsAppProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  private async grant(kind: 'code' | 'token', waId: string, ttlMs: number) {
    const value = randomBytes(24).toString('base64url');
    const now = this.clock();
    const t = schema.sandboxGrants;
    await this.db.delete(t).where(and(eq(t.provider, 'whatsapp'), lt(t.expiresAt, now)));
    await this.db.insert(t).values({
      value: grantKey(value),
      provider: 'whatsapp',
      kind,
      subject: waId,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    });
    return value;
  }

  private async spend(kind: 'code' | 'token', value: string) {
    const now = this.clock();
    const t = schema.sandboxGrants;
    const [row] = await this.db
      .update(t)
      .set({ consumedAt: now })
      .where(
        and(
          eq(t.value, grantKey(value)),
          eq(t.provider, 'whatsapp'),
          eq(t.kind, kind),
          isNull(t.consumedAt),
          gt(t.expiresAt, now),
        ),
      )
      .returning({ subject: t.subject });
    return row?.subject ?? null;
  }

  /** The user confirmed on the sandbox page: "send" the WhatsApp message and issue the redirect code. */
  async authorize(waId: string): Promise<{ code: string }> {
    await this.db.insert(schema.sandboxMessages).values({
      channel: 'whatsapp',
      recipient: `+${waId}`,
      body: 'Khel: your WhatsApp sign-in was confirmed. If you did not ask to sign in, ignore this message. (sandbox: not delivered)',
    });
    return { code: await this.grant('code', waId, SANDBOX_WHATSAPP_CODE_TTL_MS) };
  }

  /** The provider's token endpoint: a code is exchanged once for a short-lived access token. */
  async exchangeCode(code: string) {
    const waId = await this.spend('code', code);
    if (!waId) return null;
    const accessToken = await this.grant('token', waId, SANDBOX_WHATSAPP_TOKEN_TTL_MS);
    return { accessToken, waId, expiresIn: SANDBOX_WHATSAPP_TOKEN_TTL_MS / 1000 };
  }

  async redeemAccessToken(token: string) {
    const waId = await this.spend('token', token);
    return waId ? { waId } : null;
  }
}
