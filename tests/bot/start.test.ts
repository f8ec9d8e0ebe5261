import { BOT_TEXTS } from '@khel/bot';
import {
  buttonUrl,
  type FakeTelegram,
  inlineButtons,
  startUpdate,
  type UpdateDraft,
} from '@khel/tests/fake-telegram';
import type { Update } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOT_USERNAME, botAgainst, fakeTelegram } from './helpers.ts';

let fake: FakeTelegram;
beforeEach(async () => {
  fake = await fakeTelegram();
});
afterEach(async () => {
  await fake.close();
});

let updateId = 1;
const asUpdate = (draft: UpdateDraft): Update =>
  ({ ...draft, update_id: draft.update_id ?? updateId++ }) as Update;

async function sendStart(payload?: string, user = { id: 4242, language_code: 'en' }, deps = {}) {
  const { bot, logger } = await botAgainst(fake, deps);
  await bot.handleUpdate(asUpdate(startUpdate(user, payload)));
  return { logger, messages: fake.sent(user.id) };
}

describe('/start', () => {
  it('answers with one message whose web_app button opens the Mini App home', async () => {
    const { messages } = await sendStart();

    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toBe(BOT_TEXTS.en.welcome);
    const buttons = inlineButtons(messages[0]);
    expect(buttons).toEqual([{ text: 'Open Khel', web_app: { url: 'https://khel.example/tma/home' } }]);
  });

  it('opens the quest screen for `/start quest_summer-cup`', async () => {
    const { messages } = await sendStart('quest_summer-cup');

    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toBe(BOT_TEXTS.en.openLinkedScreen);
    const url = buttonUrl(inlineButtons(messages[0])[0]);
    expect(url).toBe('https://khel.example/tma/quest-details/summer-cup');
    expect(url?.endsWith('/tma/quest-details/summer-cup')).toBe(true);
  });

  it('opens Collect Earnings for `/start earnings`', async () => {
    const { messages } = await sendStart('earnings');

    expect(buttonUrl(inlineButtons(messages[0])[0])).toBe('https://khel.example/tma/collect-earnings');
  });

  it('keeps the query of the target route (`/start kyc` → /kyc?requiredDoc=pan) and ids in query routes', async () => {
    const kyc = await sendStart('kyc', { id: 5001, language_code: 'en' });
    const clan = await sendStart('clan_c-77', { id: 5002, language_code: 'en' });

    expect(buttonUrl(inlineButtons(kyc.messages[0])[0])).toBe('https://khel.example/tma/kyc?requiredDoc=pan');
    expect(buttonUrl(inlineButtons(clan.messages[0])[0])).toBe(
      'https://khel.example/tma/discover-clan?clanId=c-77',
    );
  });

  it('falls back to home for an unknown payload and says so politely', async () => {
    const unknownScreen = await sendStart('treasure_map-1', { id: 5101, language_code: 'en' });
    const malformed = await sendStart('quest_bad!slug', { id: 5102, language_code: 'en' });

    for (const { messages } of [unknownScreen, malformed]) {
      expect(messages).toHaveLength(1);
      expect(messages[0]?.text).toBe(BOT_TEXTS.en.unknownLink);
      expect(messages[0]?.text).toMatch(/^Sorry/);
      expect(buttonUrl(inlineButtons(messages[0])[0])).toBe('https://khel.example/tma/home');
    }
  });

  it('speaks Hindi to a user whose Telegram language is Hindi', async () => {
    const { messages } = await sendStart(undefined, { id: 5201, language_code: 'hi' });

    expect(messages[0]?.text).toBe(BOT_TEXTS.hi.welcome);
    expect(messages[0]?.text).toContain('Khel में आपका स्वागत है');
    expect(inlineButtons(messages[0])[0]?.text).toBe('Khel खोलें');
  });

  it('speaks Brazilian Portuguese to pt and pt-br users and English to anyone else', async () => {
    const pt = await sendStart('quest_summer-cup', { id: 5301, language_code: 'pt-br' });
    const de = await sendStart(undefined, { id: 5302, language_code: 'de' });

    expect(pt.messages[0]?.text).toBe(BOT_TEXTS['pt-BR'].openLinkedScreen);
    expect(inlineButtons(pt.messages[0])[0]?.text).toBe('Abrir o Khel');
    expect(de.messages[0]?.text).toBe(BOT_TEXTS.en.welcome);
  });

  it('joins a Mini App URL given without a trailing slash correctly', async () => {
    const { messages } = await sendStart('quest_summer-cup', undefined, {
      miniAppUrl: 'https://khel.example/tma',
    });

    expect(buttonUrl(inlineButtons(messages[0])[0])).toBe(
      'https://khel.example/tma/quest-details/summer-cup',
    );
  });

  it('uses a plain url button when the Mini App is served over http (local development)', async () => {
    const { messages } = await sendStart('earnings', undefined, { miniAppUrl: 'http://khel.test:8080/tma/' });

    expect(inlineButtons(messages[0])).toEqual([
      { text: 'Open Khel', url: 'http://khel.test:8080/tma/collect-earnings' },
    ]);
  });

  it('puts the link in the text when Telegram refuses the button URL (http://localhost)', async () => {
    const { messages } = await sendStart('earnings', undefined, { miniAppUrl: 'http://localhost:8080/tma/' });

    expect(fake.callsTo('sendMessage').map((c) => c.status)).toEqual([400, 200]);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toBe(
      `${BOT_TEXTS.en.openLinkedScreen}\n\nOpen it here: http://localhost:8080/tma/collect-earnings`,
    );
    expect(messages[0]?.replyMarkup).toBeUndefined();
  });

  it('prefers the t.me Mini App link over a plain http URL when the short name is known', async () => {
    const { messages } = await sendStart('quest_summer-cup', undefined, {
      miniAppUrl: 'http://localhost:8080/tma/',
      miniAppShortName: 'play',
    });

    expect(buttonUrl(inlineButtons(messages[0])[0])).toBe(
      `https://t.me/${BOT_USERNAME}/play?startapp=quest_summer-cup`,
    );
  });

  it('uses links in groups, where Telegram does not allow web_app buttons', async () => {
    const clanGroup = { id: -100555, type: 'supergroup' as const, title: 'Khel Clan' };
    const otherGroup = { id: -100556, type: 'supergroup' as const, title: 'Khel Squad' };
    const withShortName = await botAgainst(fake, { miniAppShortName: 'play' });
    const withoutShortName = await botAgainst(fake);

    await withShortName.bot.handleUpdate(
      asUpdate(startUpdate({ id: 6001 }, 'quest_summer-cup', { chat: clanGroup, botUsername: BOT_USERNAME })),
    );
    await withoutShortName.bot.handleUpdate(
      asUpdate(startUpdate({ id: 6002 }, 'earnings', { chat: otherGroup, botUsername: BOT_USERNAME })),
    );

    const urlIn = (chatId: number) => fake.sent(chatId).map((m) => buttonUrl(inlineButtons(m)[0]));
    expect(urlIn(clanGroup.id)).toEqual([`https://t.me/${BOT_USERNAME}/play?startapp=quest_summer-cup`]);
    expect(urlIn(otherGroup.id)).toEqual([`https://t.me/${BOT_USERNAME}?start=earnings`]);
  });

  it('survives Telegram refusing the reply (user blocked the bot): the error is logged, nothing throws', async () => {
    fake.blockUser(7001);
    const { bot, logger } = await botAgainst(fake);

    await expect(bot.handleUpdate(asUpdate(startUpdate({ id: 7001 })))).resolves.toBeUndefined();

    expect(fake.sent(7001)).toEqual([]);
    expect(logger.error).toHaveBeenCalledWith(
      'A bot feature failed',
      expect.objectContaining({ error: expect.stringContaining('bot was blocked by the user') }),
    );
  });
});
