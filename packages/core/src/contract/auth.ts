import { z } from 'zod';
import { PHONE_INVALID_MESSAGE } from '../validation/phone-messages.ts';
import { TOKEN_REFRESH_PATH } from './paths.ts';
import { defineRoute } from './route.ts';

export const OTP_LENGTH = 6;

/**
 * E.164 shape (`+`, country code, up to 15 digits). The API also checks the number is valid for its
 * country with libphonenumber-js (`isValidE164`); that check stays out of the contract so the
 * phone metadata is not shipped to every screen that only talks to the API.
 */
export const phoneE164ShapeSchema = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, { message: PHONE_INVALID_MESSAGE });
export const OTP_INVALID_MESSAGE = 'Please enter the 6-digit code';

export const sourceSchema = z.enum(['website', 'telegram']);
export type Source = z.infer<typeof sourceSchema>;

export const userSchema = z.object({
  id: z.string().uuid(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  telegramId: z.string().nullable(),
  telegramUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const authResultSchema = tokenPairSchema.extend({
  idToken: z.string().min(1),
  user: userSchema,
  /** True when this sign-in created the account. */
  isNewUser: z.boolean(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const otpSentSchema = z.object({
  phone: z.string(),
  /** Milliseconds before another code may be asked for this phone (SPEC §9: 180 000). */
  retryLoginAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});
export type OtpSent = z.infer<typeof otpSentSchema>;

export const registerBody = z.object({ phone: phoneE164ShapeSchema });
export const verifyBody = z.object({
  phone: phoneE164ShapeSchema,
  otp: z
    .string({ error: OTP_INVALID_MESSAGE })
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: OTP_INVALID_MESSAGE }),
});

/** `refresh_token` may be left out on the website: the API then reads its HttpOnly cookie. */
export const refreshQuery = z.object({
  refresh_token: z.string().min(1, { message: 'refresh_token is required' }).max(200).optional(),
  source: sourceSchema.optional(),
});

export const logoutBody = z.object({ refreshToken: z.string().min(1).max(200).optional() });

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
    response: z.object({ loggedOut: z.literal(true) }),
  }),
} as const;
