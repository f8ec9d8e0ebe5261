import { isValidEmail } from '@khel/core/validation';
import type { Database } from '@khel/db';
import { schema } from '@khel/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends email. The sandbox is the default; a real adapter (an email API or SMTP relay) plugs in here. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<{ providerMessageId: string }>;
}

export class MailProviderError extends Error {}

const MAX_SUBJECT = 200;
const MAX_TEXT = 10_000;

/**
 * Sandbox mail provider: checks what a real service would (a deliverable-looking address, a one-line
 * subject, a body within limits) and, instead of sending, stores the message for /api/dev/outbox.
 */
export class SandboxMailProvider implements MailProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Database) {}

  async send({ to, subject, text }: MailMessage) {
    if (!isValidEmail(to)) throw new MailProviderError('Sandbox mail: the recipient is not a valid address');
    if (subject.length === 0 || subject.length > MAX_SUBJECT || /[\r\n]/.test(subject))
      throw new MailProviderError('Sandbox mail: the subject must be one line of at most 200 characters');
    if (text.length === 0 || text.length > MAX_TEXT)
      throw new MailProviderError('Sandbox mail: the body must be 1 to 10 000 characters');
    const [row] = await this.db
      .insert(schema.sandboxMessages)
      .values({ channel: 'email', recipient: to, body: `Subject: ${subject}\n\n${text}` })
      .returning({ id: schema.sandboxMessages.id });
    return { providerMessageId: row!.id };
  }
}
