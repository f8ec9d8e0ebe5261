import { createHmac } from 'node:crypto';
import { schema } from '@khel/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import { TELEGRAM_AUTH_FAILED_MESSAGE } from './auth.routes.ts';
import { validateInitData } from './telegram-init-data.ts';

/**
 * Test vectors published with the reference library, @telegram-apps/init-data-node (its
 * src/entries/node.test.ts and src/validate.test.ts): init data signed by Telegram's algorithm for
 * the token below, with auth_date=1. Data only.
 */
const VECTOR_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const VECTOR =
  'auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D';
/** The library's `sign` test: the same data, with `hash` last (the order `sign` writes). */
const VECTOR_HASH_LAST = `${VECTOR.replace('&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40', '')}&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40`;
const AT_AUTH_DATE = new Date(1_000);
const DAY = 86_400;

describe('published init-data vectors of @telegram-apps/init-data-node', () => {
  it('the signed vector is valid for its token, in either field order, and yields its user', () => {
    for (const raw of [VECTOR, VECTOR_HASH_LAST]) {
      const result = validateInitData(raw, VECTOR_TOKEN, DAY, AT_AUTH_DATE);
      expect(result).toMatchObject({
        ok: true,
        user: {
          id: 222,
          firstName: 'user-first-name',
          lastName: 'user-last-name',
          username: 'user-username',
          languageCode: 'en',
          // The vector's user has allows_write_to_pm: false (its receiver true, which is not the user).
          allowsWriteToPm: false,
        },
        startParam: 'debug',
      });
    }
  });

  it('"Signature is invalid" for another token (the token with an extra A)', () => {
    expect(validateInitData(VECTOR, `${VECTOR_TOKEN}A`, DAY, AT_AUTH_DATE)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('"Init data expired": auth_date=1 is far older than any allowed age today', () => {
    expect(validateInitData(VECTOR, VECTOR_TOKEN, DAY, new Date())).toEqual({ ok: false, reason: 'expired' });
  });

  it('missing hash, missing or non-integer auth_date are refused', () => {
    for (const raw of ['auth_date=1', 'hash=HHH', 'auth_date=AAA&hash=HHH']) {
      expect(validateInitData(raw, VECTOR_TOKEN, DAY, AT_AUTH_DATE)).toMatchObject({ ok: false });
    }
  });
});

/** Init data signed the way Telegram documents it, independently of the library and of our validator. */
function signFields(fields: [string, string][], token = TEST_BOT_TOKEN): string {
  const check = fields
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams([...fields, ['hash', hash]]).toString();
}

describe.each(DB_KINDS)('Telegram init data sign-in, properties (fast-check) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  let idCounter = 0;
  const fieldsFor = (id: number): [string, string][] => [
    ['query_id', 'AAHdF6IQAAAAAN0XohwTZ9NP'],
    [
      'user',
      JSON.stringify({
        id,
        first_name: 'Vikram',
        last_name: 'S',
        username: `vik_${id}`,
        language_code: 'hi',
      }),
    ],
    ['auth_date', String(Math.floor(ctx.now().getTime() / 1000))],
    ['chat_instance', '-3788475317572404878'],
    ['chat_type', 'private'],
    ['start_param', 'quest_kdrop'],
    // Telegram's Ed25519 signature for third parties; covered by the HMAC like every other field.
    ['signature', 'zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ'],
  ];
  const post = (raw: string) =>
    ctx.json('/authentication/telegram', { method: 'POST', headers: { authorization: `tma ${raw}` } });
  const users = async () => (await ctx.deps.db.select({ id: schema.users.id }).from(schema.users)).length;

  it('changing the value of any one field, hash and signature included, is 401 and creates no user', async () => {
    const fieldNames = [...fieldsFor(0).map(([k]) => k), 'hash'];
    const before = await users();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fieldNames),
        fc.string({ maxLength: 40 }),
        async (field, replacement) => {
          const id = 900_000_000 + idCounter++;
          const params = new URLSearchParams(signFields(fieldsFor(id)));
          const original = params.get(field)!;
          // Keep the value's shape when possible, so what is tested is the signature, not the parser.
          const changed = replacement === original ? `${original}x` : replacement;
          params.set(field, changed);
          const res = await post(params.toString());
          expect(res.status).toBe(401);
          expect(res.body.message).toBe(TELEGRAM_AUTH_FAILED_MESSAGE);
        },
      ),
      { numRuns: 60 },
    );
    // Subtle edits too: one character of the value flipped.
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fieldNames), fc.nat(), async (field, at) => {
        const id = 900_000_000 + idCounter++;
        const params = new URLSearchParams(signFields(fieldsFor(id)));
        const value = params.get(field)!;
        const i = at % value.length;
        const flipped = value.charCodeAt(i) === 0x61 ? 'b' : 'a';
        params.set(field, value.slice(0, i) + flipped + value.slice(i + 1));
        expect((await post(params.toString())).status).toBe(401);
      }),
      { numRuns: 60 },
    );
    expect(await users()).toBe(before);
  });

  it('reordering the fields still signs in (the check string is sorted)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray([...Array(8).keys()], { minLength: 8, maxLength: 8 }),
        async (order) => {
          const id = 950_000_000 + idCounter++;
          const pairs = [...new URLSearchParams(signFields(fieldsFor(id)))];
          const shuffled = new URLSearchParams(order.map((i) => pairs[i]!));
          const res = await post(shuffled.toString());
          expect(res.status).toBe(200);
          expect(res.body.data.user.telegramId).toBe(String(id));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('a field added after signing is 401, a field removed is 401', async () => {
    const raw = signFields(fieldsFor(990_000_000 + idCounter++));
    expect((await post(`${raw}&is_admin=true`)).status).toBe(401);
    const params = new URLSearchParams(raw);
    params.delete('start_param');
    expect((await post(params.toString())).status).toBe(401);
  });
});
