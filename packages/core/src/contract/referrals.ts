import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/**
 * Referrals (SPEC §3 referral tasks): a user makes their code once; people who sign up through its
 * invite links (website `/?ref=<code>`, Mini App `startapp=ref_<code>`) apply it within a day of sign-up.
 */
export const REFERRAL_CODE_PATTERN = /^[A-Z2-9]{8}$/;
export const REFERRAL_APPLY_WINDOW_HOURS = 24;

export const REFERRAL_CODE_UNKNOWN_MESSAGE = 'That referral code does not exist.';
export const REFERRAL_SELF_MESSAGE = 'You cannot use your own referral code.';
export const REFERRAL_CYCLE_MESSAGE = 'You cannot use the code of someone you invited.';
export const REFERRAL_ALREADY_MESSAGE = 'A referral code is already applied to your account.';
export const REFERRAL_TOO_LATE_MESSAGE = `Referral codes can only be applied within ${REFERRAL_APPLY_WINDOW_HOURS} hours of sign-up.`;

export const referralSchema = lazySchema(() =>
  z.object({
    /** Null until the user makes their code (POST /referral/code). */
    code: z.string().nullable(),
    links: z.object({ website: z.string(), miniApp: z.string().nullable() }).nullable(),
    /** How many people signed up with the code. */
    invited: z.number().int().min(0),
  }),
);
export type Referral = z.infer<typeof referralSchema>;

export const applyReferralBodySchema = lazySchema(() =>
  z
    .object({
      code: z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(REFERRAL_CODE_PATTERN, { message: REFERRAL_CODE_UNKNOWN_MESSAGE })),
    })
    .strict(),
);

export const referralsRoutes = {
  referral: defineRoute({
    method: 'GET',
    path: '/referral/code',
    summary: "The signed-in user's referral code, its invite links and how many signed up with it",
    tag: 'Referrals',
    auth: 'bearer',
    response: referralSchema,
  }),
  createReferralCode: defineRoute({
    method: 'POST',
    path: '/referral/code',
    summary: 'Make the signed-in user’s referral code (idempotent: the same code every time)',
    tag: 'Referrals',
    auth: 'bearer',
    response: referralSchema,
  }),
  applyReferral: defineRoute({
    method: 'POST',
    path: '/referral/apply',
    summary: 'Apply an invite’s referral code to a new account (within 24 h of sign-up, once)',
    tag: 'Referrals',
    auth: 'bearer',
    body: applyReferralBodySchema,
    response: lazySchema(() => z.object({ applied: z.literal(true) })),
  }),
} as const;
