import { STEAM_ID_LENGTH } from '../domain/constants.ts';
import { EMAIL_INVALID_MESSAGE, validateEmail } from './email.ts';
import { type Rule, ruleSchema } from './rule.ts';

// SPEC §5 game login values. The spec gives the rules, not the texts; these are ours.
export const SOLANA_WALLET_MESSAGE = 'Please enter a valid Solana wallet address';
export const GAME_USER_ID_SPACES_MESSAGE = 'Spaces are not allowed';
/** A required value left empty (a game login, a task's code or proof text). */
export const FIELD_REQUIRED_MESSAGE = 'This field is required';
export const STEAM_ID_MESSAGE = 'Steam ID must contain only digits and be at least 17 digits long';
export const STEAM_LINK_MESSAGE = 'Please enter a valid Steam ID (STEAM_X:Y:Z, [U:1:N] or 17 digits)';

/** Base58 (Bitcoin alphabet: no 0, O, I or l), 32 to 44 characters: a Solana public key. */
export const SOLANA_WALLET_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** The three ways Steam writes an account: legacy `STEAM_x:y:z`, SteamID3 `[U:1:n]`, SteamID64. */
export const STEAM_LINK_PATTERNS: readonly RegExp[] = [/^STEAM_[0-5]:[01]:\d+$/, /^\[U:1:\d+\]$/, /^\d{17}$/];

export const validateInGameEmail: Rule = validateEmail;

export const validateSolanaWallet: Rule = (value) =>
  SOLANA_WALLET_PATTERN.test(value) ? null : SOLANA_WALLET_MESSAGE;

/** Username or in-game user id: anything without whitespace, but not empty. */
export const validateGameUserId: Rule = (value) => {
  if (/\s/.test(value)) return GAME_USER_ID_SPACES_MESSAGE;
  if (value.length === 0) return FIELD_REQUIRED_MESSAGE;
  return null;
};

export const validateSteamId: Rule = (value) =>
  /^\d+$/.test(value) && value.length >= STEAM_ID_LENGTH.min ? null : STEAM_ID_MESSAGE;

export const validateSteamLink: Rule = (value) =>
  STEAM_LINK_PATTERNS.some((pattern) => pattern.test(value)) ? null : STEAM_LINK_MESSAGE;

export const isValidSolanaWallet = (value: string): boolean => validateSolanaWallet(value) === null;
export const isValidGameUserId = (value: string): boolean => validateGameUserId(value) === null;
export const isValidSteamId = (value: string): boolean => validateSteamId(value) === null;
export const isValidSteamLink = (value: string): boolean => validateSteamLink(value) === null;

/** The kinds of value a game's login method asks for, with the rule for each. */
export const GAME_LOGIN_RULES = {
  email: validateInGameEmail,
  solana_wallet: validateSolanaWallet,
  username: validateGameUserId,
  user_id: validateGameUserId,
  steam_id: validateSteamId,
  steam_link: validateSteamLink,
} as const satisfies Record<string, Rule>;
export type GameLoginKind = keyof typeof GAME_LOGIN_RULES;

export const inGameEmailSchema = /* @__PURE__ */ ruleSchema(validateInGameEmail, EMAIL_INVALID_MESSAGE, {
  trim: true,
});
export const solanaWalletSchema = /* @__PURE__ */ ruleSchema(validateSolanaWallet, SOLANA_WALLET_MESSAGE, {
  trim: true,
});
export const gameUserIdSchema = /* @__PURE__ */ ruleSchema(validateGameUserId, FIELD_REQUIRED_MESSAGE);
export const steamIdSchema = /* @__PURE__ */ ruleSchema(validateSteamId, STEAM_ID_MESSAGE, { trim: true });
export const steamLinkSchema = /* @__PURE__ */ ruleSchema(validateSteamLink, STEAM_LINK_MESSAGE, {
  trim: true,
});

/** The schema for a login value of the given kind. */
export function gameLoginValueSchema(kind: GameLoginKind) {
  return ruleSchema(GAME_LOGIN_RULES[kind], FIELD_REQUIRED_MESSAGE, {
    trim: kind !== 'username' && kind !== 'user_id',
  });
}
