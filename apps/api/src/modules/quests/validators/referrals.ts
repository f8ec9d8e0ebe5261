import { invitedCount, referralCodeOf } from '../../referrals/index.ts';
import { defineValidator } from './types.ts';

export const REFERRAL_CODE_REQUIRED_MESSAGE = 'Create your referral code first.';
export const referralInviteShortMessage = (needed: number, invited: number) =>
  `Invite ${needed} friend${needed === 1 ? '' : 's'} who sign up with your referral code (${invited} so far).`;

/** Create referral (SPEC §3): the user made their referral code (POST /referral/code). */
export const createReferralValidator = defineValidator({
  type: 'create_referral',
  validate: async (ctx) =>
    (await referralCodeOf(ctx.db, ctx.user.id))
      ? { ok: true }
      : { ok: false, message: REFERRAL_CODE_REQUIRED_MESSAGE },
});

/** Referral invite (SPEC §3): at least `count` accounts signed up with the user's code. */
export const referralInviteValidator = defineValidator({
  type: 'referral_invite',
  validate: async (ctx) => {
    const invited = await invitedCount(ctx.db, ctx.user.id);
    return invited >= ctx.config.count
      ? { ok: true }
      : { ok: false, message: referralInviteShortMessage(ctx.config.count, invited) };
  },
});
