import { type Envelope, OTP_LENGTH } from '@khel/core/contract';

/** A message the sandbox SMS/WhatsApp providers "sent", as GET /api/dev/outbox lists it. */
export interface OutboxMessage {
  id: string;
  channel: string;
  to: string;
  body: string;
  createdAt: string;
}

/** Messages in the sandbox outbox, all of them or only those sent to `to` (E.164). */
export async function readOutbox(baseUrl: string, to?: string): Promise<OutboxMessage[]> {
  const url = new URL('/api/dev/outbox', baseUrl);
  if (to) url.searchParams.set('to', to);
  const response = await fetch(url);
  const envelope = (await response.json()) as Envelope<OutboxMessage[]>;
  if (!response.ok || !envelope.success) {
    throw new Error(`GET ${url.pathname} answered ${response.status}: ${envelope.message}`);
  }
  return envelope.data;
}

const CODE_PATTERN = new RegExp(`(?<!\\d)(\\d{${OTP_LENGTH}})(?!\\d)`);

/** The one-time code in a message body, or undefined. */
export function codeIn(body: string): string | undefined {
  return CODE_PATTERN.exec(body)?.[1];
}

/**
 * Waits for a message to `to` that is not in `seenIds` and returns its code. The sandbox delivers
 * with a small delay, as a real SMS gateway would.
 */
export async function waitForCode(
  baseUrl: string,
  to: string,
  seenIds: ReadonlySet<string> = new Set(),
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = (await readOutbox(baseUrl, to)).filter((message) => !seenIds.has(message.id));
    const code = fresh.map((message) => codeIn(message.body)).find((found) => found !== undefined);
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(
        `No ${OTP_LENGTH}-digit code reached ${to} within ${timeoutMs} ms (outbox: ${fresh.length} new)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
