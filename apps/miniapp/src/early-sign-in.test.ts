import { createApiClient } from '@khel/core/client';
import { authRoutes } from '@khel/core/contract';
import { createSessionStore, memoryStorage } from '@khel/core/session';
import { describe, expect, it } from 'vitest';
import { sendTelegramSignIn, TELEGRAM_SIGN_IN_PATH } from './early-sign-in.ts';

describe('the early Telegram sign-in', () => {
  it('is the contract route, sent with the init data as tma authorization', async () => {
    expect(TELEGRAM_SIGN_IN_PATH).toBe(authRoutes.telegram.path);
    expect(authRoutes.telegram.method).toBe('POST');
    const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
    const client = createApiClient({
      baseUrl: 'https://khel.test/api',
      source: 'telegram',
      session: createSessionStore(memoryStorage()),
      telegramInitData: () => 'query_id=1&hash=abc',
      fetch: async (url, init) => {
        calls.push({ url, method: init.method, headers: init.headers as Record<string, string> });
        return {
          ok: true,
          status: 200,
          text: async () => JSON.stringify({ success: true, data: { accessToken: 'a' } }),
        };
      },
    });
    const answer = await sendTelegramSignIn(client);
    expect(answer.success).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://khel.test/api/authentication/telegram');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.Authorization).toBe('tma query_id=1&hash=abc');
  });
});
