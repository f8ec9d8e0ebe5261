/**
 * A loopback fake of the Telegram Bot API for tests: point grammY at it with `client.apiRoot`.
 * It records every call, keeps updates for getUpdates (or posts them to a webhook), and answers like Telegram
 * where it matters: 401 for a wrong token, 404 for unknown methods, 403 for users who blocked the bot and 429
 * with `retry_after` beyond 1 message/s per chat or 30/s overall. Inline mode: answerInlineQuery and
 * savePreparedInlineMessage check their results as Telegram does and are recorded (`inlineAnswers`, `prepared`).
 */
export {
  type FakeInvoice,
  type FakePayResult,
  PRE_CHECKOUT_DEADLINE_MS,
} from './payments.ts';
export { SendRateLimiter } from './rate-limit.ts';
export {
  type FakeTelegram,
  type FakeTelegramOptions,
  type InlineAnswer,
  type PreparedInlineMessageRecord,
  type RecordedCall,
  type SentMessage,
  startFakeTelegram,
  type WebhookDelivery,
} from './server.ts';
export {
  type CommandUpdateOptions,
  callbackQueryUpdate,
  commandUpdate,
  groupChat,
  type InlineChatType,
  inlineQueryUpdate,
  type MessageChat,
  myChatMemberUpdate,
  privateChatOf,
  startUpdate,
  type TestUser,
  testUser,
  textUpdate,
  type UpdateDraft,
  writeAccessAllowedUpdate,
} from './updates.ts';

import type { InlineKeyboardButton } from 'grammy/types';
import type { SentMessage } from './server.ts';

/** The inline buttons of a sent message, row after row. */
export function inlineButtons(message: SentMessage | undefined): InlineKeyboardButton[] {
  return message?.replyMarkup?.inline_keyboard.flat() ?? [];
}

/** The URL a button opens: its `web_app.url` or its `url`. */
export function buttonUrl(button: InlineKeyboardButton | undefined): string | undefined {
  if (!button) return undefined;
  if ('web_app' in button) return button.web_app.url;
  if ('url' in button) return button.url;
  return undefined;
}
