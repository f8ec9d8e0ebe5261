import { describe, expect, it } from 'vitest';
import { BotConfigError, hasBotToken, loadBotConfig, loadNotifierRate } from './env.ts';

const TOKEN = '123456:ABC-def_ghi';

describe('loadBotConfig', () => {
  it('defaults to polling against api.telegram.org with the Mini App under PUBLIC_URL/tma/ and port 8081', () => {
    const config = loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, PUBLIC_URL: 'https://khel.example' });

    expect(config).toEqual({
      token: TOKEN,
      apiRoot: 'https://api.telegram.org',
      mode: 'polling',
      miniAppUrl: 'https://khel.example/tma/',
      port: 8081,
      notifierMessagesPerSecond: 30,
      notifierPaidBroadcast: false,
      khelApiUrl: 'https://khel.example/api',
    });
  });

  it('points the clan console at KHEL_API_URL, else PUBLIC_URL + /api, else the local all-in-one server', () => {
    expect(
      loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, KHEL_API_URL: 'https://api.khel.example/api/' }).khelApiUrl,
    ).toBe('https://api.khel.example/api');
    expect(
      loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, PUBLIC_URL: 'https://khel.example/app/' }).khelApiUrl,
    ).toBe('https://khel.example/app/api');
    expect(loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN }).khelApiUrl).toBe('http://localhost:8080/api');
    expect(() => loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, KHEL_API_URL: 'ftp://x' })).toThrow(
      /KHEL_API_URL/,
    );
  });

  it('paid broadcasts (an operator setting) allow up to 1000 messages/s, 1000 by default', () => {
    expect(loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, NOTIFIER_PAID_BROADCAST: 'true' })).toMatchObject({
      notifierMessagesPerSecond: 1_000,
      notifierPaidBroadcast: true,
    });
    expect(loadNotifierRate({ NOTIFIER_PAID_BROADCAST: '1', NOTIFIER_MESSAGES_PER_SECOND: '500' })).toEqual({
      notifierMessagesPerSecond: 500,
      notifierPaidBroadcast: true,
    });
    expect(loadNotifierRate({ NOTIFIER_PAID_BROADCAST: 'false' })).toEqual({
      notifierMessagesPerSecond: 30,
      notifierPaidBroadcast: false,
    });
    expect(() =>
      loadNotifierRate({ NOTIFIER_PAID_BROADCAST: 'true', NOTIFIER_MESSAGES_PER_SECOND: '1001' }),
    ).toThrow(/NOTIFIER_MESSAGES_PER_SECOND must be a whole number from 1 to 1000/);
    expect(() => loadNotifierRate({ NOTIFIER_PAID_BROADCAST: 'yes' })).toThrow(/NOTIFIER_PAID_BROADCAST/);
  });

  it('reads the database URL and the notifier rate for split mode', () => {
    const config = loadBotConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      DATABASE_URL: 'postgres://khel@db:5432/khel',
      NOTIFIER_MESSAGES_PER_SECOND: '15',
    });

    expect(config).toMatchObject({
      databaseUrl: 'postgres://khel@db:5432/khel',
      notifierMessagesPerSecond: 15,
    });
    expect(() => loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, NOTIFIER_MESSAGES_PER_SECOND: '31' })).toThrow(
      /NOTIFIER_MESSAGES_PER_SECOND must be a whole number from 1 to 30 \(up to 1000 with NOTIFIER_PAID_BROADCAST/,
    );
    expect(() => loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, NOTIFIER_MESSAGES_PER_SECOND: '0' })).toThrow(
      /NOTIFIER_MESSAGES_PER_SECOND/,
    );
    expect(loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN })).toMatchObject({
      notifierMessagesPerSecond: 30,
      notifierPaidBroadcast: false,
    });
    expect(() => loadBotConfig({ TELEGRAM_BOT_TOKEN: TOKEN, DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    );
  });

  it('switches to webhook mode when TELEGRAM_WEBHOOK_URL is set, and then requires the secret', () => {
    const base = { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_URL: 'https://khel.example/telegram/webhook' };

    expect(() => loadBotConfig(base)).toThrow(/TELEGRAM_WEBHOOK_SECRET is required/);
    expect(loadBotConfig({ ...base, TELEGRAM_WEBHOOK_SECRET: 'a-Z_9' })).toMatchObject({
      mode: 'webhook',
      webhookUrl: 'https://khel.example/telegram/webhook',
      webhookSecret: 'a-Z_9',
    });
  });

  it('accepts secrets of 1–256 characters of A-Za-z0-9_- only', () => {
    const env = (secret: string) => ({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_URL: 'https://khel.example/hook',
      TELEGRAM_WEBHOOK_SECRET: secret,
    });

    expect(loadBotConfig(env('x'.repeat(256))).webhookSecret).toHaveLength(256);
    expect(() => loadBotConfig(env('x'.repeat(257)))).toThrow(BotConfigError);
    expect(() => loadBotConfig(env('has space'))).toThrow(/A-Za-z0-9_-/);
    expect(() => loadBotConfig(env('dots.not.allowed'))).toThrow(BotConfigError);
  });

  it('requires the token, treating blank values as unset', () => {
    expect(() => loadBotConfig({})).toThrow(/TELEGRAM_BOT_TOKEN is required/);
    expect(() => loadBotConfig({ TELEGRAM_BOT_TOKEN: '  ' })).toThrow(/TELEGRAM_BOT_TOKEN is required/);
    expect(hasBotToken({ TELEGRAM_BOT_TOKEN: '' })).toBe(false);
    expect(hasBotToken({ TELEGRAM_BOT_TOKEN: TOKEN })).toBe(true);
  });

  it('takes an explicit Mini App URL (adding the trailing slash), API root and short name', () => {
    const config = loadBotConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9999/',
      TELEGRAM_MINIAPP_URL: 'https://khel.example/tma',
      TELEGRAM_MINIAPP_SHORT_NAME: 'play',
      TELEGRAM_WEBHOOK_URL: '',
      PORT: '9090',
    });

    expect(config).toMatchObject({
      apiRoot: 'http://127.0.0.1:9999',
      miniAppUrl: 'https://khel.example/tma/',
      miniAppShortName: 'play',
      mode: 'polling',
      port: 9090,
    });
  });

  it('lists every problem at once', () => {
    try {
      loadBotConfig({ TELEGRAM_MINIAPP_URL: 'ftp://khel.example/tma/', TELEGRAM_MINIAPP_SHORT_NAME: 'a b' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BotConfigError);
      expect((error as BotConfigError).issues).toHaveLength(3);
    }
  });
});
