import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/**
 * The offerwall (SPEC §2 /offerwall/ and /quest-details/{slug}/offerwall): an offer provider's wall in
 * a frame; completions arrive by a server-to-server postback signed with HMAC-SHA256, credited as
 * K-Points once per transaction id.
 */
export const OFFERWALL_BAD_SIGNATURE_MESSAGE = 'The postback signature is not valid.';
export const OFFERWALL_UNKNOWN_USER_MESSAGE = 'No Khel account matches this postback.';
export const OFFERWALL_MAX_POINTS = 1_000_000;

export const offerwallUrlSchema = lazySchema(() =>
  z.object({
    /** The wall for this user, to open in a frame. */
    url: z.string(),
    /** True when it is our sandbox offerwall, not a real provider's. */
    sandbox: z.boolean(),
  }),
);

/**
 * What the provider sends: its transaction id, our user token (`user`, given in the frame URL), the
 * K-Points earned, the offer's name, and `sig` = hex HMAC-SHA256 of `<transaction_id>:<user>:<points>:<offer>`
 * with the shared secret.
 */
export const offerwallPostbackQuerySchema = lazySchema(() =>
  z.object({
    transaction_id: z.string().trim().min(1).max(100),
    user: z.string().min(1).max(200),
    points: z.coerce.number().int().min(1).max(OFFERWALL_MAX_POINTS),
    offer: z.string().trim().min(1).max(120),
    sig: z.string().regex(/^[0-9a-f]{64}$/i, { message: OFFERWALL_BAD_SIGNATURE_MESSAGE }),
  }),
);

export const offerwallPostbackSchema = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    /** False when this transaction id was credited before: nothing moved this time. */
    credited: z.boolean(),
  }),
);

export const offerwallRoutes = {
  offerwallUrl: defineRoute({
    method: 'GET',
    path: '/offerwall/url',
    summary: "The signed-in user's offerwall address, to open in a frame",
    tag: 'Offerwall',
    auth: 'bearer',
    response: offerwallUrlSchema,
  }),
  offerwallPostback: defineRoute({
    method: 'GET',
    path: '/offerwall/postback',
    summary: 'Server-to-server postback of a completed offer (HMAC-SHA256 signed; once per transaction id)',
    tag: 'Offerwall',
    auth: 'none',
    query: offerwallPostbackQuerySchema,
    response: offerwallPostbackSchema,
  }),
} as const;
