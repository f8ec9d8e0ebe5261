import { z } from 'zod';
import {
  authResultSchema,
  OTP_INVALID_MESSAGE,
  OTP_LENGTH,
  otpSentSchema,
  phoneE164ShapeSchema,
  sourceSchema,
  userSchema,
} from './auth.ts';
import { defineRoute } from './route.ts';

/**
 * Sign-in methods beyond phone OTP and Telegram init data (WhatsApp, Google, EVM wallet with SIWE,
 * TON wallet with ton_proof), linking them to the signed-in account, and the sandbox providers'
 * endpoints. Every sign-in method lands on one account (DESIGN §4).
 */

/** Providers an account can have an identity with; `wallet` in the social statuses means evm or ton. */
export const IDENTITY_PROVIDERS = [
  'phone',
  'telegram',
  'google',
  'evm',
  'ton',
  'whatsapp',
  'twitter',
  'discord',
  'steam',
] as const;
export const identityProviderSchema = z.enum(IDENTITY_PROVIDERS);
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

/** Providers that can sign in; an account must keep at least one of them. */
export const SIGN_IN_PROVIDERS = ['phone', 'telegram', 'google', 'evm', 'ton', 'whatsapp'] as const;

/** SPEC §3: socialStatuses keyed twitter, discord, google, wallet, steam, telegram, each with isActive. */
export const SOCIAL_STATUS_KEYS = ['twitter', 'discord', 'google', 'wallet', 'steam', 'telegram'] as const;
const socialStatusEntry = z.object({ isActive: z.boolean() });
export const socialStatusesSchema = z.object({
  twitter: socialStatusEntry,
  discord: socialStatusEntry,
  google: socialStatusEntry,
  wallet: socialStatusEntry,
  steam: socialStatusEntry,
  telegram: socialStatusEntry,
});
export type SocialStatuses = z.infer<typeof socialStatusesSchema>;

export const linkedMethodSchema = z.object({
  provider: identityProviderSchema,
  /** The provider's id (E.164 phone, Telegram id, Google subject, wallet address). */
  subject: z.string(),
  /** Display details from the provider (username, email, network, …). */
  details: z.record(z.string(), z.string()),
  isActive: z.boolean(),
  /** Whether this method can be used to sign in. */
  signIn: z.boolean(),
  linkedAt: z.string(),
});
export type LinkedMethod = z.infer<typeof linkedMethodSchema>;

export const socialAuthStatusSchema = z.object({
  socialStatuses: socialStatusesSchema,
  methods: z.array(linkedMethodSchema),
});
export type SocialAuthStatus = z.infer<typeof socialAuthStatusSchema>;

/** Answer of a link or unlink: the new status and the account as it now is. */
export const linkResultSchema = socialAuthStatusSchema.extend({ user: userSchema });
export type LinkResult = z.infer<typeof linkResultSchema>;

// ---------------------------------------------------------------- WhatsApp one-time login (SPEC §7)

export const WHATSAPP_ID_MESSAGE = 'Please enter a valid WhatsApp number';
/** WhatsApp id: the phone number in E.164 without the `+`. */
export const waIdSchema = z
  .string({ error: WHATSAPP_ID_MESSAGE })
  .regex(/^[1-9]\d{6,14}$/, { message: WHATSAPP_ID_MESSAGE });

export const whatsappLoginQuery = z.object({
  source: sourceSchema.optional(),
  /** Region the client signs in from (e.g. IN, BR); informational. */
  region: z
    .string()
    .regex(/^[A-Za-z]{2,8}$/, { message: 'region must be a region code such as IN or BR' })
    .optional(),
});
export const whatsappLoginBody = z.object({
  waId: waIdSchema,
  platform: z.string().trim().min(1).max(32),
  /** Host the client runs on; must be one of ours. */
  hostname: z.string().trim().min(1).max(253),
});

// ---------------------------------------------------------------- Google

export const googleSignInBody = z.object({
  idToken: z
    .string({ error: 'idToken is required' })
    .min(1, { message: 'idToken is required' })
    .max(8_192)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, { message: 'idToken must be a JWT' }),
});

// ---------------------------------------------------------------- EVM wallet (SIWE, EIP-4361)

export const siweNonceSchema = z.object({
  nonce: z.string(),
  /** Seconds the nonce stays valid. */
  expiresIn: z.number().int(),
  /** Chain ids the server accepts in the message. */
  chainIds: z.array(z.number().int()),
});
export const siweBody = z.object({
  message: z.string({ error: 'message is required' }).min(1).max(4_096),
  signature: z
    .string({ error: 'signature is required' })
    .regex(/^0x[0-9a-fA-F]{2,4096}$/, { message: 'signature must be hex (0x…)' }),
});

// ---------------------------------------------------------------- TON wallet (TON Connect ton_proof)

export const tonPayloadSchema = z.object({
  payload: z.string(),
  /** Seconds the payload stays valid. */
  expiresIn: z.number().int(),
});
/** TON Connect: -239 mainnet, -3 testnet. */
export const tonNetworkSchema = z.enum(['-239', '-3']);
export const tonProofBody = z.object({
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
});
export type TonProofBody = z.infer<typeof tonProofBody>;

// ---------------------------------------------------------------- Providers the client can offer

export const authProvidersSchema = z.object({
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
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

// ---------------------------------------------------------------- Linking

export const disconnectBody = z.object({
  /** `wallet` removes every linked wallet (EVM and TON). */
  provider: z.union([identityProviderSchema, z.literal('wallet')]),
  /** Remove only this one (e.g. one of several wallets). */
  subject: z.string().min(1).max(200).optional(),
});
export const linkTelegramBody = z.object({
  initDataRaw: z.string({ error: 'initDataRaw is required' }).min(1).max(8_192),
});
export const linkPhoneVerifyBody = z.object({
  phone: phoneE164ShapeSchema,
  otp: z
    .string({ error: OTP_INVALID_MESSAGE })
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: OTP_INVALID_MESSAGE }),
});

// ---------------------------------------------------------------- Sandbox providers (outside production)

export const sandboxWhatsappTokenBody = z.object({ code: z.string().min(1).max(200) });
export const sandboxWhatsappTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  waId: z.string(),
});

export const identityRoutes = {
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
  socialAuthStatus: defineRoute({
    method: 'GET',
    path: '/social-auth/status',
    summary: 'Linked sign-in methods and the social statuses (SPEC §3)',
    tag: 'Social auth',
    auth: 'bearer',
    response: socialAuthStatusSchema,
  }),
  socialAuthDisconnect: defineRoute({
    method: 'POST',
    path: '/social-auth/disconnect',
    summary: 'Unlink a method; the last sign-in method cannot be removed',
    tag: 'Social auth',
    auth: 'bearer',
    body: disconnectBody,
    response: linkResultSchema,
  }),
  linkPhoneSend: defineRoute({
    method: 'POST',
    path: '/social-auth/phone/send',
    summary: 'Send a code to a phone to link it to the signed-in account',
    tag: 'Social auth',
    auth: 'bearer',
    body: z.object({ phone: phoneE164ShapeSchema }),
    response: otpSentSchema,
  }),
  linkPhoneVerify: defineRoute({
    method: 'POST',
    path: '/social-auth/phone/verify',
    summary: 'Link a verified phone to the signed-in account; 409 when it belongs to another account',
    tag: 'Social auth',
    auth: 'bearer',
    body: linkPhoneVerifyBody,
    response: linkResultSchema,
  }),
  linkTelegram: defineRoute({
    method: 'POST',
    path: '/social-auth/link-telegram',
    summary: 'Link the Telegram account of Mini App init data to the signed-in account',
    tag: 'Social auth',
    auth: 'bearer',
    body: linkTelegramBody,
    response: linkResultSchema,
  }),
  linkGoogle: defineRoute({
    method: 'POST',
    path: '/social-auth/google',
    summary: 'Link a Google account (id token) to the signed-in account',
    tag: 'Social auth',
    auth: 'bearer',
    body: googleSignInBody,
    response: linkResultSchema,
  }),
  linkSiwe: defineRoute({
    method: 'POST',
    path: '/social-auth/siwe',
    summary: 'Link an EVM wallet (SIWE message and signature) to the signed-in account',
    tag: 'Social auth',
    auth: 'bearer',
    body: siweBody,
    response: linkResultSchema,
  }),
  linkTon: defineRoute({
    method: 'POST',
    path: '/social-auth/ton',
    summary: 'Link a TON wallet (ton_proof) to the signed-in account',
    tag: 'Social auth',
    auth: 'bearer',
    body: tonProofBody,
    response: linkResultSchema,
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
