import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures: `Khel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * The timestamp is signed with the body, so a captured delivery cannot be replayed later than
 * WEBHOOK_TOLERANCE_SECONDS, and its body cannot be changed.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'Khel-Signature';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const name = piece.slice(0, eq).trim();
    parts.set(name, [...(parts.get(name) ?? []), piece.slice(eq + 1).trim()]);
  }
  const t = parts.get('t')?.[0];
  const signatures = parts.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  // Several v1 values are allowed so a secret can be rotated; each is compared in constant time.
  let match = false;
  for (const candidate of signatures) {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) continue;
    if (timingSafeEqual(Buffer.from(candidate, 'hex'), expected)) match = true;
  }
  return match ? { ok: true } : { ok: false, reason: 'mismatch' };
}
