import {
  buttonUrl,
  inlineButtons,
  type SentMessage,
  startUpdate,
  type TestUser,
  writeAccessAllowedUpdate,
} from '../../fake-telegram/index.ts';

/**
 * The e2e server's Bot API is the fake of tests/fake-telegram, started by global-setup in the main
 * process; specs reach it over its HTTP test controls (`<apiRoot>/__fake/…`).
 */
async function control<T>(apiRoot: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiRoot}/__fake/${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { ok: boolean; result?: T; description?: string };
  if (!response.ok || !answer.ok)
    throw new Error(`fake Bot API ${path} answered ${response.status}: ${answer.description}`);
  return answer.result as T;
}

/** Sets what getChatMember answers for the user in the chat (`@username` or id). */
export async function setChatMember(
  apiRoot: string,
  chat: string,
  userId: number,
  status: 'member' | 'left',
) {
  await control(apiRoot, 'POST', 'chat-member', { chat, userId, status });
}

/** The user sends /start (with a payload: a deep link, or a website link's `link_<token>`) to the bot, which polls the fake. */
export async function sendStart(apiRoot: string, user: TestUser, payload?: string): Promise<void> {
  await control(apiRoot, 'POST', 'update', startUpdate(user, payload));
}

/** Telegram tells the bot that the user let it write from the Mini App (requestWriteAccess allowed). */
export async function sendWriteAccessAllowed(apiRoot: string, user: TestUser): Promise<void> {
  await control(apiRoot, 'POST', 'update', writeAccessAllowedUpdate(user));
}

/** What the bot sent to a chat. */
export function sentTo(apiRoot: string, chatId: number): Promise<SentMessage[]> {
  return control<SentMessage[]>(apiRoot, 'GET', `sent?chat_id=${chatId}`);
}

/** Waits for a message to the chat that `match` accepts, polling the fake. */
export async function waitForSent(
  apiRoot: string,
  chatId: number,
  match: (message: SentMessage) => boolean,
  timeoutMs = 20_000,
): Promise<SentMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sentTo(apiRoot, chatId)).find(match);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no matching message reached chat ${chatId} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The URLs of a sent message's inline buttons. */
export function buttonUrls(message: SentMessage): string[] {
  return inlineButtons(message)
    .map((button) => buttonUrl(button))
    .filter((url): url is string => url !== undefined);
}
