import { describe, expect, it } from 'vitest';
import { miniAppScreenUrl, openAppButton } from './open-app.ts';

describe('miniAppScreenUrl', () => {
  it('joins the Mini App root and a route with exactly one slash, keeping the query', () => {
    expect(miniAppScreenUrl('https://khel.example/tma/', '/quest-details/summer-cup')).toBe(
      'https://khel.example/tma/quest-details/summer-cup',
    );
    expect(miniAppScreenUrl('https://khel.example/tma', '/kyc?requiredDoc=pan')).toBe(
      'https://khel.example/tma/kyc?requiredDoc=pan',
    );
    expect(miniAppScreenUrl('https://khel.example/', '/home')).toBe('https://khel.example/home');
  });
});

describe('openAppButton', () => {
  const chat = (type: string) => ({ type, botUsername: 'khel_bot' });

  it('uses a web_app button in private chats when the Mini App is on https', () => {
    const button = openAppButton(
      'Open',
      { path: '/home' },
      { miniAppUrl: 'https://khel.example/tma/' },
      chat('private'),
    );
    expect(button).toEqual({ text: 'Open', web_app: { url: 'https://khel.example/tma/home' } });
  });

  it('uses links where web_app buttons are not allowed', () => {
    const destination = { path: '/collect-earnings', startParam: 'earnings' };
    const https = { miniAppUrl: 'https://khel.example/tma/' };

    expect(openAppButton('Open', destination, https, chat('group'))).toEqual({
      text: 'Open',
      url: 'https://t.me/khel_bot?start=earnings',
    });
    expect(
      openAppButton('Open', destination, { ...https, miniAppShortName: 'play' }, chat('supergroup')),
    ).toEqual({
      text: 'Open',
      url: 'https://t.me/khel_bot/play?startapp=earnings',
    });
    expect(
      openAppButton('Open', destination, { miniAppUrl: 'http://khel.test/tma/' }, chat('private')),
    ).toEqual({
      text: 'Open',
      url: 'http://khel.test/tma/collect-earnings',
    });
  });
});
