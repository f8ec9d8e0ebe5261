import type { Database } from '@khel/db';
import { schema } from '@khel/db';

export interface SmsMessage {
  to: string;
  body: string;
}

/** Sends text messages. The sandbox is the default; a real adapter (an SMS gateway) plugs in here. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

export class SmsProviderError extends Error {}

const E164 = /^\+[1-9]\d{6,14}$/;
/** One SMS segment: 160 GSM-7 characters (70 when the text needs UCS-2). */
const MAX_SEGMENT = 160;

/**
 * Sandbox SMS provider: applies a real gateway's rules (E.164 recipient, single-segment text)
 * and, instead of sending, stores the message for /api/dev/outbox. Never reaches a phone.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Database) {}

  async send({ to, body }: SmsMessage) {
    if (!E164.test(to)) throw new SmsProviderError(`Sandbox SMS: recipient ${to.slice(0, 4)}… is not E.164`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: GSM-7 check needs the control range
    const limit = /^[\x00-\x7F]*$/.test(body) ? MAX_SEGMENT : 70;
    if (body.length === 0 || body.length > limit)
      throw new SmsProviderError('Sandbox SMS: text must fit one segment');
    const [row] = await this.db
      .insert(schema.sandboxMessages)
      .values({ channel: 'sms', recipient: to, body })
      .returning({ id: schema.sandboxMessages.id });
    return { providerMessageId: row!.id };
  }
}
