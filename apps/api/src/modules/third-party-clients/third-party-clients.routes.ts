import { thirdPartyClientsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { sandboxPage } from '../../lib/sandbox-page.ts';
import { redirectUrlFor, SANDBOX_COMMUNITY_PATH } from './third-party-clients.ts';

/** GET /third-party-client/redirect-url and the sandbox community client (dev only). */
export function thirdPartyClientsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, thirdPartyClientsRoutes.thirdPartyRedirectUrl, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await redirectUrlFor(c.get('deps'), user.id, query.clientId, query.questId),
  }));
  app.get(SANDBOX_COMMUNITY_PATH, (c) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    const quest = (c.req.query('quest') ?? '').slice(0, 80);
    return sandboxPage(c, {
      status: 200,
      title: 'Community client',
      badge: "Sandbox: stands in for a partner's community site",
      body: html`<p>You arrived from Khel with the quest <strong>${quest}</strong>.</p>
<p><a href="/quest-details/${encodeURIComponent(quest)}">Back to the quest on Khel</a></p>`,
    });
  });
  return app;
}
