import { THIRD_PARTY_CLIENT_NOT_FOUND_MESSAGE } from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { newQuest } from '../quests/quests.test-support.ts';
import { playerToken, seedDemoClients } from './third-party-clients.ts';

describe.each(DB_KINDS)('third-party clients on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedDemoClients(ctx.deps.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('builds the redirect of a registered client with the quest and a signed player token', async () => {
    const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'ABCD' } }]);
    const u = await signedInUser(ctx);
    const res = await ctx.json(`/third-party-client/redirect-url?clientId=khel-community&questId=${q.id}`, {
      headers: u.auth,
    });
    expect(res.status).toBe(200);
    const token = playerToken(ctx.deps, 'khel-community', u.user.id);
    expect(res.body.data).toEqual({
      statusCode: 200,
      redirectUrl: `/api/sandbox/community?quest=${q.slug}&player=${encodeURIComponent(token)}`,
    });
    expect(token).not.toBe(playerToken(ctx.deps, 'other-client', u.user.id));
    const page = await ctx.app.request(res.body.data.redirectUrl.replace('/api', ''));
    expect(await page.text()).toContain(q.slug);
  });

  it('answers 404 for an unknown client or quest, and 401 for a visitor', async () => {
    const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'ABCD' } }]);
    const u = await signedInUser(ctx);
    const unknown = await ctx.json(`/third-party-client/redirect-url?clientId=nobody&questId=${q.id}`, {
      headers: u.auth,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(THIRD_PARTY_CLIENT_NOT_FOUND_MESSAGE);
    const noQuest = await ctx.json(
      '/third-party-client/redirect-url?clientId=khel-community&questId=00000000-0000-4000-8000-000000000000',
      { headers: u.auth },
    );
    expect(noQuest.status).toBe(404);
    expect(
      (await ctx.json(`/third-party-client/redirect-url?clientId=khel-community&questId=${q.id}`)).status,
    ).toBe(401);
  });
});
