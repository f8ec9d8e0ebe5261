import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Launch } from './launch.ts';

const initTelegramSdk = vi.fn();
const requestBotWriteAccess = vi.fn(async () => 'allowed');
vi.mock('./init.ts', () => ({ initTelegramSdk, requestBotWriteAccess }));

const TELEGRAM: Launch = {
  kind: 'telegram',
  initDataRaw: 'user=%7B%22id%22%3A1%7D&hash=x',
  startParam: null,
  languageCode: 'en',
  allowsWriteToPm: true,
  mocked: false,
};

/** A fresh copy of the module: its state (started or not) is per page. */
async function freshSdk() {
  vi.resetModules();
  return import('./telegram-sdk.ts');
}

describe('telegram-sdk', () => {
  afterEach(() => {
    initTelegramSdk.mockReset();
    vi.restoreAllMocks();
  });

  it('tells what waits for it that the SDK started', async () => {
    const sdk = await freshSdk();
    await sdk.startTelegramSdk(TELEGRAM, { debug: false });
    await expect(sdk.telegramSdkStarted()).resolves.toBeUndefined();
    await expect(sdk.requestBotWriteAccess()).resolves.toBe('allowed');
  });

  it('a page with init data but no Telegram client around it: the start fails quietly, its waiters do without', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    initTelegramSdk.mockImplementation(() => {
      throw new Error('UnknownEnvError');
    });
    const sdk = await freshSdk();
    await expect(sdk.startTelegramSdk(TELEGRAM, { debug: false })).resolves.toBeUndefined();
    // Telegram's buttons (lazy components waiting on this) render nothing instead of calling the SDK.
    await expect(sdk.telegramSdkStarted()).rejects.toThrow('did not start');
    await expect(sdk.requestBotWriteAccess()).resolves.toBeNull();
    await expect(sdk.openTelegramInvoice('https://t.me/$x')).resolves.toBe('failed');
    expect(error).toHaveBeenCalledWith('Could not start the Telegram SDK', expect.any(Error));
  });
});
