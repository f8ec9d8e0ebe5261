import { z } from 'zod';
import {
  googleSignInBody,
  OTP_INVALID_MESSAGE,
  OTP_LENGTH,
  otpSentSchema,
  phoneE164ShapeSchema,
  siweBody,
  tonProofBody,
  userSchema,
} from './auth.ts';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/**
 * Sign-in methods linked to one account (DESIGN §4): the status of each, linking another method to the
 * signed-in account, unlinking one. The sign-ins themselves are in `auth.ts`.
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
export const identityProviderSchema = lazySchema(() => z.enum(IDENTITY_PROVIDERS));
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

/** Providers that can sign in; an account must keep at least one of them. */
export const SIGN_IN_PROVIDERS = ['phone', 'telegram', 'google', 'evm', 'ton', 'whatsapp'] as const;

/** SPEC §3: socialStatuses keyed twitter, discord, google, wallet, steam, telegram, each with isActive. */
export const SOCIAL_STATUS_KEYS = ['twitter', 'discord', 'google', 'wallet', 'steam', 'telegram'] as const;
const socialStatusEntry = lazySchema(() => z.object({ isActive: z.boolean() }));
export const socialStatusesSchema = lazySchema(() =>
  z.object({
    twitter: socialStatusEntry,
    discord: socialStatusEntry,
    google: socialStatusEntry,
    wallet: socialStatusEntry,
    steam: socialStatusEntry,
    telegram: socialStatusEntry,
  }),
);
export type SocialStatuses = z.infer<typeof socialStatusesSchema>;

export const linkedMethodSchema = lazySchema(() =>
  z.object({
    provider: identityProviderSchema,
    /** The provider's id (E.164 phone, Telegram id, Google subject, wallet address). */
    subject: z.string(),
    /** Display details from the provider (username, email, network, …). */
    details: z.record(z.string(), z.string()),
    isActive: z.boolean(),
    /** Whether this method can be used to sign in. */
    signIn: z.boolean(),
    linkedAt: z.string(),
  }),
);
export type LinkedMethod = z.infer<typeof linkedMethodSchema>;

export const socialAuthStatusSchema = lazySchema(() =>
  z.object({
    socialStatuses: socialStatusesSchema,
    methods: z.array(linkedMethodSchema),
  }),
);
export type SocialAuthStatus = z.infer<typeof socialAuthStatusSchema>;

/** Answer of a link or unlink: the new status and the account as it now is. */
export const linkResultSchema = lazySchema(() => socialAuthStatusSchema.extend({ user: userSchema }));
export type LinkResult = z.infer<typeof linkResultSchema>;

// ---------------------------------------------------------------- Linking

export const disconnectBody = lazySchema(() =>
  z.object({
    /** `wallet` removes every linked wallet (EVM and TON). */
    provider: z.union([identityProviderSchema, z.literal('wallet')]),
    /** Remove only this one (e.g. one of several wallets). */
    subject: z.string().min(1).max(200).optional(),
  }),
);
export const linkTelegramBody = lazySchema(() =>
  z.object({
    initDataRaw: z.string({ error: 'initDataRaw is required' }).min(1).max(8_192),
  }),
);
export const linkPhoneVerifyBody = lazySchema(() =>
  z.object({
    phone: phoneE164ShapeSchema,
    otp: z
      .string({ error: OTP_INVALID_MESSAGE })
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: OTP_INVALID_MESSAGE }),
  }),
);

// ---------------------------------------------------------------- Linking X, Discord and Steam

/** Accounts linked through the platform's own page (OAuth 2.0 for X and Discord, OpenID 2.0 for Steam). */
export const SOCIAL_LINK_PROVIDERS = ['twitter', 'discord', 'steam'] as const;
export type SocialLinkProvider = (typeof SOCIAL_LINK_PROVIDERS)[number];
export const SOCIAL_LINK_UNKNOWN_MESSAGE = 'This account cannot be linked here.';
export const socialLinkParams = lazySchema(() =>
  z.object({
    provider: z.enum(SOCIAL_LINK_PROVIDERS, { message: SOCIAL_LINK_UNKNOWN_MESSAGE }),
  }),
);
/** A path of our own site to come back to (`/profile/` when left out): no scheme, no host. */
export const RETURN_TO_PATTERN = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/;
export const socialLinkStartBody = lazySchema(() =>
  z.object({
    returnTo: z
      .string()
      .max(200)
      .regex(RETURN_TO_PATTERN, { message: 'returnTo must be a path of this site.' })
      .optional(),
  }),
);
export const socialLinkStartSchema = lazySchema(() =>
  z.object({
    /** The platform's page (or its sandbox) to send the browser to, with a single-use state bound to the user. */
    authorizeUrl: z.string(),
  }),
);
/**
 * What GET /social-auth/:provider/callback adds to the page it sends the browser back to:
 * `linked=<provider>` on success, else `link_error=<reason>&provider=<provider>`.
 */
export const SOCIAL_LINK_ERRORS = ['already-linked', 'expired', 'denied', 'failed'] as const;
export type SocialLinkError = (typeof SOCIAL_LINK_ERRORS)[number];

// ---------------------------------------------------------------- Linking Telegram from the website

/**
 * The website links Telegram through the bot: POST /social-auth/telegram/link answers a one-time
 * `t.me/<bot>?start=link_<token>`; the bot sends the token it receives to POST /bot/telegram-link as the
 * Telegram user who pressed Start, and the website polls GET /social-auth/telegram/link until it is done.
 */
export const TELEGRAM_LINK_PAYLOAD_PREFIX = 'link_';
/** A link token: 32 random bytes as base64url (`link_<token>` is 48 of Telegram's 64 characters). */
export const TELEGRAM_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const TELEGRAM_LINK_TTL_SECONDS = 10 * 60;
export const TELEGRAM_LINK_STATES = ['none', 'pending', 'linked', 'conflict', 'expired'] as const;
export type TelegramLinkState = (typeof TELEGRAM_LINK_STATES)[number];
export const TELEGRAM_LINK_UNAVAILABLE_MESSAGE =
  'Linking Telegram is not available on this server right now.';
export const TELEGRAM_LINK_EXPIRED_MESSAGE =
  'This Telegram link has expired or was already used. Make a new one on the Khel website.';

export const telegramLinkSchema = lazySchema(() =>
  z.object({
    /** `https://t.me/<bot>?start=link_<token>`: single use, for TELEGRAM_LINK_TTL_SECONDS. */
    url: z.string(),
    expiresAt: z.string(),
  }),
);
export type TelegramLink = z.infer<typeof telegramLinkSchema>;
export const telegramLinkStatusSchema = lazySchema(() =>
  z.object({
    /** The newest link of the account: none made, waiting for the bot, done, refused (that Telegram account is another's) or expired. */
    state: z.enum(TELEGRAM_LINK_STATES),
    expiresAt: z.string().nullable(),
  }),
);
export type TelegramLinkStatus = z.infer<typeof telegramLinkStatusSchema>;
export const botTelegramLinkBody = lazySchema(() =>
  z.object({
    token: z.string().regex(TELEGRAM_LINK_TOKEN_PATTERN, { message: TELEGRAM_LINK_EXPIRED_MESSAGE }),
    /** The Telegram profile as the bot's update has it (the profile shows the username). */
    username: z.string().max(64).optional(),
    firstName: z.string().max(256).optional(),
    lastName: z.string().max(256).optional(),
    languageCode: z.string().max(35).optional(),
  }),
);
export const botTelegramLinkSchema = lazySchema(() => z.object({ linked: z.literal(true) }));

export const identityRoutes = {
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
    body: lazySchema(() => z.object({ phone: phoneE164ShapeSchema })),
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
  telegramLinkStart: defineRoute({
    method: 'POST',
    path: '/social-auth/telegram/link',
    summary:
      'Start linking Telegram from the website: a one-time t.me/<bot>?start=link_<token> (10 minutes) that the bot completes for whoever presses Start',
    tag: 'Social auth',
    auth: 'bearer',
    response: telegramLinkSchema,
  }),
  telegramLinkStatus: defineRoute({
    method: 'GET',
    path: '/social-auth/telegram/link',
    summary: 'Where the newest Telegram link of the signed-in account stands (polled by the website)',
    tag: 'Social auth',
    auth: 'bearer',
    response: telegramLinkStatusSchema,
  }),
  botTelegramLink: defineRoute({
    method: 'POST',
    path: '/bot/telegram-link',
    summary:
      'The bot completes a website Telegram link for the Telegram user of its `Authorization: TelegramBot <assertion>` (who need not have a Khel account): 410 when the token is unknown, used or expired, 409 when that Telegram account is another account’s',
    tag: 'Social auth',
    auth: 'none',
    body: botTelegramLinkBody,
    response: botTelegramLinkSchema,
  }),
  socialLinkStart: defineRoute({
    method: 'POST',
    path: '/social-auth/:provider/start',
    summary:
      'Start linking an X, Discord or Steam account: the page to send the browser to. The platform sends it back to GET /social-auth/:provider/callback, which links the account and redirects to returnTo with linked= or link_error=',
    tag: 'Social auth',
    auth: 'bearer',
    params: socialLinkParams,
    body: socialLinkStartBody,
    response: socialLinkStartSchema,
  }),
} as const;

/** How messages name each sign-in method. */
const METHOD_NAMES: Record<IdentityProvider, string> = {
  phone: 'phone number',
  telegram: 'Telegram account',
  google: 'Google account',
  evm: 'wallet',
  ton: 'TON wallet',
  whatsapp: 'WhatsApp number',
  twitter: 'X account',
  discord: 'Discord account',
  steam: 'Steam account',
};
export const methodName = (provider: IdentityProvider | 'wallet') =>
  provider === 'wallet' ? 'wallet' : METHOD_NAMES[provider];
/** SPEC §8 leaves the already-linked wording open; this is ours. */
export const alreadyLinkedMessage = (provider: IdentityProvider) =>
  `This ${METHOD_NAMES[provider]} is already linked to another Khel account.`;
export const linkUnavailableMessage = (provider: SocialLinkProvider) =>
  `Linking your ${methodName(provider)} is not available right now.`;
export const LAST_METHOD_MESSAGE =
  'You can’t disconnect your only sign-in method. Link another one first, then try again.';

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const identitiesMessages = {
  LAST_METHOD: LAST_METHOD_MESSAGE,
  IDENTITY_TAKEN_PHONE: alreadyLinkedMessage('phone'),
  IDENTITY_TAKEN_TELEGRAM: alreadyLinkedMessage('telegram'),
  IDENTITY_TAKEN_GOOGLE: alreadyLinkedMessage('google'),
  IDENTITY_TAKEN_WALLET: alreadyLinkedMessage('evm'),
  SOCIAL_LINK_UNAVAILABLE_X: linkUnavailableMessage('twitter'),
  SOCIAL_LINK_UNAVAILABLE_DISCORD: linkUnavailableMessage('discord'),
  SOCIAL_LINK_UNAVAILABLE_STEAM: linkUnavailableMessage('steam'),
  TELEGRAM_LINK_UNAVAILABLE: TELEGRAM_LINK_UNAVAILABLE_MESSAGE,
  TELEGRAM_LINK_EXPIRED: TELEGRAM_LINK_EXPIRED_MESSAGE,
} as const;
