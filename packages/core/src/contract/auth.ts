import { z } from 'zod';
import { PHONE_INVALID_MESSAGE } from '../validation/phone-messages.ts';
import { lazySchema } from './lazy.ts';
import { TOKEN_REFRESH_PATH } from './paths.ts';
import { defineRoute } from './route.ts';

export const OTP_LENGTH = 6;

/**
 * E.164 shape (`+`, country code, up to 15 digits). The API also checks the number is valid for its
 * country with libphonenumber-js (`isValidE164`); that check stays out of the contract so the
 * phone metadata is not shipped to every screen that only talks to the API.
 */
export const phoneE164ShapeSchema = lazySchema(() =>
  z
    .string({ error: PHONE_INVALID_MESSAGE })
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, { message: PHONE_INVALID_MESSAGE }),
);
export const OTP_INVALID_MESSAGE = 'Please enter the 6-digit code';
/** The one-time codes' refusals (sign-in by phone, e-mail and clan chief phone checks). */
export const OTP_MESSAGES = {
  wait: 'Please wait before asking for a new code.',
  tooMany: 'Too many attempts. Please try again later.',
  invalid: 'Incorrect code. Please check it and try again.',
  expired: 'This code has expired or was already used. Please ask for a new one.',
  exhausted: 'Too many wrong attempts. Please ask for a new code.',
} as const;
export const TELEGRAM_AUTH_FAILED_MESSAGE = 'Telegram sign-in could not be verified.';
export const WHATSAPP_FAILED_MESSAGE = 'WhatsApp sign-in could not be verified. Please try again.';
export const GOOGLE_FAILED_MESSAGE = 'Google sign-in could not be verified. Please try again.';
export const SIWE_FAILED_MESSAGE = 'Wallet sign-in could not be verified. Please try again.';
export const REFRESH_FAILED_MESSAGE = 'Your session has ended. Please sign in again.';
/** The sandbox sign-in pages' code exchange. */
export const SANDBOX_BAD_CODE_MESSAGE = 'This code is unknown, expired or was already used.';
/** No signed-in user, or one whose account is gone. */
export const UNAUTHORIZED_MESSAGE = 'Please sign in to continue.';
/** A bot route for a Telegram user with no Khel account. */
export const BOT_USER_NOT_LINKED_MESSAGE = 'Open Khel from this Telegram account first.';

export const sourceSchema = lazySchema(() => z.enum(['website', 'telegram']));
export type Source = z.infer<typeof sourceSchema>;

export const userSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    phoneNumber: z.string().nullable(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    telegramId: z.string().nullable(),
    telegramUsername: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type User = z.infer<typeof userSchema>;

export const tokenPairSchema = lazySchema(() =>
  z.object({
    accessToken: z.string().min(1),
    refreshToken: z.string().min(1),
  }),
);
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const authResultSchema = lazySchema(() =>
  tokenPairSchema.extend({
    idToken: z.string().min(1),
    user: userSchema,
    /** True when this sign-in created the account. */
    isNewUser: z.boolean(),
  }),
);
export type AuthResult = z.infer<typeof authResultSchema>;

export const otpSentSchema = lazySchema(() =>
  z.object({
    phone: z.string(),
    /** Milliseconds before another code may be asked for this phone (SPEC §9: 180 000). */
    retryLoginAfter: z.number().int(),
    /** Seconds the code stays valid. */
    expiresIn: z.number().int(),
  }),
);
export type OtpSent = z.infer<typeof otpSentSchema>;

export const registerBody = lazySchema(() => z.object({ phone: phoneE164ShapeSchema }));
export const verifyBody = lazySchema(() =>
  z.object({
    phone: phoneE164ShapeSchema,
    otp: z
      .string({ error: OTP_INVALID_MESSAGE })
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: OTP_INVALID_MESSAGE }),
  }),
);

/** `refresh_token` may be left out on the website: the API then reads its HttpOnly cookie. */
export const refreshQuery = lazySchema(() =>
  z.object({
    refresh_token: z.string().min(1, { message: 'refresh_token is required' }).max(200).optional(),
    source: sourceSchema.optional(),
  }),
);

export const logoutBody = lazySchema(() => z.object({ refreshToken: z.string().min(1).max(200).optional() }));

/**
 * Sign-in methods beyond phone OTP and Telegram init data (WhatsApp, Google, EVM wallet with SIWE,
 * TON wallet with ton_proof), and the sandbox providers' endpoints. Every sign-in method lands on one
 * account (DESIGN §4); linking them to the signed-in account is `identities.ts`.
 */

// ---------------------------------------------------------------- WhatsApp one-time login (SPEC §7)

export const WHATSAPP_ID_MESSAGE = 'Please enter a valid WhatsApp number';
/** WhatsApp id: the phone number in E.164 without the `+`. */
export const waIdSchema = lazySchema(() =>
  z.string({ error: WHATSAPP_ID_MESSAGE }).regex(/^[1-9]\d{6,14}$/, { message: WHATSAPP_ID_MESSAGE }),
);

export const whatsappLoginQuery = lazySchema(() =>
  z.object({
    source: sourceSchema.optional(),
    /** Region the client signs in from (e.g. IN, BR); informational. */
    region: z
      .string()
      .regex(/^[A-Za-z]{2,8}$/, { message: 'region must be a region code such as IN or BR' })
      .optional(),
  }),
);
export const whatsappLoginBody = lazySchema(() =>
  z.object({
    waId: waIdSchema,
    platform: z.string().trim().min(1).max(32),
    /** Host the client runs on; must be one of ours. */
    hostname: z.string().trim().min(1).max(253),
  }),
);

// ---------------------------------------------------------------- Google

export const googleSignInBody = lazySchema(() =>
  z.object({
    idToken: z
      .string({ error: 'idToken is required' })
      .min(1, { message: 'idToken is required' })
      .max(8_192)
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, { message: 'idToken must be a JWT' }),
  }),
);

// ---------------------------------------------------------------- EVM wallet (SIWE, EIP-4361)

export const siweNonceSchema = lazySchema(() =>
  z.object({
    nonce: z.string(),
    /** Seconds the nonce stays valid. */
    expiresIn: z.number().int(),
    /** Chain ids the server accepts in the message. */
    chainIds: z.array(z.number().int()),
  }),
);
export const siweBody = lazySchema(() =>
  z.object({
    message: z.string({ error: 'message is required' }).min(1).max(4_096),
    signature: z
      .string({ error: 'signature is required' })
      .regex(/^0x[0-9a-fA-F]{2,4096}$/, { message: 'signature must be hex (0x…)' }),
  }),
);

// ---------------------------------------------------------------- TON wallet (TON Connect ton_proof)

export const tonPayloadSchema = lazySchema(() =>
  z.object({
    payload: z.string(),
    /** Seconds the payload stays valid. */
    expiresIn: z.number().int(),
  }),
);
/** TON Connect: -239 mainnet, -3 testnet. */
export const tonNetworkSchema = lazySchema(() => z.enum(['-239', '-3']));
export const tonProofBody = lazySchema(() =>
  z.object({
    /** Wallet address, raw (`0:<hex>`) or user-friendly. */
    address: z.string().min(1).max(128),
    network: tonNetworkSchema,
    /** Hex public key the wallet reports; must match the one in the state init. */
    public_key: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/)
      .optional(),
    proof: z.object({
      /** Unix seconds; the TON Connect wire format is a decimal string, the SDK gives a number. */
      timestamp: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/)]),
      domain: z.object({
        lengthBytes: z.number().int().min(1).max(253),
        value: z.string().min(1).max(253),
      }),
      payload: z.string().min(1).max(128),
      signature: z.string().min(1).max(128),
      /** Base64 BOC of the wallet's StateInit. */
      state_init: z.string().min(1).max(8_192),
    }),
  }),
);
export type TonProofBody = z.infer<typeof tonProofBody>;

// ---------------------------------------------------------------- Providers the client can offer

export const authProvidersSchema = lazySchema(() =>
  z.object({
    google: z.object({
      enabled: z.boolean(),
      mode: z.enum(['sandbox', 'google']),
      clientId: z.string().nullable(),
      /** Sandbox only: the page that plays Google's sign-in (redirects back with `#id_token=…`). */
      sandboxAuthorizeUrl: z.string().nullable(),
    }),
    whatsapp: z.object({
      enabled: z.boolean(),
      mode: z.enum(['sandbox', 'none']),
      /** Sandbox only: the page that plays WhatsApp (redirects back with `?code=…&provider=whatsapp`). */
      sandboxAuthorizeUrl: z.string().nullable(),
    }),
    siwe: z.object({ chainIds: z.array(z.number().int()) }),
    ton: z.object({ domains: z.array(z.string()), networks: z.array(tonNetworkSchema) }),
  }),
);
export type AuthProviders = z.infer<typeof authProvidersSchema>;

// ---------------------------------------------------------------- Sandbox providers (outside production)

export const sandboxWhatsappTokenBody = lazySchema(() => z.object({ code: z.string().min(1).max(200) }));
export const sandboxWhatsappTokenSchema = lazySchema(() =>
  z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    waId: z.string(),
  }),
);

export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/authentication/register',
    summary: 'Send a 6-digit sign-in code to a phone (SMS provider)',
    tag: 'Authentication',
    auth: 'none',
    body: registerBody,
    response: otpSentSchema,
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/authentication/resend',
    summary: 'Send a new code once retryLoginAfter has passed',
    tag: 'Authentication',
    auth: 'none',
    body: registerBody,
    response: otpSentSchema,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/authentication/verify',
    summary:
      'Exchange phone + code for tokens; creates the account on first sign-in. With a bearer token the phone is linked to that account instead (409 when another account has it)',
    tag: 'Authentication',
    auth: 'none',
    body: verifyBody,
    response: authResultSchema,
  }),
  telegram: defineRoute({
    method: 'POST',
    path: '/authentication/telegram',
    summary: 'Sign in from the Mini App with `Authorization: tma <initDataRaw>`',
    tag: 'Authentication',
    auth: 'tma',
    response: authResultSchema,
  }),
  refresh: defineRoute({
    method: 'GET',
    path: TOKEN_REFRESH_PATH,
    summary:
      'Rotate a refresh token (query, or the website’s HttpOnly cookie); 400 when it is missing, unknown, expired or reused',
    tag: 'Authentication',
    auth: 'none',
    query: refreshQuery,
    response: tokenPairSchema,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/authentication/logout',
    summary: 'Revoke the refresh token (body or cookie)',
    tag: 'Authentication',
    auth: 'none',
    body: logoutBody,
    response: lazySchema(() => z.object({ loggedOut: z.literal(true) })),
  }),
  authProviders: defineRoute({
    method: 'GET',
    path: '/authentication/providers',
    summary: 'Sign-in methods this server offers, and how the client should start them',
    tag: 'Authentication',
    auth: 'none',
    response: authProvidersSchema,
  }),
  whatsappLogin: defineRoute({
    method: 'POST',
    path: '/authentication/login',
    summary:
      'WhatsApp one-time login: `Authorization: Bearer <provider token>`; signs in by the phone of waId (201)',
    tag: 'Authentication',
    auth: 'none',
    query: whatsappLoginQuery,
    body: whatsappLoginBody,
    response: authResultSchema,
    successStatus: 201,
  }),
  googleSignIn: defineRoute({
    method: 'POST',
    path: '/authentication/google',
    summary: 'Sign in with a Google id token (verified against Google’s JWKS)',
    tag: 'Authentication',
    auth: 'none',
    body: googleSignInBody,
    response: authResultSchema,
  }),
  siweNonce: defineRoute({
    method: 'GET',
    path: '/authentication/siwe/nonce',
    summary: 'A single-use nonce for a Sign-In with Ethereum message (10 minutes)',
    tag: 'Authentication',
    auth: 'none',
    response: siweNonceSchema,
  }),
  siweSignIn: defineRoute({
    method: 'POST',
    path: '/authentication/siwe',
    summary: 'Sign in with an EVM wallet: an EIP-4361 message and its signature (website)',
    tag: 'Authentication',
    auth: 'none',
    body: siweBody,
    response: authResultSchema,
  }),
  tonPayload: defineRoute({
    method: 'GET',
    path: '/authentication/ton/payload',
    summary: 'A single-use ton_proof payload (15 minutes)',
    tag: 'Authentication',
    auth: 'none',
    response: tonPayloadSchema,
  }),
  tonSignIn: defineRoute({
    method: 'POST',
    path: '/authentication/ton',
    summary: 'Sign in with a TON wallet: the TON Connect ton_proof (Mini App)',
    tag: 'Authentication',
    auth: 'none',
    body: tonProofBody,
    response: authResultSchema,
  }),
  sandboxWhatsappToken: defineRoute({
    method: 'POST',
    path: '/sandbox/whatsapp/token',
    summary: 'Sandbox WhatsApp provider: exchange the redirect code for a single-use access token',
    tag: 'Sandbox',
    auth: 'none',
    body: sandboxWhatsappTokenBody,
    response: sandboxWhatsappTokenSchema,
    devOnly: true,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const authMessages = {
  OTP_WAIT: OTP_MESSAGES.wait,
  OTP_TOO_MANY: OTP_MESSAGES.tooMany,
  OTP_INCORRECT: OTP_MESSAGES.invalid,
  OTP_EXPIRED: OTP_MESSAGES.expired,
  OTP_EXHAUSTED: OTP_MESSAGES.exhausted,
  OTP_INVALID: OTP_INVALID_MESSAGE,
  TELEGRAM_AUTH_FAILED: TELEGRAM_AUTH_FAILED_MESSAGE,
  WHATSAPP_FAILED: WHATSAPP_FAILED_MESSAGE,
  GOOGLE_FAILED: GOOGLE_FAILED_MESSAGE,
  SIWE_FAILED: SIWE_FAILED_MESSAGE,
  REFRESH_FAILED: REFRESH_FAILED_MESSAGE,
  SANDBOX_BAD_CODE: SANDBOX_BAD_CODE_MESSAGE,
  UNAUTHORIZED: UNAUTHORIZED_MESSAGE,
  BOT_USER_NOT_LINKED: BOT_USER_NOT_LINKED_MESSAGE,
} as const;
