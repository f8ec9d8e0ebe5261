import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature, WEBHOOK_TOLERANCE_SECONDS } from './signature.ts';

const SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const BODY = '{"id":"evt_1","type":"payment.succeeded"}';
const NOW = new Date('2025-06-01T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('webhook signatures (Khel-Signature: t=…,v1=…)', () => {
  it('accepts a fresh signature, within the 300 s window either way', () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    const header = signWebhook(SECRET, BODY, NOW);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    for (const skew of [0, WEBHOOK_TOLERANCE_SECONDS, -WEBHOOK_TOLERANCE_SECONDS])
      expect(verifyWebhookSignature(SECRET, BODY, header, at(skew))).toEqual({ ok: true });
  });

  it('refuses a stale or future timestamp even with a valid HMAC (replay window)', () => {
    const header = signWebhook(SECRET, BODY, NOW);
    expect(verifyWebhookSignature(SECRET, BODY, header, at(WEBHOOK_TOLERANCE_SECONDS + 1))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyWebhookSignature(SECRET, BODY, header, at(-WEBHOOK_TOLERANCE_SECONDS - 1))).toEqual({
      ok: false,
      reason: 'stale',
    });
    // Moving the timestamp forward to get back into the window breaks the HMAC, which covers it.
    const v1 = header.split('v1=')[1];
    const moved = `t=${Math.floor(at(3600).getTime() / 1000)},v1=${v1}`;
    expect(verifyWebhookSignature(SECRET, BODY, moved, at(3600))).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses another secret, another body, and malformed headers', () => {
    const header = signWebhook(SECRET, BODY, NOW);
    expect(verifyWebhookSignature('another-secret', BODY, header, NOW).ok).toBe(false);
    expect(verifyWebhookSignature(SECRET, `${BODY} `, header, NOW).ok).toBe(false);
    expect(verifyWebhookSignature(SECRET, BODY, undefined, NOW)).toEqual({ ok: false, reason: 'missing' });
    for (const bad of ['v1=00', 't=abc,v1=00', `t=${Math.floor(NOW.getTime() / 1000)}`])
      expect(verifyWebhookSignature(SECRET, BODY, bad, NOW)).toEqual({ ok: false, reason: 'malformed' });
    // A short or non-hex candidate is skipped before the constant-time comparison (equal lengths only).
    const t = Math.floor(NOW.getTime() / 1000);
    expect(verifyWebhookSignature(SECRET, BODY, `t=${t},v1=abcd`, NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('accepts any of several v1 values, so the secret can be rotated', () => {
    const t = Math.floor(NOW.getTime() / 1000);
    const old = createHmac('sha256', 'the-old-secret').update(`${t}.${BODY}`).digest('hex');
    const current = createHmac('sha256', SECRET).update(`${t}.${BODY}`).digest('hex');
    expect(verifyWebhookSignature(SECRET, BODY, `t=${t},v1=${old},v1=${current}`, NOW)).toEqual({ ok: true });
    expect(verifyWebhookSignature(SECRET, BODY, `t=${t},v1=${old}`, NOW).ok).toBe(false);
  });
});
