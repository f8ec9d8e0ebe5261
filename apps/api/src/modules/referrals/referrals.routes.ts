import { referralsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { applyReferralCode, ensureReferralCode, friendsOf, referralView } from './referrals.ts';

export function referralsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, referralsRoutes.referral, ACTIVE_USER, async ({ c, user }) => ({
    data: await referralView(c.get('deps'), user.id),
  }));
  mount(app, referralsRoutes.createReferralCode, ACTIVE_USER, async ({ c, user }) => {
    await ensureReferralCode(c.get('deps').db, user.id);
    return { data: await referralView(c.get('deps'), user.id) };
  });
  mount(app, referralsRoutes.friends, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await friendsOf(c.get('deps'), user.id, query.after),
  }));
  mount(app, referralsRoutes.applyReferral, ACTIVE_USER, async ({ c, user, body }) => {
    await applyReferralCode(c.get('deps'), user.id, body.code);
    return { data: { applied: true as const }, message: 'Referral code applied' };
  });
  return app;
}
