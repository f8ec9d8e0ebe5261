import {
  type FakeTelegram,
  inlineQueryUpdate,
  startFakeTelegram,
  startUpdate,
} from '@khel/tests/fake-telegram';
import { Api, InputFile } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { SendRateLimiter } from '../fake-telegram/rate-limit.ts';

const TOKEN = '7000000001:fake-token-for-tests';

let fake: FakeTelegram | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A settable clock, so flood-limit windows are exact. */
function manualClock(start = 1_750_000_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function call(apiRoot: string, token: string, method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`${apiRoot}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('fake Telegram Bot API', () => {
  it('answers a second message to the same chat within 1 s with 429 and retry_after', async () => {
    const clock = manualClock();
    fake = await startFakeTelegram({ token: TOKEN, now: clock.now });

    const first = await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 42, text: 'one' });
    clock.advance(400);
    const second = await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 42, text: 'two' });

    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(second.body).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    // Another chat is not affected by chat 42's limit.
    expect((await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 43, text: 'hi' })).status).toBe(200);
    // One second after the first message, chat 42 may receive again.
    clock.advance(600);
    expect((await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 42, text: 'three' })).status).toBe(200);
    expect(fake.sent(42).map((m) => m.text)).toEqual(['one', 'three']);
  });

  it('accepts 30 messages to different chats within 1 s and answers the 31st with 429', async () => {
    const clock = manualClock();
    fake = await startFakeTelegram({ token: TOKEN, now: clock.now });

    const statuses: number[] = [];
    for (let chat = 1; chat <= 31; chat += 1) {
      statuses.push(
        (await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: chat, text: `n${chat}` })).status,
      );
      clock.advance(10);
    }

    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    const refused = fake.calls.at(-1);
    expect(refused?.status).toBe(429);
    expect(fake.sent()).toHaveLength(30);

    const again = await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 99, text: 'still too soon' });
    expect(again.body).toMatchObject({ error_code: 429, parameters: { retry_after: 1 } });
    expect(again.body.description).toMatch(/^Too Many Requests: retry after \d+$/);
    // Once the window has moved past the first sends, messages go through again.
    clock.advance(1_000);
    expect((await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 99, text: 'now' })).status).toBe(200);
  });

  it('lets sends with allow_paid_broadcast go over the free limit up to the paid one, still one per chat, and counts their Stars', async () => {
    const clock = manualClock();
    // Telegram's 30 and 1 000 a second shrunk to 3 and 10, so the rule is read in a few calls.
    fake = await startFakeTelegram({ token: TOKEN, now: clock.now, limits: { global: 3, paidGlobal: 10 } });
    const send = (chat: number, paid?: boolean | string) =>
      call(fake!.apiRoot, TOKEN, 'sendMessage', {
        chat_id: chat,
        text: `n${chat}`,
        ...(paid === undefined ? {} : { allow_paid_broadcast: paid }),
      });

    // 3 free sends fill the free window; a 4th free one (false is free too) is refused, a paid one is not.
    for (let chat = 1; chat <= 3; chat += 1) expect((await send(chat)).status).toBe(200);
    const free = await send(4, false);
    expect(free.status).toBe(429);
    expect(free.body).toMatchObject({ parameters: { retry_after: 1 } });
    // Paid sends up to 10 in the window (the 3 free ones count), one per chat as ever.
    const statuses: number[] = [];
    for (let chat = 4; chat <= 11; chat += 1) statuses.push((await send(chat, true)).status);
    expect(statuses).toEqual([...Array(7).fill(200), 429]);
    clock.advance(500);
    expect((await send(20, true)).status).toBe(429);
    expect(fake.paidBroadcasts()).toEqual({ messages: 7, stars: 0.7 });
    expect(fake.floodRefusals()).toHaveLength(3);

    // A second after the first sends the window is empty again, for both kinds; a flag that is not a Boolean is
    // refused.
    clock.advance(500);
    expect((await send(30)).status).toBe(200);
    expect((await send(31, true)).status).toBe(200);
    expect((await send(32, 'yes')).status).toBe(400);
  });

  it("at Telegram's own limits: 30 free sends a second, 1 000 with allow_paid_broadcast", () => {
    const limiter = new SendRateLimiter();
    const at = 1_750_000_000_000;
    for (let chat = 0; chat < 30; chat += 1) expect(limiter.take(`c${chat}`, at + chat)).toBeNull();
    expect(limiter.take('free', at + 30)).toBe(1);
    for (let chat = 30; chat < 1_000; chat += 1) expect(limiter.take(`c${chat}`, at + 30, true)).toBeNull();
    expect(limiter.take('paid', at + 30, true)).toBe(1);
    // One message per chat in a second, paid or not.
    expect(limiter.take('c999', at + 1_020, true)).toBe(1);
    // The first sends leave the window a second after they went: room for exactly as many again.
    expect(limiter.take('later', at + 1_000, true)).toBeNull();
    expect(limiter.take('later-free', at + 1_000)).toBe(1);
  });

  it('answers 403 "Forbidden: bot was blocked by the user" for a user who blocked the bot', async () => {
    fake = await startFakeTelegram({ token: TOKEN });
    fake.blockUser(42);

    const refused = await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 42, text: 'hello' });

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect(fake.sent(42)).toEqual([]);
    fake.unblockUser(42);
    expect((await call(fake.apiRoot, TOKEN, 'sendMessage', { chat_id: 42, text: 'hello' })).status).toBe(200);
  });

  it('answers 401 Unauthorized for a wrong token and 404 for an unknown method', async () => {
    fake = await startFakeTelegram({ token: TOKEN });

    const wrongToken = await call(fake.apiRoot, '7000000001:not-the-token', 'getMe');
    const unknownMethod = await call(fake.apiRoot, TOKEN, 'sendTelepathy', { chat_id: 1 });

    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    expect(unknownMethod.status).toBe(404);
    expect(unknownMethod.body).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
    expect(fake.calls.map((c) => [c.method, c.status])).toEqual([
      ['getMe', 401],
      ['sendTelepathy', 404],
    ]);
  });

  it('returns Telegram-shaped messages with per-chat message ids and dates from its clock', async () => {
    const clock = manualClock(1_750_000_000_500);
    fake = await startFakeTelegram({ token: TOKEN, botUsername: 'khel_bot', now: clock.now });
    const api = new Api(TOKEN, { apiRoot: fake.apiRoot });

    const me = await api.getMe();
    const first = await api.sendMessage(42, 'first');
    clock.advance(1_000);
    const second = await api.sendMessage(42, 'second');
    const elsewhere = await api.sendMessage(-100123456789012, 'group hello');

    expect(me).toMatchObject({ id: 7000000001, is_bot: true, username: 'khel_bot' });
    expect(first).toMatchObject({
      message_id: 1,
      date: 1_750_000_000,
      chat: { id: 42, type: 'private' },
      text: 'first',
    });
    expect(first.from?.id).toBe(7000000001);
    expect(second.message_id).toBe(2);
    expect(elsewhere).toMatchObject({ message_id: 1, chat: { type: 'supergroup' } });
  });

  it('reads multipart uploads as grammY sends them (sendPhoto with a file)', async () => {
    fake = await startFakeTelegram({ token: TOKEN });
    const api = new Api(TOKEN, { apiRoot: fake.apiRoot });

    const message = await api.sendPhoto(42, new InputFile(new Uint8Array([137, 80, 78, 71]), 'pog.png'), {
      caption: 'My POG card',
      reply_markup: { inline_keyboard: [[{ text: 'Open', url: 'https://khel.example/tma/pog' }]] },
    });

    expect(message.photo?.length).toBeGreaterThan(0);
    const [sent] = fake.sent(42);
    expect(sent).toMatchObject({ method: 'sendPhoto', caption: 'My POG card', chatId: 42 });
    expect(sent?.params.photo).toEqual({ file: { name: 'pog.png', size: 4, type: expect.any(String) } });
    expect(sent?.replyMarkup?.inline_keyboard[0]?.[0]).toEqual({
      text: 'Open',
      url: 'https://khel.example/tma/pog',
    });
  });

  it('refuses web_app buttons with http URLs or outside private chats, and url buttons to localhost', async () => {
    fake = await startFakeTelegram({ token: TOKEN });
    const markup = (button: Record<string, unknown>) => ({
      inline_keyboard: [[{ text: 'Open', ...button }]],
    });

    const httpWebApp = await call(fake.apiRoot, TOKEN, 'sendMessage', {
      chat_id: 1,
      text: 'x',
      reply_markup: markup({ web_app: { url: 'http://khel.example/tma/' } }),
    });
    const groupWebApp = await call(fake.apiRoot, TOKEN, 'sendMessage', {
      chat_id: -200,
      text: 'x',
      reply_markup: markup({ web_app: { url: 'https://khel.example/tma/' } }),
    });
    const localhostUrl = await call(fake.apiRoot, TOKEN, 'sendMessage', {
      chat_id: 2,
      text: 'x',
      reply_markup: markup({ url: 'http://localhost:8080/tma/' }),
    });

    expect(httpWebApp.status).toBe(400);
    expect(httpWebApp.body.description).toMatch(/Only HTTPS links are allowed/);
    expect(groupWebApp.body).toMatchObject({
      error_code: 400,
      description: 'Bad Request: BUTTON_TYPE_INVALID',
    });
    expect(localhostUrl.body).toMatchObject({
      error_code: 400,
      description: 'Bad Request: BUTTON_URL_INVALID',
    });
    expect(fake.sent()).toEqual([]);
  });

  it('holds getUpdates for up to `timeout` seconds and answers as soon as an update is pushed', async () => {
    fake = await startFakeTelegram({ token: TOKEN });

    // Held for up to 10 minutes, far longer than the test may run: only the push can answer it.
    const poll = call(fake.apiRoot, TOKEN, 'getUpdates', { offset: 0, timeout: 600 });
    await fake.waitFor(() => fake?.callsTo('getUpdates').length === 1);
    expect(fake.callsTo('getUpdates')[0]?.status).toBe(0); // still held
    const pushed = fake.pushUpdate(startUpdate({ id: 42 }, 'quest_summer-cup'));
    const answer = await poll;

    expect(answer.body).toMatchObject({ ok: true, result: [{ update_id: pushed.update_id }] });
    expect(pushed.message?.text).toBe('/start quest_summer-cup');
    expect(pushed.message?.entities).toEqual([{ type: 'bot_command', offset: 0, length: 6 }]);

    // Asking from the next offset confirms the update: it is not handed out again.
    const next = await call(fake.apiRoot, TOKEN, 'getUpdates', { offset: pushed.update_id + 1, timeout: 0 });
    expect(next.body).toEqual({ ok: true, result: [] });
  });

  it('ends a held getUpdates early when closed, and refuses getUpdates while a webhook is set', async () => {
    fake = await startFakeTelegram({ token: TOKEN });
    const webhookSet = await call(fake.apiRoot, TOKEN, 'setWebhook', {
      url: 'https://khel.example/telegram/webhook',
      secret_token: 'abc_DEF-123',
    });
    const whileWebhook = await call(fake.apiRoot, TOKEN, 'getUpdates', { timeout: 0 });
    await call(fake.apiRoot, TOKEN, 'deleteWebhook');

    expect(webhookSet.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(whileWebhook.status).toBe(409);

    // Held for up to 10 minutes, far longer than the test may run: only closing can end it.
    const poll = call(fake.apiRoot, TOKEN, 'getUpdates', { timeout: 600 });
    await fake.waitFor(() => fake?.callsTo('getUpdates').length === 2);
    await fake.close();
    expect((await poll).body).toEqual({ ok: true, result: [] });
    fake = undefined;
  });
});

describe('fake Telegram getChatMember', () => {
  it('answers the memberships set in process or over HTTP, left for others, and chat not found for unknown chats', async () => {
    fake = await startFakeTelegram({ token: TOKEN });
    const api = new Api(TOKEN, { apiRoot: fake.apiRoot });
    fake.setChatMember('@khel_news', 501, 'member');
    expect((await api.getChatMember('@Khel_News', 501)).status).toBe('member');
    expect((await api.getChatMember('@khel_news', 502)).status).toBe('left');
    const control = await fetch(`${fake.apiRoot}/__fake/chat-member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat: -1001234567890, userId: 503, status: 'restricted', isMember: true }),
    });
    expect(control.status).toBe(200);
    const restricted = await api.getChatMember(-1001234567890, 503);
    expect(restricted).toMatchObject({ status: 'restricted', is_member: true });
    await expect(api.getChatMember('@nobody_here', 501)).rejects.toMatchObject({
      error_code: 400,
      description: 'Bad Request: chat not found',
    });
  });
});

describe('fake Telegram inline mode', () => {
  const photo = {
    type: 'photo',
    id: 'pog:1',
    photo_url: 'https://khel.example/api/pog/cards/Ace01/share.png',
    thumbnail_url: 'https://khel.example/api/pog/cards/Ace01/front.png',
    caption: 'Ace01',
    reply_markup: {
      inline_keyboard: [[{ text: 'Open', url: 'https://t.me/khel_bot/app?startapp=pog_Ace01' }]],
    },
  };

  it('records an answer to an open inline query, once, and refuses malformed results as Telegram does', async () => {
    fake = await startFakeTelegram({ token: TOKEN });
    const update = fake.pushUpdate(inlineQueryUpdate({ from: { id: 5 }, query: 'ace' }));
    const id = update.inline_query!.id;
    expect(update.inline_query).toMatchObject({ query: 'ace', from: { id: 5 }, chat_type: 'private' });

    const answer = (results: unknown[], extra: Record<string, unknown> = {}) =>
      call(fake!.apiRoot, TOKEN, 'answerInlineQuery', { inline_query_id: id, results, ...extra });
    const refusal = async (results: unknown[], extra: Record<string, unknown> = {}) =>
      (await answer(results, extra)).body.description;
    expect(await refusal([{ ...photo, photo_url: 'http://localhost:8080/share.png' }])).toBe(
      'Bad Request: WEBDOCUMENT_URL_INVALID',
    );
    expect(await refusal([{ ...photo, thumbnail_url: undefined }])).toBe(
      'Bad Request: WEBDOCUMENT_URL_INVALID',
    );
    expect(await refusal([photo, photo])).toBe('Bad Request: RESULT_ID_DUPLICATE');
    expect(await refusal([{ ...photo, type: 'picture' }])).toBe('Bad Request: RESULT_TYPE_INVALID');
    expect(await refusal([{ type: 'article', id: 'a', title: 'Mint' }])).toBe('Bad Request: MESSAGE_EMPTY');
    expect(
      await refusal([
        {
          ...photo,
          reply_markup: {
            inline_keyboard: [[{ text: 'Open', web_app: { url: 'https://khel.example/tma/' } }]],
          },
        },
      ]),
    ).toBe('Bad Request: BUTTON_TYPE_INVALID');
    expect(await refusal([photo], { button: { text: 'Mint', start_parameter: 'has space' } })).toBe(
      'Bad Request: START_PARAM_INVALID',
    );
    expect(fake.inlineAnswers()).toEqual([]);

    const ok = await answer([photo], {
      cache_time: 10,
      is_personal: true,
      button: { text: 'Mint', start_parameter: 'mint' },
    });
    expect(ok.status).toBe(200);
    expect(fake.inlineAnswer(id)).toEqual({
      inlineQueryId: id,
      results: [photo],
      cacheTime: 10,
      isPersonal: true,
      button: { text: 'Mint', start_parameter: 'mint' },
    });
    // A query is answered once.
    expect(await refusal([photo])).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
  });

  it('saves a prepared inline message for a user (grammY savePreparedInlineMessage) after checking its result', async () => {
    const clock = manualClock();
    fake = await startFakeTelegram({ token: TOKEN, now: clock.now });
    const api = new Api(TOKEN, { apiRoot: fake.apiRoot });
    const everywhere = {
      allow_user_chats: true,
      allow_bot_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    };
    const prepared = await api.savePreparedInlineMessage(42, photo as never, everywhere);
    expect(prepared).toEqual({ id: expect.any(String), expiration_date: clock.now() / 1000 + 86_400 });
    expect(fake.prepared()).toEqual([
      {
        id: prepared.id,
        userId: 42,
        result: photo,
        allowUserChats: true,
        allowBotChats: true,
        allowGroupChats: true,
        allowChannelChats: true,
        expirationDate: prepared.expiration_date,
      },
    ]);
    const refusal = async (params: Record<string, unknown>) =>
      (await call(fake!.apiRoot, TOKEN, 'savePreparedInlineMessage', params)).body.description;
    expect(await refusal({ user_id: 0, result: photo, ...everywhere })).toBe('Bad Request: USER_ID_INVALID');
    expect(await refusal({ user_id: 42, result: { ...photo, id: '' }, ...everywhere })).toBe(
      'Bad Request: RESULT_ID_INVALID',
    );
    expect(await refusal({ user_id: 42, result: photo })).toBe('Bad Request: PEER_TYPES_INVALID');
    expect(fake.prepared()).toHaveLength(1);
  });
});

describe('Telegram Stars in the fake', () => {
  /** The Bot API's answer itself (`{ ok, result | description }`). */
  const body = async (...args: Parameters<typeof call>): Promise<any> => (await call(...args)).body;
  const invoice = {
    title: '500 K-Cash',
    description: '500 K-Cash for your Khel wallet.',
    payload: 'invoice-1',
    currency: 'XTR',
    prices: [{ label: '500 K-Cash', amount: 45 }],
  };

  it('createInvoiceLink and sendInvoice check an invoice in Stars as Telegram does', async () => {
    fake = await startFakeTelegram({ token: TOKEN });
    const refused = async (method: string, change: Record<string, unknown>) =>
      (await body(fake!.apiRoot, TOKEN, method, { chat_id: 5, ...invoice, ...change })) as {
        ok: boolean;
        description?: string;
      };
    expect(await refused('createInvoiceLink', {})).toMatchObject({ ok: true });
    expect(await refused('createInvoiceLink', { title: 'x'.repeat(33) })).toMatchObject({
      description: 'Bad Request: INVOICE_TITLE_INVALID',
    });
    expect(await refused('createInvoiceLink', { description: '' })).toMatchObject({
      description: 'Bad Request: INVOICE_DESCRIPTION_INVALID',
    });
    expect(await refused('createInvoiceLink', { payload: 'é'.repeat(65) })).toMatchObject({
      description: 'Bad Request: INVOICE_PAYLOAD_INVALID',
    });
    expect(await refused('createInvoiceLink', { currency: 'USD' })).toMatchObject({
      description: 'Bad Request: CURRENCY_INVALID',
    });
    expect(await refused('createInvoiceLink', { provider_token: 'tok' })).toMatchObject({
      description: 'Bad Request: PAYMENT_PROVIDER_INVALID',
    });
    for (const prices of [[], [...invoice.prices, ...invoice.prices], [{ label: 'x', amount: 1.5 }]])
      expect(await refused('sendInvoice', { prices })).toMatchObject({
        description: 'Bad Request: STARS_INVOICE_INVALID',
      });
    expect(await refused('sendInvoice', {})).toMatchObject({ ok: true });
    expect(fake.payments.invoices().map((i) => [i.link !== null, i.chatId])).toEqual([
      [true, null],
      [false, 5],
    ]);
  });

  it('a pre-checkout query is answered once, within 10 s of the fake clock', async () => {
    const clock = manualClock();
    fake = await startFakeTelegram({ token: TOKEN, now: clock.now });
    const paying = fake.payments.pay({ payload: 'p', amount: 5 }, { id: 9 });
    const [update] = (
      (await body(fake.apiRoot, TOKEN, 'getUpdates')) as {
        result: { pre_checkout_query: { id: string; invoice_payload: string; total_amount: number } }[];
      }
    ).result;
    const query = update!.pre_checkout_query;
    expect(query).toMatchObject({ invoice_payload: 'p', total_amount: 5 });
    expect(
      await body(fake.apiRoot, TOKEN, 'answerPreCheckoutQuery', {
        pre_checkout_query_id: query.id,
        ok: false,
      }),
    ).toMatchObject({
      ok: false,
      description: 'Bad Request: error_message is required when ok is false',
    });
    expect(
      await body(fake.apiRoot, TOKEN, 'answerPreCheckoutQuery', {
        pre_checkout_query_id: query.id,
        ok: true,
      }),
    ).toMatchObject({ ok: true });
    expect(
      await body(fake.apiRoot, TOKEN, 'answerPreCheckoutQuery', {
        pre_checkout_query_id: query.id,
        ok: true,
      }),
    ).toMatchObject({
      ok: false,
      description: 'Bad Request: QUERY_ID_INVALID',
    });
    const paid = await paying;
    expect(paid.status).toBe('paid');
    expect(paid.update?.message?.successful_payment).toMatchObject({
      telegram_payment_charge_id: paid.chargeId,
    });

    const late = fake.payments.pay({ payload: 'q', amount: 5 }, { id: 9 });
    const pending = (
      (await body(fake.apiRoot, TOKEN, 'getUpdates', { offset: 3 })) as {
        result: { pre_checkout_query?: { id: string } }[];
      }
    ).result.find((u) => u.pre_checkout_query);
    clock.advance(10_001);
    expect(await late).toEqual({ status: 'cancelled', reason: 'timeout' });
    expect(
      await body(fake.apiRoot, TOKEN, 'answerPreCheckoutQuery', {
        pre_checkout_query_id: pending!.pre_checkout_query!.id,
        ok: true,
      }),
    ).toMatchObject({
      description: 'Bad Request: QUERY_ID_INVALID',
    });
  });
});
