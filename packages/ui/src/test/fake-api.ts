import { createApiClient, type FetchInit } from '@khel/core/client';
import { createSessionStore, memoryStorage } from '@khel/core/session';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown } | Error;

/**
 * The real API client and session store over a scripted fetch: each call takes the next
 * answer for its path (`POST /api/authentication/verify`) and is recorded.
 */
export function fakeApi(answers: Record<string, Answer[]>) {
  const calls: RecordedCall[] = [];
  const session = createSessionStore(memoryStorage());
  const client = createApiClient({
    baseUrl: '/api',
    source: 'website',
    session,
    logger: { error: () => {} },
    fetch: async (url: string, init: FetchInit) => {
      const path = url.replace(/\?.*$/, '');
      calls.push({
        method: init.method,
        url,
        headers: init.headers,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const answer = answers[`${init.method} ${path}`]?.shift();
      if (!answer) throw new Error(`no scripted answer for ${init.method} ${path}`);
      if (answer instanceof Error) throw answer;
      return {
        status: answer.status,
        ok: answer.status >= 200 && answer.status < 300,
        text: async () => JSON.stringify(answer.body),
      };
    },
  });
  return { client, session, calls };
}

export const envelope = (status: number, data: unknown, message = '') => ({
  status,
  body: { success: status < 400, status, data, message },
});

/** A JWT-shaped token (header.payload.signature) whose payload is `claims`. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(claims)}.signature`;
}

export const USER = {
  id: '5f0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34',
  phoneNumber: '+919876543210',
  email: null,
  username: null,
  firstName: null,
  lastName: null,
  telegramId: null,
  telegramUsername: null,
  createdAt: '2026-01-01T10:00:00.000Z',
};

export function authAnswer(overrides: Partial<Record<keyof typeof USER, string | null>> = {}) {
  return envelope(200, {
    accessToken: fakeJwt({ sub: USER.id }),
    refreshToken: 'refresh-1',
    idToken: fakeJwt({ sub: USER.id, phone_number: USER.phoneNumber }),
    user: { ...USER, ...overrides },
    isNewUser: true,
  });
}
