import { claimDue, renderNotification } from '@khel/bot';
import { LANGUAGE_CODE_MESSAGE } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, signInitData, type TestContext } from '../../test-support.ts';
import { bearer, freshTelegramId, phoneSignIn } from '../auth/auth.test-support.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { EMAIL_CODE_TEXTS } from './email-verification.ts';
import { userRow } from './profile.test-support.ts';

/**
 * One language per account (issue 24): chosen wherever the person is (the website's language menu, the
 * Mini App's first sign-in, the bot's /settings), stored in users.language_code and spoken by every push
 * (the outbox notifier of apps/bot) and email.
 */
describe.each(DB_KINDS)('the account’s language on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const setLanguage = (token: string, language_code: unknown) =>
    ctx.json('/users/me/profile', { method: 'PATCH', body: { language_code }, headers: bearer(token) });
  const profileOf = async (token: string) =>
    (await ctx.json('/users/me/profile', { headers: bearer(token) })).body.data;
  const initData = (id: number, language_code: string) =>
    signInitData({ id, first_name: 'Kiran', language_code }, ctx.now());

  it('a website account with Hindi chosen gets its pushes in Hindi, also after linking a Telegram set to English', async () => {
    const web = await phoneSignIn(ctx);
    expect((await profileOf(web.accessToken)).language_code).toBeNull();
    const chosen = await setLanguage(web.accessToken, 'hi');
    expect(chosen.status, chosen.body.message).toBe(200);
    expect(chosen.body.data.language_code).toBe('hi');

    const linked = await ctx.json('/social-auth/link-telegram', {
      body: { initDataRaw: initData(freshTelegramId(), 'en') },
      headers: bearer(web.accessToken),
    });
    expect(linked.status, linked.body.message).toBe(200);
    expect((await userRow(ctx, web.user.id)).languageCode).toBe('hi');

    // A quest push, as the API writes it; the notifier claims it with the account's language and renders it.
    await ctx.deps.db.transaction((tx) =>
      enqueueNotification(tx, {
        kind: 'quest_completed',
        userId: web.user.id,
        dedupeKey: `language-test:${web.user.id}`,
        payload: { questSlug: 'summer-cup', questTitle: 'Summer Cup', kcash: '8999999999' },
      }),
    );
    const claimed = await claimDue(ctx.deps.db, {
      now: new Date(Date.now() + 60_000),
      limit: 10,
      leaseMs: 60_000,
    });
    const push = claimed.find((n) => n.userId === web.user.id);
    expect(push?.languageCode).toBe('hi');
    const message = renderNotification(push!.kind, push!.payload, push!.languageCode);
    expect(message.button).toBe('क्वेस्ट देखें');
    // Whole K-Cash in the reader's number style, as the balance on the screens reads.
    expect(message.text).toContain('89,99,999 K-Cash');
    expect(message.text).not.toContain('.999');
  });

  it('Telegram’s language becomes the account’s on a first Mini App sign-in, and fills one that has none', async () => {
    const id = freshTelegramId();
    const first = await ctx.json('/authentication/telegram', {
      method: 'POST',
      headers: { authorization: `tma ${initData(id, 'pt-br')}` },
    });
    expect(first.status, first.body.message).toBe(200);
    expect((await profileOf(first.body.data.accessToken)).language_code).toBe('pt-BR');

    // A website account that never chose one takes the language of the Telegram it links.
    const web = await phoneSignIn(ctx);
    await ctx.json('/social-auth/link-telegram', {
      body: { initDataRaw: initData(freshTelegramId(), 'hi-IN') },
      headers: bearer(web.accessToken),
    });
    expect((await profileOf(web.accessToken)).language_code).toBe('hi');

    // A choice made later (the bot's /settings or the website's menu) is kept at the next sign-in.
    await setLanguage(first.body.data.accessToken, 'en');
    const again = await ctx.json('/authentication/telegram', {
      method: 'POST',
      headers: { authorization: `tma ${initData(id, 'pt-br')}` },
    });
    expect((await profileOf(again.body.data.accessToken)).language_code).toBe('en');
  });

  it('refuses a language Khel does not speak and changes nothing', async () => {
    const web = await phoneSignIn(ctx);
    await setLanguage(web.accessToken, 'pt-BR');
    for (const bad of ['ru', 'pt-br', '', 7, null]) {
      const res = await setLanguage(web.accessToken, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(LANGUAGE_CODE_MESSAGE);
    }
    expect((await userRow(ctx, web.user.id)).languageCode).toBe('pt-BR');
  });

  it('the email code speaks the account’s language', async () => {
    const web = await phoneSignIn(ctx);
    await setLanguage(web.accessToken, 'pt-BR');
    const email = `lang${Date.now()}@example.com`;
    const sent = await ctx.json('/users/me/email', {
      method: 'PUT',
      body: { email },
      headers: bearer(web.accessToken),
    });
    expect(sent.status, sent.body.message).toBe(200);
    const [mail] = await ctx.deps.db
      .select()
      .from(schema.sandboxMessages)
      .where(eq(schema.sandboxMessages.recipient, email));
    const code = mail!.body.match(/\b(\d{6})\b/)![1]!;
    const pt = EMAIL_CODE_TEXTS['pt-BR'](code);
    expect(mail!.body).toBe(`Subject: ${pt.subject}\n\n${pt.text}`);
  });
});
