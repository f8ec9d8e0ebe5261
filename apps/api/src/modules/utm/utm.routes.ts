import { UTM_LINK_NOT_FOUND_MESSAGE, utmRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { ACTIVE_USER, checkRouteAccess, mount, parseRouteInput } from '../../lib/route.ts';
import {
  attributeSignUp,
  generatedLinks,
  generateLink,
  newVisitorId,
  recordVisit,
  targetLocation,
  utmValues,
  verifyLink,
} from './utm.ts';

/** The browser's visitor id for short links: a random value, no PII, one year. */
export const UTM_VISITOR_COOKIE = 'khel_vid';
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function utmRouter() {
  const app = new Hono<AppEnv>();
  mount(app, utmRoutes.utmGenerateLink, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await generateLink(c.get('deps'), { userId: user.id }, body),
    message: 'Link created',
  }));
  mount(app, utmRoutes.utmOperatorGenerateLink, async ({ c, body }) => ({
    data: await generateLink(c.get('deps'), { operatorId: c.get('operator')!.id }, body),
    message: 'Link created',
  }));
  mount(app, utmRoutes.utmValues, async ({ c, query }) => ({
    data: await utmValues(c.get('deps').db, query),
  }));
  mount(app, utmRoutes.utmGeneratedLinks, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await generatedLinks(c.get('deps'), user.id, query.page, query.limit),
  }));
  mount(app, utmRoutes.utmVerify, async ({ c, query }) => ({
    data: await verifyLink(c.get('deps'), query),
  }));
  mount(app, utmRoutes.utmAttribute, ACTIVE_USER, async ({ c, user, body }) => ({
    data: { attributed: true as const, ...(await attributeSignUp(c.get('deps'), user, body.code)) },
    message: 'Sign-up attributed',
  }));

  // A redirect, not an envelope (refusals are envelopes). Also served at /l/:code outside /api (runtime.ts).
  app.get(utmRoutes.utmShortLink.path, async (c) => {
    await checkRouteAccess(c, utmRoutes.utmShortLink);
    const { params } = await parseRouteInput(c, utmRoutes.utmShortLink, { body: false });
    const known = getCookie(c, UTM_VISITOR_COOKIE);
    const visitorId = known && VISITOR_ID_PATTERN.test(known) ? known : newVisitorId();
    const link = await recordVisit(c.get('deps'), params.code, visitorId, clientIp(c));
    if (!link) throw new AppError(404, UTM_LINK_NOT_FOUND_MESSAGE);
    if (visitorId !== known)
      setCookie(c, UTM_VISITOR_COOKIE, visitorId, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 365 * 24 * 3600,
      });
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(targetLocation(link), 302);
  });
  return app;
}
