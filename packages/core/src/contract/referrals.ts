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

/** Friends shown per page (GET /referral/friends). */
export const FRIENDS_PAGE_SIZE = 20;

export const friendsQuerySchema = lazySchema(() =>
  z.object({
    /** Keyset cursor: the id of the last friend already shown (a page's `nextCursor`). */
    after: z.string().uuid().optional(),
  }),
);

export const friendSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    /** Their username, or the handle boards show until they pick one (`Gamer-…`). */
    name: z.string(),
    level: z.number().int().min(1),
    xp: z.number().int().min(0),
    joinedAt: z.string(),
  }),
);
export type Friend = z.infer<typeof friendSchema>;

export const friendsSchema = lazySchema(() =>
  z.object({
    /** How many people joined with the user's code. */
    invited: z.number().int().min(0),
    /** The XP their joining gave the user (progression's `friend_joined`). */
    xpEarned: z.number().int().min(0),
    /** Newest first. */
    friends: z.array(friendSchema),
    /** Pass as `after` for the next page; null on the last one. */
    nextCursor: z.string().uuid().nullable(),
  }),
);
export type Friends = z.infer<typeof friendsSchema>;

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
  friends: defineRoute({
    method: 'GET',
    path: '/referral/friends',
    summary: 'The people who joined with the signed-in user’s code, newest first, with their level and XP',
    tag: 'Referrals',
    auth: 'bearer',
    query: friendsQuerySchema,
    response: friendsSchema,
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
