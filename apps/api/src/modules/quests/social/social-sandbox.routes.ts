import {
  findUnsafeText,
  questsRoutes,
  SANDBOX_DISCORD_ACTIONS,
  SANDBOX_X_ACTIONS,
  sandboxSocialActionBodySchema,
  UNSAFE_TEXT_MESSAGE,
} from '@khel/core/contract';
import { identities } from '@khel/db/schema';
import { desc, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../../lib/context.ts';
import { AppError } from '../../../lib/http.ts';
import { mount } from '../../../lib/route.ts';
import { sandboxPage } from '../../../lib/sandbox-page.ts';
import { latestSocialActions, recordSocialAction } from './sandbox-social.ts';

/** What each action means on the page: the target and value it takes. */
const ACTION_LABELS: Record<string, string> = {
  like: 'X: liked post (target: post link)',
  unlike: 'X: removed like (target: post link)',
  retweet: 'X: reposted post (target: post link)',
  unretweet: 'X: undid repost (target: post link)',
  reply: 'X: replied to post (target: post link, value: reply text)',
  follow: 'X: follows (target: @handle)',
  unfollow: 'X: unfollowed (target: @handle)',
  post: 'X: posted (value: post text, e.g. with #hashtag)',
  bio: 'X: set bio (value: bio text)',
  join: 'Discord: joined server (target: guild id)',
  leave: 'Discord: left server (target: guild id)',
  role_add: 'Discord: got role (target: guild id, value: role id)',
  role_remove: 'Discord: lost role (target: guild id, value: role id)',
};

async function socialPage(c: Context<AppEnv>, notice: { error?: string; done?: string } = {}) {
  const db = c.get('deps').db;
  const actions = await latestSocialActions(db);
  const linked = await db
    .select({ provider: identities.provider, subject: identities.subject, userId: identities.userId })
    .from(identities)
    .where(inArray(identities.provider, ['twitter', 'discord']))
    .orderBy(desc(identities.createdAt))
    .limit(10);
  return sandboxPage(c, {
    status: notice.error ? 400 : 200,
    title: 'Act as X or Discord',
    badge: 'Sandbox: not the real X or Discord',
    body: html`<p>X and Discord quest tasks ask this sandbox (outside production) instead of the real
platforms. Record here what a person did there; the person is the platform user id of the Khel user's
linked X or Discord account. Tests and scripts can POST the same to <code>/api/dev/social/actions</code>.</p>
<form method="post">
<label for="action">What happened</label>
<select id="action" name="action">
${[...SANDBOX_X_ACTIONS, ...SANDBOX_DISCORD_ACTIONS].map((a) => html`<option value="${a}">${ACTION_LABELS[a]}</option>`)}
</select>
<label for="actor">Platform user id (X user id or Discord user id)</label>
<input id="actor" name="actor" required maxlength="64">
<label for="target">Target (post link, @handle or guild id)</label>
<input id="target" name="target" maxlength="500">
<label for="value">Value (reply, post or bio text, or role id)</label>
<input id="value" name="value" maxlength="1000">
${notice.error ? html`<p class="error">${notice.error}</p>` : ''}
${notice.done ? html`<p>Recorded: ${notice.done}</p>` : ''}
<button type="submit">Record</button>
</form>
<h2>Linked X and Discord accounts</h2>
<ul>${linked.map((l) => html`<li>${l.provider === 'twitter' ? 'X' : 'Discord'} ${l.subject} (user ${l.userId})</li>`)}</ul>
<h2>Latest actions</h2>
<ul>${actions.map((a) => html`<li>${a.platform} ${a.actor} ${a.action} ${a.target} ${a.value}</li>`)}</ul>`,
  });
}

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

/**
 * The social sandbox's page, where a developer acts as X or Discord (GET and POST /dev/social), and its
 * JSON twin POST /dev/social/actions (the contract's devSocialAction). Outside production only.
 */
export function socialSandboxRouter() {
  const app = new Hono<AppEnv>();

  app.use('/dev/social', async (c, next) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    await next();
  });

  app.get('/dev/social', (c) => socialPage(c));

  app.post('/dev/social', async (c) => {
    let form: Record<string, unknown>;
    try {
      form = (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      throw new AppError(400, 'The form could not be read.');
    }
    // NUL bytes and lone surrogates are refused here as the contract's routes refuse them.
    if (findUnsafeText(form)) return socialPage(c, { error: UNSAFE_TEXT_MESSAGE });
    const action = field(form, 'action');
    const parsed = sandboxSocialActionBodySchema.safeParse({
      platform: (SANDBOX_X_ACTIONS as readonly string[]).includes(action) ? 'x' : 'discord',
      action,
      actor: field(form, 'actor').trim(),
      target: field(form, 'target'),
      value: field(form, 'value'),
    });
    if (!parsed.success)
      return socialPage(c, { error: parsed.error.issues[0]?.message ?? 'Check the form.' });
    try {
      const done = await recordSocialAction(c.get('deps').db, parsed.data, c.get('deps').clock());
      return socialPage(c, {
        done: `${done.platform} ${done.actor} ${done.action} ${done.target} ${done.value}`,
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 400) return socialPage(c, { error: err.message });
      throw err;
    }
  });

  mount(app, questsRoutes.devSocialAction, async ({ c, body }) => ({
    data: await recordSocialAction(c.get('deps').db, body, c.get('deps').clock()),
  }));

  return app;
}
