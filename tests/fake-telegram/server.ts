import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type {
  BotCommand,
  Chat,
  ChatMember,
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  InlineQueryResult,
  InlineQueryResultsButton,
  MenuButton,
  Message,
  PhotoSize,
  Update,
  UserFromGetMe,
  WebhookInfo,
} from 'grammy/types';
import { Hono } from 'hono';
import { BadRequestBody, readParams } from './params.ts';
import { type FakePayments, fakePayments } from './payments.ts';
import { SendRateLimiter } from './rate-limit.ts';
import type { UpdateDraft } from './updates.ts';

export interface FakeTelegramOptions {
  /** The only token the fake accepts; anything else gets 401. */
  token: string;
  botUsername?: string;
  /** Clock for message dates and flood limits (ms). Defaults to Date.now. */
  now?: () => number;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /**
   * Telegram's flood limits: `perChat` messages per chat and `global` messages overall in any `windowMs`
   * (default 1 per chat, 30 overall, 1 000 ms), and `perGroup` messages in one group or supergroup (chat id < 0)
   * in any `groupWindowMs` (default 20 a minute). Tests shrink the windows to run the same rules faster. A send
   * with `allow_paid_broadcast: true` may go over `global`, up to `paidGlobal` overall in the window (default
   * 1 000, the Bot API's paid broadcast limit).
   */
  limits?: {
    perChat?: number;
    global?: number;
    paidGlobal?: number;
    windowMs?: number;
    perGroup?: number;
    groupWindowMs?: number;
  };
}

export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
  /** HTTP status the fake answered with; 0 while the call is still being answered (e.g. a held long poll). */
  status: number;
  /** Clock time (ms) when the call arrived. */
  at: number;
}

export interface SentMessage {
  method: 'sendMessage' | 'sendPhoto';
  chatId: number;
  messageId: number;
  text?: string;
  caption?: string;
  replyMarkup?: InlineKeyboardMarkup;
  params: Record<string, unknown>;
  message: Message;
}

/** An answerInlineQuery Telegram accepted. */
export interface InlineAnswer {
  inlineQueryId: string;
  results: InlineQueryResult[];
  cacheTime?: number;
  isPersonal?: boolean;
  nextOffset?: string;
  button?: InlineQueryResultsButton;
}

/** A savePreparedInlineMessage Telegram accepted: what the user may then share with the Mini App's shareMessage. */
export interface PreparedInlineMessageRecord {
  id: string;
  userId: number;
  result: InlineQueryResult;
  allowUserChats: boolean;
  allowBotChats: boolean;
  allowGroupChats: boolean;
  allowChannelChats: boolean;
  /** Unix seconds. */
  expirationDate: number;
}

export interface WebhookDelivery {
  updateId: number;
  url: string;
  /** HTTP status from the webhook, or null when the request failed. */
  status: number | null;
  error?: string;
}

export interface FakeTelegram {
  /** Give this to grammY as `client.apiRoot`. */
  apiRoot: string;
  botInfo: UserFromGetMe;
  /** Every request, in arrival order, including refused ones. */
  calls: RecordedCall[];
  callsTo(method: string): RecordedCall[];
  /** Messages the bot sent successfully (all chats, or one). */
  sent(chatId?: number): SentMessage[];
  /** Inline queries the bot answered (in order), or the answer to one query id. */
  inlineAnswers(): InlineAnswer[];
  inlineAnswer(inlineQueryId: string): InlineAnswer | undefined;
  /** Prepared inline messages the bot saved (savePreparedInlineMessage), in order. */
  prepared(): PreparedInlineMessageRecord[];
  /** Queues an update for getUpdates, or posts it to the webhook when one is set. */
  pushUpdate(update: UpdateDraft): Update;
  blockUser(chatId: number): void;
  unblockUser(chatId: number): void;
  /** The bot is removed from a group: sends there answer 403 'bot was kicked from the group chat'. */
  kickBot(chatId: number): void;
  /** Groups the bot left with leaveChat (or was kicked from), by id. */
  leftChats(): number[];
  /**
   * Sets a user's membership of a channel or group (`@username` or numeric id), as getChatMember answers it;
   * `restricted` members are in the chat unless `isMember` is false. A chat named here is one the bot is
   * an administrator of: getChatMember of a user never set answers `left`; any other chat is 'chat not found'.
   * Another process sets the same with `POST <apiRoot>/__fake/chat-member` `{ chat, userId, status, isMember? }`,
   * queues an update with `POST <apiRoot>/__fake/update` (an `UpdateDraft`, e.g. `startUpdate(user)`) and
   * reads the sent messages with `GET <apiRoot>/__fake/sent[?chat_id=]`.
   */
  setChatMember(
    chat: string | number,
    userId: number,
    status: ChatMember['status'],
    isMember?: boolean,
  ): void;
  webhook(): { url: string; secretToken?: string } | null;
  deliveries: WebhookDelivery[];
  commands(languageCode?: string): BotCommand[];
  menuButton(): MenuButton;
  /**
   * Makes the next `times` calls of `method` fail as Telegram does when it has trouble (default 500 'Internal
   * Server Error'); use it for outages (5xx), flood waits (429 + retryAfter) and the like.
   */
  failNext(
    method: string,
    times?: number,
    error?: { code?: number; description?: string; retryAfter?: number },
  ): void;
  /**
   * Makes the next `times` sends (sendMessage, sendPhoto) to `chatId` fail, e.g. a 429 with `retryAfter` for that
   * chat only, while other chats are served as usual.
   */
  failNextSendTo(
    chatId: number,
    times?: number,
    error?: { code?: number; description?: string; retryAfter?: number },
  ): void;
  /** Sends refused with 429 because they went over the flood limits (not the injected ones). */
  floodRefusals(): RecordedCall[];
  /**
   * Accepted sends that carried `allow_paid_broadcast: true`, and the Telegram Stars they would have cost the bot
   * (0.1 each, withdrawn from its balance by Telegram).
   */
  paidBroadcasts(): { messages: number; stars: number };
  /** Resolves with the first truthy value of `check`, polling every 10 ms; rejects after `timeoutMs`. */
  waitFor<T>(check: () => T | false | null | undefined, timeoutMs?: number): Promise<T>;
  waitForSent(count: number, chatId?: number, timeoutMs?: number): Promise<SentMessage[]>;
  waitForCalls(method: string, count?: number, timeoutMs?: number): Promise<RecordedCall[]>;
  /** Resolves with the answer to `inlineQueryId` once the bot gave one. */
  waitForInlineAnswer(inlineQueryId: string, timeoutMs?: number): Promise<InlineAnswer>;
  /**
   * Telegram Stars (payments.ts): the invoices made (createInvoiceLink, sendInvoice), `pay` (a user pays: the
   * pre-checkout query, answered once within 10 s of the fake's clock, then the successful payment), `redeliver`,
   * the pre-checkout answers and the refunds. Another process pays with `POST <apiRoot>/__fake/pay`
   * `{ link | payload + amount, user }`.
   */
  payments: Omit<FakePayments, 'handlers'>;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number },
  ) {
    super(description);
  }
}

/** A 429 the flood limits gave (not an injected one). */
class FloodError extends ApiError {
  constructor(retryAfter: number) {
    super(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
  }
}

type Handler = (params: Record<string, unknown>, request: Request) => unknown | Promise<unknown>;
type WakeReason = 'update' | 'close' | 'conflict' | 'timeout' | 'aborted';

const bad = (description: string) => new ApiError(400, `Bad Request: ${description}`);
const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
const QUERY_EXPIRED = 'query is too old and response timeout expired or query ID is invalid';
const COMMAND_PATTERN = /^[a-z0-9_]{1,32}$/;
const START_PARAMETER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** How long a prepared inline message stays usable in the fake. */
const PREPARED_MESSAGE_TTL_SECONDS = 24 * 60 * 60;
/** The result types of the Bot API (InlineQueryResult), cached ones included. */
const INLINE_RESULT_TYPES = new Set([
  'article',
  'photo',
  'gif',
  'mpeg4_gif',
  'video',
  'audio',
  'voice',
  'document',
  'location',
  'venue',
  'contact',
  'game',
  'sticker',
]);
const SECRET_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;

export async function startFakeTelegram(options: FakeTelegramOptions): Promise<FakeTelegram> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const botId = Number(/^(\d+):/.exec(options.token)?.[1] ?? 7_000_000_001);
  const botInfo: UserFromGetMe = {
    id: botId,
    is_bot: true,
    first_name: 'Khel Test Bot',
    username: options.botUsername ?? 'khel_test_bot',
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: true,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };

  const calls: RecordedCall[] = [];
  const sentMessages: SentMessage[] = [];
  const deliveries: WebhookDelivery[] = [];
  const queue: Update[] = [];
  const chats = new Map<number, Chat>();
  const lastMessageId = new Map<number, number>();
  const blocked = new Set<number>();
  const openCallbackQueries = new Set<string>();
  const openInlineQueries = new Set<string>();
  const inlineAnswers: InlineAnswer[] = [];
  const preparedMessages: PreparedInlineMessageRecord[] = [];
  let nextPreparedId = 1;
  const commandLists = new Map<string, BotCommand[]>();
  const pollers = new Set<(reason: WakeReason) => void>();
  const limiter = new SendRateLimiter(
    options.limits?.perChat ?? 1,
    options.limits?.global ?? 30,
    options.limits?.windowMs ?? 1_000,
    options.limits?.paidGlobal ?? 1_000,
  );
  let paidSends = 0;
  const groupLimiter = new SendRateLimiter(
    options.limits?.perGroup ?? 20,
    Number.POSITIVE_INFINITY,
    options.limits?.groupWindowMs ?? 60_000,
  );
  /** Groups the bot is not in any more: why sends there are refused. */
  const notInChat = new Map<number, string>();
  const floodRefused: RecordedCall[] = [];
  const injectedSendFailures = new Map<number, { left: number; error: ApiError }>();
  let defaultMenuButton: MenuButton = { type: 'default' };
  let webhook: {
    url: string;
    secretToken?: string;
    maxConnections: number;
    lastError?: [number, string];
  } | null = null;
  let nextUpdateId = 1;
  let nextFileId = 1;
  let deliveryChain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let closed = false;
  const injectedFailures = new Map<string, { left: number; error: ApiError }>();
  const memberships = new Map<string, Map<number, { status: ChatMember['status']; isMember: boolean }>>();
  const membershipKey = (chat: unknown) =>
    typeof chat === 'string' && chat.startsWith('@') ? chat.toLowerCase() : String(Number(chat));

  function chatFor(chatIdParam: unknown): Chat {
    if (chatIdParam === undefined || chatIdParam === null || chatIdParam === '')
      throw bad('chat_id is empty');
    if (typeof chatIdParam === 'string' && chatIdParam.startsWith('@')) {
      const username = chatIdParam.slice(1).toLowerCase();
      for (const chat of chats.values()) {
        if ('username' in chat && chat.username?.toLowerCase() === username) return chat;
      }
      throw bad('chat not found');
    }
    const id = Number(chatIdParam);
    if (!Number.isSafeInteger(id) || id === 0) throw bad('chat not found');
    const known = chats.get(id);
    if (known) return known;
    if (id > 0) return { id, type: 'private', first_name: `Player${id}` };
    if (id < -1_000_000_000_000) return { id, type: 'supergroup', title: `Group ${id}` };
    return { id, type: 'group', title: `Group ${id}` };
  }

  function learnChat(chat: Chat | undefined): void {
    if (chat) chats.set(chat.id, chat);
  }

  function nextMessageIdIn(chatId: number): number {
    const id = (lastMessageId.get(chatId) ?? 0) + 1;
    lastMessageId.set(chatId, id);
    return id;
  }

  function validateReplyMarkup(markup: unknown, chat: Chat): InlineKeyboardMarkup | undefined {
    if (markup === undefined) return undefined;
    if (typeof markup !== 'object' || markup === null)
      throw bad("can't parse reply keyboard markup JSON object");
    if (!('inline_keyboard' in markup)) return undefined; // reply keyboards are not echoed back on the message
    const rows = (markup as { inline_keyboard: unknown }).inline_keyboard;
    if (!Array.isArray(rows) || rows.some((row) => !Array.isArray(row))) {
      throw bad('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
    }
    for (const button of (rows as InlineKeyboardButton[][]).flat()) {
      if (typeof button?.text !== 'string' || button.text === '') throw bad('BUTTON_TEXT_EMPTY');
      if ('web_app' in button) {
        if (chat.type !== 'private') throw bad('BUTTON_TYPE_INVALID');
        if (!isHttpsUrl(button.web_app.url)) {
          throw bad(
            `inline keyboard button Web App URL '${button.web_app.url}' is invalid: Only HTTPS links are allowed`,
          );
        }
      }
      // Telegram only links hosts with a dot (a public-looking domain); `localhost` is refused.
      if ('url' in button && !isLinkableUrl(button.url)) throw bad('BUTTON_URL_INVALID');
    }
    return markup as InlineKeyboardMarkup;
  }

  /**
   * An InlineQueryResult as Telegram checks it (answerInlineQuery, savePreparedInlineMessage): a known type, an id of
   * 1-64 bytes, the fields its type needs (a photo's photo_url and thumbnail_url, an article's title and message),
   * links Telegram can fetch, a caption of at most 1024 characters, and a keyboard fit for any chat (no web_app).
   */
  function validateInlineResult(value: unknown): InlineQueryResult {
    if (typeof value !== 'object' || value === null) throw bad('RESULT_TYPE_INVALID');
    const result = value as Record<string, unknown>;
    if (typeof result.type !== 'string' || !INLINE_RESULT_TYPES.has(result.type))
      throw bad('RESULT_TYPE_INVALID');
    if (typeof result.id !== 'string' || result.id === '' || Buffer.byteLength(result.id) > 64)
      throw bad('RESULT_ID_INVALID');
    const isCached = Object.keys(result).some((key) => key.endsWith('_file_id'));
    if (result.type === 'photo' && !isCached) {
      if (typeof result.photo_url !== 'string' || !isLinkableUrl(result.photo_url))
        throw bad('WEBDOCUMENT_URL_INVALID');
      if (typeof result.thumbnail_url !== 'string' || !isLinkableUrl(result.thumbnail_url))
        throw bad('WEBDOCUMENT_URL_INVALID');
    }
    if (result.type === 'article') {
      if (typeof result.title !== 'string' || result.title.trim() === '') throw bad('RESULT_TITLE_EMPTY');
      const content = result.input_message_content as { message_text?: unknown } | undefined;
      if (typeof content !== 'object' || content === null) throw bad('MESSAGE_EMPTY');
      if ('message_text' in content) {
        const text = content.message_text;
        if (typeof text !== 'string' || text.trim() === '') throw bad('MESSAGE_EMPTY');
        if ([...text].length > 4096) throw bad('MESSAGE_TOO_LONG');
      }
    }
    if (result.caption !== undefined) {
      if (typeof result.caption !== 'string') throw bad("can't parse caption");
      if ([...result.caption].length > 1024) throw bad('MEDIA_CAPTION_TOO_LONG');
    }
    if (result.thumbnail_url !== undefined && result.type !== 'photo') {
      if (typeof result.thumbnail_url !== 'string' || !isLinkableUrl(result.thumbnail_url))
        throw bad('WEBDOCUMENT_URL_INVALID');
    }
    // An inline message may land in any chat, where web_app buttons are refused.
    validateReplyMarkup(result.reply_markup, { id: -1, type: 'group', title: 'inline' });
    return result as unknown as InlineQueryResult;
  }

  /**
   * The checks every send shares: blocked users first, then the flood limits. `allow_paid_broadcast: true` lifts the
   * overall limit to the paid one (and is counted as a paid message when accepted).
   */
  function admitSend(chat: Chat, params: Record<string, unknown>): void {
    const paid = params.allow_paid_broadcast === true || params.allow_paid_broadcast === 'true';
    if (
      params.allow_paid_broadcast !== undefined &&
      !paid &&
      params.allow_paid_broadcast !== false &&
      params.allow_paid_broadcast !== 'false'
    )
      throw bad("can't parse allow_paid_broadcast: expected a Boolean");
    if (blocked.has(chat.id)) throw new ApiError(403, 'Forbidden: bot was blocked by the user');
    const gone = notInChat.get(chat.id);
    if (gone) throw new ApiError(403, `Forbidden: ${gone}`);
    const injected = injectedSendFailures.get(chat.id);
    if (injected && injected.left > 0) {
      injected.left -= 1;
      throw injected.error;
    }
    // Groups: 20 messages a minute on top of the per-chat and overall limits (checked first, counted only when
    // those admit the send too).
    if (chat.type === 'group' || chat.type === 'supergroup') {
      const groupRetryAfter = groupLimiter.peek(String(chat.id), now());
      if (groupRetryAfter !== null) throw new FloodError(groupRetryAfter);
    }
    const retryAfter = limiter.take(String(chat.id), now(), paid);
    if (retryAfter !== null) {
      throw new FloodError(retryAfter);
    }
    if (paid) paidSends += 1;
    if (chat.type === 'group' || chat.type === 'supergroup') groupLimiter.take(String(chat.id), now());
  }

  function recordSent(
    method: SentMessage['method'],
    params: Record<string, unknown>,
    message: Message,
  ): Message {
    const record: SentMessage = {
      method,
      chatId: message.chat.id,
      messageId: message.message_id,
      params,
      message,
    };
    if ('text' in message && message.text !== undefined) record.text = message.text;
    if ('caption' in message && message.caption !== undefined) record.caption = message.caption;
    if (message.reply_markup) record.replyMarkup = message.reply_markup;
    sentMessages.push(record);
    return message;
  }

  function wakePollers(reason: WakeReason): void {
    for (const wake of [...pollers]) wake(reason);
  }

  function waitForUpdates(timeoutMs: number, signal: AbortSignal): Promise<WakeReason> {
    return new Promise((resolve) => {
      const finish = (reason: WakeReason) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        pollers.delete(finish);
        resolve(reason);
      };
      const onAbort = () => finish('aborted');
      const timer = setTimeout(() => finish('timeout'), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      pollers.add(finish);
    });
  }

  function pendingFrom(offset: number, limit: number): Update[] {
    return queue.filter((u) => u.update_id >= offset).slice(0, limit);
  }

  const payments = fakePayments({
    now,
    pushUpdate: (draft) => pushUpdate(draft),
    fail: (code, description) => new ApiError(code, description),
  });

  const handlers: Record<string, Handler> = {
    ...payments.handlers,
    getMe: () => botInfo,

    getUpdates: async (params, request) => {
      if (webhook) {
        throw new ApiError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      }
      const offset = toInt(params.offset) ?? 0;
      const limit = Math.min(100, Math.max(1, toInt(params.limit) ?? 100));
      const timeout = Math.max(0, toInt(params.timeout) ?? 0);
      if (offset > 0) {
        // Asking from `offset` confirms every earlier update; Telegram forgets them.
        while (queue.length > 0 && (queue[0]?.update_id ?? offset) < offset) queue.shift();
      }
      // Only one getUpdates may wait at a time; the older one is terminated, as Telegram does.
      wakePollers('conflict');
      const ready = pendingFrom(offset, limit);
      if (ready.length > 0 || timeout === 0 || closed) return ready;
      const reason = await waitForUpdates(timeout * 1000, request.signal);
      if (reason === 'conflict') {
        throw new ApiError(
          409,
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        );
      }
      return pendingFrom(offset, limit);
    },

    setWebhook: (params) => {
      const url = typeof params.url === 'string' ? params.url : '';
      if (url === '') {
        webhook = null;
        return { result: true, description: 'Webhook was deleted' };
      }
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw bad('bad webhook: Failed to resolve host: Name or service not known');
      }
      // Telegram needs https; loopback http is allowed here so tests need no TLS.
      if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopback(parsed.hostname))) {
        throw bad('bad webhook: An HTTPS URL must be provided for webhook');
      }
      const secretToken = params.secret_token;
      if (
        secretToken !== undefined &&
        (typeof secretToken !== 'string' || !SECRET_PATTERN.test(secretToken))
      ) {
        throw bad('secret token contains unallowed characters');
      }
      if (params.drop_pending_updates === true) queue.length = 0;
      webhook = {
        url,
        maxConnections: toInt(params.max_connections) ?? 40,
        ...(typeof secretToken === 'string' ? { secretToken } : {}),
      };
      // Updates that waited for getUpdates now go to the webhook.
      for (const update of queue.splice(0)) deliver(update);
      return { result: true, description: 'Webhook was set' };
    },

    deleteWebhook: (params) => {
      const had = webhook !== null;
      webhook = null;
      if (params.drop_pending_updates === true) queue.length = 0;
      return { result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' };
    },

    getWebhookInfo: (): WebhookInfo => ({
      url: webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: queue.length,
      ...(webhook ? { max_connections: webhook.maxConnections, ip_address: '127.0.0.1' } : {}),
      ...(webhook?.lastError
        ? { last_error_date: webhook.lastError[0], last_error_message: webhook.lastError[1] }
        : {}),
    }),

    sendMessage: (params) => {
      const chat = chatFor(params.chat_id);
      const text = typeof params.text === 'string' ? params.text : '';
      if (text.trim() === '') throw bad('message text is empty');
      if ([...text].length > 4096) throw bad('message is too long');
      const replyMarkup = validateReplyMarkup(params.reply_markup, chat);
      admitSend(chat, params);
      const message = {
        message_id: nextMessageIdIn(chat.id),
        from: botInfo,
        chat,
        date: seconds(),
        text,
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      } as Message.TextMessage;
      return recordSent('sendMessage', params, message);
    },

    sendPhoto: (params) => {
      const chat = chatFor(params.chat_id);
      if (params.photo === undefined || params.photo === '') throw bad('there is no photo in the request');
      const caption = typeof params.caption === 'string' ? params.caption : undefined;
      if (caption !== undefined && [...caption].length > 1024) throw bad('message caption is too long');
      const replyMarkup = validateReplyMarkup(params.reply_markup, chat);
      admitSend(chat, params);
      const fileId = `AgACAgIAAxkBAA${String(nextFileId++).padStart(6, '0')}`;
      const photo: PhotoSize[] = [
        {
          file_id: `${fileId}s`,
          file_unique_id: `${fileId.slice(-8)}s`,
          width: 90,
          height: 90,
          file_size: 1_500,
        },
        {
          file_id: `${fileId}m`,
          file_unique_id: `${fileId.slice(-8)}m`,
          width: 320,
          height: 320,
          file_size: 18_000,
        },
      ];
      const message = {
        message_id: nextMessageIdIn(chat.id),
        from: botInfo,
        chat,
        date: seconds(),
        photo,
        ...(caption !== undefined ? { caption } : {}),
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      } as Message.PhotoMessage;
      return recordSent('sendPhoto', params, message);
    },

    editMessageText: (params) => {
      const text = typeof params.text === 'string' ? params.text : '';
      if (text.trim() === '') throw bad('message text is empty');
      if (params.inline_message_id !== undefined) return true;
      const chat = chatFor(params.chat_id);
      const record = sentMessages.find(
        (m) => m.chatId === chat.id && m.messageId === toInt(params.message_id),
      );
      if (!record || record.text === undefined) throw bad('message to edit not found');
      const replyMarkup = validateReplyMarkup(params.reply_markup, chat);
      if (record.text === text && JSON.stringify(record.replyMarkup) === JSON.stringify(replyMarkup)) {
        throw bad(NOT_MODIFIED);
      }
      record.text = text;
      if (replyMarkup) record.replyMarkup = replyMarkup;
      else delete record.replyMarkup;
      const edited = { ...record.message, text, edit_date: seconds() } as Message.TextMessage;
      if (replyMarkup) edited.reply_markup = replyMarkup;
      else delete edited.reply_markup;
      record.message = edited;
      return edited;
    },

    editMessageReplyMarkup: (params) => {
      if (params.inline_message_id !== undefined) return true;
      const chat = chatFor(params.chat_id);
      const record = sentMessages.find(
        (m) => m.chatId === chat.id && m.messageId === toInt(params.message_id),
      );
      if (!record) throw bad('message to edit not found');
      const replyMarkup = validateReplyMarkup(params.reply_markup, chat);
      if (JSON.stringify(record.replyMarkup) === JSON.stringify(replyMarkup)) {
        throw bad(NOT_MODIFIED);
      }
      if (replyMarkup) record.replyMarkup = replyMarkup;
      else delete record.replyMarkup;
      const edited = { ...record.message, edit_date: seconds() } as Message.TextMessage;
      if (replyMarkup) edited.reply_markup = replyMarkup;
      else delete edited.reply_markup;
      record.message = edited;
      return edited;
    },

    answerCallbackQuery: (params) => {
      const id = typeof params.callback_query_id === 'string' ? params.callback_query_id : '';
      if (!openCallbackQueries.delete(id)) throw bad(QUERY_EXPIRED);
      if (typeof params.text === 'string' && [...params.text].length > 200) throw bad('MESSAGE_TOO_LONG');
      return true;
    },

    answerInlineQuery: (params) => {
      const id = typeof params.inline_query_id === 'string' ? params.inline_query_id : '';
      if (!openInlineQueries.has(id)) throw bad(QUERY_EXPIRED);
      const results = params.results;
      if (!Array.isArray(results)) throw bad('field "results" must be an Array');
      if (results.length > 50) throw bad('RESULTS_TOO_MUCH');
      const checked = results.map(validateInlineResult);
      if (new Set(checked.map((r) => r.id)).size !== checked.length) throw bad('RESULT_ID_DUPLICATE');
      const cacheTime = params.cache_time;
      if (cacheTime !== undefined && (typeof cacheTime !== 'number' || cacheTime < 0))
        throw bad('CACHE_TIME_INVALID');
      const button = params.button as InlineQueryResultsButton | undefined;
      if (button !== undefined) {
        if (typeof button?.text !== 'string' || button.text === '') throw bad('BUTTON_TEXT_EMPTY');
        if (button.web_app !== undefined) {
          if (!isHttpsUrl(button.web_app?.url ?? '')) throw bad('BUTTON_URL_INVALID');
        } else if (
          typeof button.start_parameter !== 'string' ||
          !START_PARAMETER_PATTERN.test(button.start_parameter)
        ) {
          throw bad('START_PARAM_INVALID');
        }
      }
      openInlineQueries.delete(id);
      inlineAnswers.push({
        inlineQueryId: id,
        results: checked,
        ...(typeof cacheTime === 'number' ? { cacheTime } : {}),
        ...(typeof params.is_personal === 'boolean' ? { isPersonal: params.is_personal } : {}),
        ...(typeof params.next_offset === 'string' ? { nextOffset: params.next_offset } : {}),
        ...(button ? { button } : {}),
      });
      return true;
    },

    savePreparedInlineMessage: (params) => {
      const userId = toInt(params.user_id);
      if (userId === undefined || userId <= 0) throw bad('USER_ID_INVALID');
      if (params.result === undefined) throw bad('parameter "result" is required');
      const result = validateInlineResult(params.result);
      const allow = (key: string) => params[key] === true;
      const record: PreparedInlineMessageRecord = {
        id: `prep${String(nextPreparedId++).padStart(8, '0')}`,
        userId,
        result,
        allowUserChats: allow('allow_user_chats'),
        allowBotChats: allow('allow_bot_chats'),
        allowGroupChats: allow('allow_group_chats'),
        allowChannelChats: allow('allow_channel_chats'),
        expirationDate: seconds() + PREPARED_MESSAGE_TTL_SECONDS,
      };
      if (
        !record.allowUserChats &&
        !record.allowBotChats &&
        !record.allowGroupChats &&
        !record.allowChannelChats
      )
        throw bad('PEER_TYPES_INVALID');
      preparedMessages.push(record);
      return { id: record.id, expiration_date: record.expirationDate };
    },

    setMyCommands: (params) => {
      const commands = params.commands;
      if (!Array.isArray(commands)) throw bad('field "commands" must be an Array');
      if (commands.length > 100) throw bad('too many commands');
      for (const entry of commands as Array<Partial<BotCommand>>) {
        if (typeof entry?.command !== 'string' || !COMMAND_PATTERN.test(entry.command)) {
          throw bad('BOT_COMMAND_INVALID');
        }
        const description = entry.description;
        if (typeof description !== 'string' || description.trim() === '' || [...description].length > 256) {
          throw bad('BOT_COMMAND_DESCRIPTION_INVALID');
        }
      }
      commandLists.set(commandsKey(params), commands as BotCommand[]);
      return true;
    },

    getMyCommands: (params) => commandLists.get(commandsKey(params)) ?? [],

    deleteMyCommands: (params) => {
      commandLists.delete(commandsKey(params));
      return true;
    },

    setChatMenuButton: (params) => {
      const button = (params.menu_button ?? { type: 'default' }) as MenuButton;
      if (!['default', 'commands', 'web_app'].includes(button.type)) throw bad('wrong menu button type');
      if (button.type === 'web_app') {
        if (typeof button.text !== 'string' || button.text === '') throw bad('BUTTON_TEXT_EMPTY');
        if (!isHttpsUrl(button.web_app?.url ?? '')) throw bad('BUTTON_URL_INVALID');
      }
      if (params.chat_id === undefined) defaultMenuButton = button;
      return true;
    },

    getChatMenuButton: () => defaultMenuButton,

    getChatMember: (params) => {
      if (params.chat_id === undefined || params.chat_id === '') throw bad('chat_id is empty');
      const members = memberships.get(membershipKey(params.chat_id));
      if (!members) throw bad('chat not found');
      const userId = toInt(params.user_id);
      if (userId === undefined || userId <= 0) throw bad('PARTICIPANT_ID_INVALID');
      const user = { id: userId, is_bot: false, first_name: `Player${userId}` };
      const entry = members.get(userId) ?? { status: 'left' as const, isMember: false };
      return chatMemberOf(entry, user);
    },

    leaveChat: (params) => {
      const chat = chatFor(params.chat_id);
      if (chat.type === 'private') throw bad("chat member status can't be changed in private chats");
      if (notInChat.has(chat.id)) throw new ApiError(403, `Forbidden: ${notInChat.get(chat.id)}`);
      notInChat.set(
        chat.id,
        `bot is not a member of the ${chat.type === 'supergroup' ? 'supergroup' : 'group'} chat`,
      );
      return true;
    },

    close: () => true,
    logOut: () => true,
  };

  const canonicalMethod = new Map(Object.keys(handlers).map((name) => [name.toLowerCase(), name]));

  function deliver(update: Update): void {
    const target = webhook;
    if (!target) return;
    deliveryChain = deliveryChain.then(async () => {
      const delivery: WebhookDelivery = { updateId: update.update_id, url: target.url, status: null };
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(target.secretToken ? { 'X-Telegram-Bot-Api-Secret-Token': target.secretToken } : {}),
          },
          body: JSON.stringify(update),
        });
        await response.arrayBuffer();
        delivery.status = response.status;
        if (!response.ok)
          target.lastError = [seconds(), `Wrong response from the webhook: ${response.status}`];
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
        target.lastError = [seconds(), 'Connection refused'];
      }
      deliveries.push(delivery);
    });
  }

  function pushUpdate(draft: UpdateDraft): Update {
    const update = { ...draft, update_id: draft.update_id ?? nextUpdateId } as Update;
    nextUpdateId = Math.max(nextUpdateId, update.update_id + 1);
    const message = update.message ?? update.edited_message ?? update.channel_post;
    if (message) {
      learnChat(message.chat);
      lastMessageId.set(
        message.chat.id,
        Math.max(lastMessageId.get(message.chat.id) ?? 0, message.message_id),
      );
    }
    if (update.callback_query) {
      openCallbackQueries.add(update.callback_query.id);
      learnChat(update.callback_query.message?.chat);
    }
    if (update.inline_query) openInlineQueries.add(update.inline_query.id);
    learnChat(update.my_chat_member?.chat);
    if (webhook) {
      deliver(update);
    } else {
      queue.push(update);
      wakePollers('update');
    }
    return update;
  }

  function setChatMember(
    chat: string | number,
    userId: number,
    status: ChatMember['status'],
    isMember = status !== 'left' && status !== 'kicked',
  ): void {
    const key = membershipKey(chat);
    const members = memberships.get(key) ?? new Map();
    members.set(userId, { status, isMember });
    memberships.set(key, members);
  }

  const app = new Hono();
  // Test control over HTTP, for tests in another process than the fake (e2e workers): the same as setChatMember.
  app.post('/__fake/chat-member', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      chat?: string | number;
      userId?: number;
      status?: ChatMember['status'];
      isMember?: boolean;
    } | null;
    if (!body || body.chat === undefined || !Number.isSafeInteger(body.userId) || !body.status)
      return c.json({ ok: false, description: 'chat, userId and status are required' }, 400);
    setChatMember(body.chat, body.userId as number, body.status, body.isMember);
    return c.json({ ok: true });
  });
  // The same for updates (e.g. a user's /start) and for reading what the bot sent, as JSON.
  app.post('/__fake/update', async (c) => {
    const draft = (await c.req.json().catch(() => null)) as UpdateDraft | null;
    if (!draft || typeof draft !== 'object')
      return c.json({ ok: false, description: 'an update is required' }, 400);
    return c.json({ ok: true, result: pushUpdate(draft) });
  });
  // A user pays an invoice (by its link, or its payload and amount): what `payments.pay` answers.
  app.post('/__fake/pay', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      link?: string;
      payload?: string;
      amount?: number;
      user?: { id: number; language_code?: string };
    } | null;
    if (!body?.user || !Number.isSafeInteger(body.user.id))
      return c.json({ ok: false, description: 'user is required' }, 400);
    const invoice =
      body.link ?? (body.payload ? { payload: body.payload, amount: Number(body.amount) } : null);
    if (!invoice) return c.json({ ok: false, description: 'link or payload is required' }, 400);
    try {
      const result = await payments.pay(invoice, body.user);
      return c.json({ ok: true, result: { ...result, update: undefined } });
    } catch (error) {
      return c.json({ ok: false, description: String((error as Error).message) }, 400);
    }
  });
  app.get('/__fake/sent', (c) => {
    const chat = c.req.query('chat_id');
    return c.json({ ok: true, result: sent(chat === undefined ? undefined : Number(chat)) });
  });
  app.all('*', async (c) => {
    const route = /^\/bot([^/]*)\/([^/]+)\/?$/.exec(new URL(c.req.url).pathname);
    if (!route) return c.json({ ok: false, error_code: 404, description: 'Not Found' }, 404);
    const [, token = '', rawMethod = ''] = route;
    const method = canonicalMethod.get(rawMethod.toLowerCase()) ?? rawMethod;
    const call: RecordedCall = { method, params: {}, status: 0, at: now() };
    inFlight += 1;
    try {
      let unreadable: unknown;
      try {
        call.params = await readParams(c.req);
      } catch (error) {
        unreadable = error;
      }
      calls.push(call);
      if (token !== options.token) throw new ApiError(401, 'Unauthorized');
      if (unreadable) throw unreadable;
      const handler = handlers[method];
      if (!handler) throw new ApiError(404, 'Not Found');
      const failure = injectedFailures.get(method);
      if (failure && failure.left > 0) {
        failure.left -= 1;
        throw failure.error;
      }
      const outcome = await handler(call.params, c.req.raw);
      call.status = 200;
      if (isDescribedResult(outcome)) return c.json({ ok: true, ...outcome });
      return c.json({ ok: true, result: outcome });
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : error instanceof BadRequestBody
            ? new ApiError(400, error.message)
            : unexpected(error);
      call.status = apiError.code;
      if (apiError instanceof FloodError) floodRefused.push(call);
      return c.json(
        {
          ok: false,
          error_code: apiError.code,
          description: apiError.description,
          ...(apiError.parameters ? { parameters: apiError.parameters } : {}),
        },
        apiError.code as 400,
      );
    } finally {
      inFlight -= 1;
    }
  });

  const { server, port } = await listen(app.fetch, options.port ?? 0);

  async function waitFor<T>(check: () => T | false | null | undefined, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`fake Telegram: condition not met within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const sent = (chatId?: number) =>
    chatId === undefined ? [...sentMessages] : sentMessages.filter((m) => m.chatId === chatId);
  const callsTo = (method: string) => calls.filter((call) => call.method === method);

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    botInfo,
    calls,
    callsTo,
    sent,
    inlineAnswers: () => [...inlineAnswers],
    inlineAnswer: (inlineQueryId) => inlineAnswers.find((a) => a.inlineQueryId === inlineQueryId),
    prepared: () => [...preparedMessages],
    pushUpdate,
    blockUser: (chatId) => void blocked.add(chatId),
    unblockUser: (chatId) => void blocked.delete(chatId),
    kickBot: (chatId) => {
      const chat = chatFor(chatId);
      notInChat.set(
        chat.id,
        `bot was kicked from the ${chat.type === 'supergroup' ? 'supergroup' : 'group'} chat`,
      );
    },
    leftChats: () => [...notInChat.keys()],
    setChatMember,
    webhook: () =>
      webhook
        ? { url: webhook.url, ...(webhook.secretToken ? { secretToken: webhook.secretToken } : {}) }
        : null,
    deliveries,
    commands: (languageCode) => commandLists.get(commandsKey({ language_code: languageCode })) ?? [],
    menuButton: () => defaultMenuButton,
    failNext(method, times = 1, error = {}) {
      injectedFailures.set(method, { left: times, error: injectedError(error) });
    },
    failNextSendTo(chatId, times = 1, error = {}) {
      injectedSendFailures.set(chatId, { left: times, error: injectedError(error) });
    },
    floodRefusals: () => [...floodRefused],
    paidBroadcasts: () => ({ messages: paidSends, stars: paidSends / 10 }),
    waitFor,
    waitForSent: (count, chatId, timeoutMs) =>
      waitFor(() => {
        const list = sent(chatId);
        return list.length >= count && list;
      }, timeoutMs),
    waitForCalls: (method, count = 1, timeoutMs) =>
      waitFor(() => {
        const list = callsTo(method);
        return list.length >= count && list;
      }, timeoutMs),
    waitForInlineAnswer: (inlineQueryId, timeoutMs) =>
      waitFor(() => inlineAnswers.find((a) => a.inlineQueryId === inlineQueryId), timeoutMs),
    payments: {
      invoices: payments.invoices,
      pay: payments.pay,
      redeliver: payments.redeliver,
      preCheckoutAnswers: payments.preCheckoutAnswers,
      refunds: payments.refunds,
    },
    async close() {
      if (closed) return;
      closed = true;
      wakePollers('close');
      await deliveryChain;
      // Let woken long polls write their answers before the sockets go.
      const deadline = Date.now() + 1_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function listen(fetchHandler: (request: Request) => Response | Promise<Response>, port: number) {
  return new Promise<{ server: Server; port: number }>((resolve, reject) => {
    const server = serve({ fetch: fetchHandler, port, hostname: '127.0.0.1' }, (info) => {
      server.off('error', reject);
      resolve({ server, port: info.port });
    }) as Server;
    server.once('error', reject);
  });
}

/** The error failNext/failNextSendTo inject: 500 'Internal Server Error' unless told otherwise. */
function injectedError(error: { code?: number; description?: string; retryAfter?: number }): ApiError {
  const code = error.code ?? 500;
  const description =
    error.description ??
    (code === 429 ? `Too Many Requests: retry after ${error.retryAfter ?? 1}` : 'Internal Server Error');
  const parameters = error.retryAfter !== undefined ? { retry_after: error.retryAfter } : undefined;
  return new ApiError(code, description, parameters);
}

/** A bug in the fake itself: say so loudly, answer like a failing Telegram. */
function unexpected(error: unknown): ApiError {
  console.error('fake Telegram: unexpected error', error);
  return new ApiError(500, 'Internal Server Error');
}

/** A ChatMember as Telegram shapes each status (the fields the Bot API always sends). */
function chatMemberOf(
  entry: { status: ChatMember['status']; isMember: boolean },
  user: ChatMember['user'],
): ChatMember {
  switch (entry.status) {
    case 'creator':
      return { status: 'creator', user, is_anonymous: false };
    case 'administrator':
      return {
        status: 'administrator',
        user,
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: false,
        can_manage_video_chats: false,
        can_restrict_members: false,
        can_promote_members: false,
        can_change_info: false,
        can_invite_users: true,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
        can_send_welcome_messages: false,
      } as ChatMember;
    case 'restricted':
      return {
        status: 'restricted',
        user,
        is_member: entry.isMember,
        can_send_messages: false,
        can_send_audios: false,
        can_send_documents: false,
        can_send_photos: false,
        can_send_videos: false,
        can_send_video_notes: false,
        can_send_voice_notes: false,
        can_send_polls: false,
        can_send_other_messages: false,
        can_add_web_page_previews: false,
        can_change_info: false,
        can_invite_users: false,
        can_pin_messages: false,
        can_manage_topics: false,
        until_date: 0,
      } as ChatMember;
    case 'kicked':
      return { status: 'kicked', user, until_date: 0 };
    default:
      return { status: entry.status, user } as ChatMember;
  }
}

function isDescribedResult(value: unknown): value is { result: unknown; description: string } {
  return typeof value === 'object' && value !== null && 'result' in value && 'description' in value;
}

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

function commandsKey(params: Record<string, unknown>): string {
  const scope = (params.scope as { type?: string } | undefined)?.type ?? 'default';
  const language = typeof params.language_code === 'string' ? params.language_code : '';
  return `${scope}|${language}`;
}

function isHttpsUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

function isLinkableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'tg:') return true;
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname.includes('.');
  } catch {
    return false;
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
