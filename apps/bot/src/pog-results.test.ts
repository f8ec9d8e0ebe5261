import { describe, expect, it } from 'vitest';
import {
  pogMintArticle,
  pogMintSwitchButton,
  pogPhotoResult,
  pogShowcaseDestination,
} from './pog-results.ts';
import { BOT_TEXTS } from './texts.ts';

const card = {
  id: '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f',
  name: 'Ace01',
  variant: 'Legendary' as const,
  total: 912,
  images: {
    front: 'https://khel.example/api/pog/cards/Ace01/front.png?v=3-912-m',
    back: 'https://khel.example/api/pog/cards/Ace01/back.png?v=3-912-m',
    share: 'https://khel.example/api/pog/cards/Ace01/share.png?v=3-912-m',
  },
};
const withApp = { miniAppUrl: 'https://khel.example/tma/', miniAppShortName: 'app', botUsername: 'khel_bot' };

describe('pogPhotoResult', () => {
  it('is the share image in the reader’s language with a caption and a t.me button to the showcase', () => {
    const result = pogPhotoResult(card, 'pt-br', withApp);
    expect(result).toMatchObject({
      type: 'photo',
      id: `pog:${card.id}`,
      photo_url: 'https://khel.example/api/pog/cards/Ace01/share.png?v=3-912-m&lang=pt-BR',
      thumbnail_url: 'https://khel.example/api/pog/cards/Ace01/front.png?v=3-912-m&lang=pt-BR',
      caption: BOT_TEXTS['pt-BR'].pog.caption({ name: 'Ace01', variant: 'Lendário', total: 912 }),
      reply_markup: {
        inline_keyboard: [
          [
            {
              text: BOT_TEXTS['pt-BR'].pog.openShowcase,
              url: 'https://t.me/khel_bot/app?startapp=pog_Ace01',
            },
          ],
        ],
      },
    });
    expect(Buffer.byteLength(result.id)).toBeLessThanOrEqual(64);
  });

  it('links the bot’s /start without a Mini App short name, and never uses a web_app button', () => {
    const result = pogPhotoResult(card, undefined, {
      miniAppUrl: 'http://localhost:8080/tma/',
      botUsername: 'khel_bot',
    });
    expect(result.reply_markup?.inline_keyboard).toEqual([
      [{ text: BOT_TEXTS.en.pog.openShowcase, url: 'https://t.me/khel_bot?start=pog_Ace01' }],
    ]);
  });

  it('keeps every caption within Telegram’s 1024 characters', () => {
    for (const language of ['en', 'hi', 'pt-BR'])
      expect([...(pogPhotoResult(card, language, withApp).caption ?? '')].length).toBeLessThanOrEqual(1024);
  });
});

describe('minting offer', () => {
  it('is an article opening /pog/mint and a button to /start mint', () => {
    expect(pogMintArticle('hi', withApp)).toMatchObject({
      type: 'article',
      title: BOT_TEXTS.hi.pog.mintTitle,
      input_message_content: { message_text: BOT_TEXTS.hi.pog.mintMessage },
      reply_markup: {
        inline_keyboard: [
          [{ text: BOT_TEXTS.hi.pog.mintButton, url: 'https://t.me/khel_bot/app?startapp=mint' }],
        ],
      },
    });
    expect(pogMintSwitchButton('en')).toEqual({ text: 'Mint your POG card', start_parameter: 'mint' });
    expect(pogShowcaseDestination('Ace01')).toEqual({
      path: '/pog-showcase?username=Ace01',
      startParam: 'pog_Ace01',
    });
  });
});
