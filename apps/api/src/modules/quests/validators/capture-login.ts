import { questLoginMethodMessage } from '@khel/core/contract';
import { FIELD_REQUIRED_MESSAGE, GAME_LOGIN_RULES } from '@khel/core/validation';
import { AppError } from '../../../lib/http.ts';
import { defineValidator } from './types.ts';

/** Names of the SPEC §5 game login values, as the 'Quest login method' messages say them. */
export const LOGIN_METHOD_NAMES = {
  email: 'in-game email',
  solana_wallet: 'Solana wallet',
  username: 'username',
  user_id: 'in-game user id',
  steam_id: 'Steam id',
  steam_link: 'Steam link',
} as const;

/**
 * The game login value a capture task asks for, checked by the SPEC §5 rule of its method. A value
 * that breaks the rule is bad input: 422 'Quest login method <name>: <rule message>' (SPEC §8: the
 * client throws such messages instead of showing the wallet modal), and nothing is recorded.
 */
export function checkLoginValue(method: keyof typeof LOGIN_METHOD_NAMES, raw: string | undefined): string {
  const keepsSpaces = method === 'username' || method === 'user_id';
  const value = keepsSpaces ? (raw ?? '') : (raw ?? '').trim();
  const problem = value === '' ? FIELD_REQUIRED_MESSAGE : GAME_LOGIN_RULES[method](value);
  if (problem) throw new AppError(422, questLoginMethodMessage(`${LOGIN_METHOD_NAMES[method]}: ${problem}`));
  return value;
}

export const captureLoginValidator = defineValidator({
  type: 'capture_login',
  validate: async (ctx) => ({ ok: true, value: checkLoginValue(ctx.config.method, ctx.value) }),
});
