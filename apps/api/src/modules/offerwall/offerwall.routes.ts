import { createHash } from 'node:crypto';
import { offerwallRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { sandboxPage } from '../../lib/sandbox-page.ts';
import {
  applyPostback,
  offerwallSecret,
  offerwallUrl,
  postbackSignature,
  SANDBOX_OFFERWALL_PATH,
} from './offerwall.ts';

/** Offers of the sandbox offerwall: what a real wall lists, with the K-Points each pays. */
export const SANDBOX_OFFERS = [
  { id: 'squad-royale-level-5', name: 'Install Squad Royale and reach level 5', points: 300 },
  { id: 'pixel-farm-day-3', name: 'Play Pixel Farm three days in a row', points: 150 },
  { id: 'quiz-survey', name: 'Answer a 2-minute gaming survey', points: 40 },
  { id: 'lane-clash-ranked', name: 'Win a ranked match in Lane Clash', points: 500 },
] as const;

/** GET /offerwall/url, GET /offerwall/postback, and the sandbox offerwall (dev only). */
export function offerwallRouter() {
  const app = new Hono<AppEnv>();

  mount(app, offerwallRoutes.offerwallUrl, ACTIVE_USER, async ({ c, user }) => ({
    data: offerwallUrl(c.get('deps'), user.id),
  }));
  mount(app, offerwallRoutes.offerwallPostback, async ({ c, query }) => {
    const result = await applyPostback(c.get('deps'), query);
    return { data: result, message: result.credited ? 'Credited' : 'Already credited' };
  });

  app.use(`${SANDBOX_OFFERWALL_PATH}/*`, async (c, next) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    await next();
  });
  app.use(SANDBOX_OFFERWALL_PATH, async (c, next) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    await next();
  });
  const page = (c: Parameters<typeof sandboxPage>[0], title: string, body: unknown) =>
    sandboxPage(c, {
      status: 200,
      title,
      badge: 'Sandbox offerwall: stands in for an offer provider; no real offer exists',
      body,
      frameAncestors: "'self'",
    });

  app.get(SANDBOX_OFFERWALL_PATH, (c) => {
    const user = (c.req.query('user') ?? '').slice(0, 200);
    return page(
      c,
      'Offers',
      html`${SANDBOX_OFFERS.map(
        (o) => html`<form method="post" action="/api${SANDBOX_OFFERWALL_PATH}/complete">
<input type="hidden" name="user" value="${user}"><input type="hidden" name="offer" value="${o.id}">
<p><strong>${o.name}</strong><br>${o.points} K-Points</p>
<button type="submit">Complete offer</button>
</form>`,
      )}`,
    );
  });

  // The provider's side: the offer is done, so it sends the signed server-to-server postback.
  app.post(`${SANDBOX_OFFERWALL_PATH}/complete`, async (c) => {
    const deps = c.get('deps');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const offer = SANDBOX_OFFERS.find((o) => o.id === form.offer);
    const user = typeof form.user === 'string' ? form.user.slice(0, 200) : '';
    if (!offer || !user) throw new AppError(400, 'Choose an offer.');
    // One completion per user and offer, as a real wall counts it.
    const transactionId = `sbx-${createHash('sha256').update(`${user}:${offer.id}`).digest('hex').slice(0, 24)}`;
    const postback = { transaction_id: transactionId, user, points: offer.points, offer: offer.name };
    const result = await applyPostback(deps, {
      ...postback,
      sig: postbackSignature(offerwallSecret(deps), postback),
    });
    return page(
      c,
      result.credited ? `+${offer.points} K-Points` : 'Already completed',
      html`<p>${offer.name}</p><p><a href="/api${SANDBOX_OFFERWALL_PATH}?user=${encodeURIComponent(user)}">Back to the offers</a></p>`,
    );
  });
  return app;
}
