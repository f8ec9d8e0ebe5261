import type { Chat, Message, MessageEntity, Update, User } from 'grammy/types';

/** Chats a user message can come from (channels post, they do not send messages). */
export type MessageChat = Chat.PrivateChat | Chat.GroupChat | Chat.SupergroupChat;
type UserMessage = NonNullable<Update['message']>;

/** An update before the fake numbers it: `update_id` may be left out. */
export type UpdateDraft = Omit<Update, 'update_id'> & { update_id?: number };

export interface TestUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: true;
}

export interface CommandUpdateOptions {
  /** The sender; a private chat with them unless `chat` is given. */
  from: TestUser;
  /** Command without the slash, e.g. `start`. */
  command: string;
  /** Text after the command, e.g. the deep-link payload of `/start`. */
  payload?: string;
  /** Address the command to the bot, as group clients do: `/start@khel_bot`. */
  botUsername?: string;
  chat?: MessageChat;
  updateId?: number;
  messageId?: number;
  /** Unix seconds. */
  date?: number;
}

let nextMessageId = 1;

export function testUser(id: number, overrides: Partial<TestUser> = {}): User {
  return {
    id,
    is_bot: false,
    first_name: overrides.first_name ?? `Player${id}`,
    ...(overrides.last_name ? { last_name: overrides.last_name } : {}),
    username: overrides.username ?? `player${id}`,
    language_code: overrides.language_code ?? 'en',
    ...(overrides.is_premium ? { is_premium: true } : {}),
  };
}

export function privateChatOf(user: TestUser): Chat.PrivateChat {
  return {
    id: user.id,
    type: 'private',
    first_name: user.first_name ?? `Player${user.id}`,
    ...(user.username ? { username: user.username } : {}),
  };
}

/** A text message update as a Telegram client produces it, with a `bot_command` entity at offset 0. */
export function commandUpdate(options: CommandUpdateOptions): UpdateDraft {
  const from = testUser(options.from.id, options.from);
  const commandText = `/${options.command}${options.botUsername ? `@${options.botUsername}` : ''}`;
  const text = options.payload ? `${commandText} ${options.payload}` : commandText;
  const entities: MessageEntity[] = [{ type: 'bot_command', offset: 0, length: commandText.length }];
  const message = {
    message_id: options.messageId ?? nextMessageId++,
    from,
    chat: options.chat ?? privateChatOf(from),
    date: options.date ?? Math.floor(Date.now() / 1000),
    text,
    entities,
  } as UserMessage;
  return {
    ...(options.updateId !== undefined ? { update_id: options.updateId } : {}),
    message,
  };
}

/** `/start <payload>` from `from` in a private chat (or the given chat). */
export function startUpdate(
  from: TestUser,
  payload?: string,
  extra: Omit<CommandUpdateOptions, 'from' | 'command' | 'payload'> = {},
): UpdateDraft {
  return commandUpdate({ ...extra, from, command: 'start', ...(payload ? { payload } : {}) });
}

/** A plain text message (no command). */
export function textUpdate(
  from: TestUser,
  text: string,
  extra: { chat?: MessageChat; updateId?: number } = {},
): UpdateDraft {
  const user = testUser(from.id, from);
  const message = {
    message_id: nextMessageId++,
    from: user,
    chat: extra.chat ?? privateChatOf(user),
    date: Math.floor(Date.now() / 1000),
    text,
  } as UserMessage;
  return { ...(extra.updateId !== undefined ? { update_id: extra.updateId } : {}), message };
}

/**
 * Telegram's service message in the bot's private chat when the user lets the bot write to them from a
 * Mini App (`requestWriteAccess`, `from_request`), or by launching it from a link (`web_app_name`).
 */
export function writeAccessAllowedUpdate(
  from: TestUser,
  how: { from_request?: true; web_app_name?: string } = { from_request: true },
): UpdateDraft {
  const user = testUser(from.id, from);
  const message = {
    message_id: nextMessageId++,
    from: user,
    chat: privateChatOf(user),
    date: Math.floor(Date.now() / 1000),
    write_access_allowed: how,
  } as unknown as UserMessage;
  return { message };
}

/** A group (`id` < 0); ids below -1 000 000 000 000 are supergroups, as Telegram numbers them. */
export function groupChat(id: number, title = `Group ${id}`): Chat.GroupChat | Chat.SupergroupChat {
  if (id >= 0) throw new Error('group ids are negative');
  return id < -1_000_000_000_000 ? { id, type: 'supergroup', title } : { id, type: 'group', title };
}

/**
 * The bot's own membership of a chat changed (`my_chat_member`): `from` added it (`newStatus` member or
 * administrator) or removed it (`left` / `kicked`).
 */
export function myChatMemberUpdate(options: {
  chat: Chat.GroupChat | Chat.SupergroupChat;
  from: TestUser;
  bot: { id: number; username: string };
  oldStatus: 'left' | 'kicked' | 'member' | 'administrator';
  newStatus: 'left' | 'kicked' | 'member' | 'administrator';
  date?: number;
}): UpdateDraft {
  const botUser: User = {
    id: options.bot.id,
    is_bot: true,
    first_name: 'Khel',
    username: options.bot.username,
  };
  const member = (status: typeof options.oldStatus) =>
    (status === 'administrator'
      ? { status, user: botUser, can_be_edited: false, is_anonymous: false, can_manage_chat: true }
      : status === 'kicked'
        ? { status, user: botUser, until_date: 0 }
        : { status, user: botUser }) as NonNullable<Update['my_chat_member']>['new_chat_member'];
  return {
    my_chat_member: {
      chat: options.chat,
      from: testUser(options.from.id, options.from),
      date: options.date ?? Math.floor(Date.now() / 1000),
      old_chat_member: member(options.oldStatus),
      new_chat_member: member(options.newStatus),
    },
  };
}

/** A press on an inline button of `message` (a message the bot sent) by `from`. */
export function callbackQueryUpdate(options: {
  from: TestUser;
  message: Message;
  data: string;
  id?: string;
}): UpdateDraft {
  return {
    callback_query: {
      id: options.id ?? `cq-${nextMessageId++}`,
      from: testUser(options.from.id, options.from),
      chat_instance: String(options.message.chat.id),
      message: options.message as NonNullable<Update['callback_query']>['message'],
      data: options.data,
    },
  };
}

/** Where an inline query was typed (Telegram's `chat_type`: `sender` is the user's chat with the bot). */
export type InlineChatType = 'sender' | 'private' | 'group' | 'supergroup' | 'channel';

/** `@<bot> <query>` typed by `from` in a chat of `chatType` (default a private chat with someone else). */
export function inlineQueryUpdate(options: {
  from: TestUser;
  query?: string;
  offset?: string;
  chatType?: InlineChatType;
  id?: string;
}): UpdateDraft {
  return {
    inline_query: {
      id: options.id ?? `iq-${nextMessageId++}`,
      from: testUser(options.from.id, options.from),
      query: options.query ?? '',
      offset: options.offset ?? '',
      chat_type: options.chatType ?? 'private',
    },
  };
}
