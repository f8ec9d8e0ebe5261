import type { ApiClient, ApiResult } from '@khel/core/client';

/**
 * The Telegram sign-in's path (authRoutes.telegram in the contract; early-sign-in.test.ts checks they
 * agree). The entry sends it without the route definition, whose schemas stay in the signed-in chunk.
 */
export const TELEGRAM_SIGN_IN_PATH = '/authentication/telegram';

/**
 * POST /authentication/telegram with `Authorization: tma <init data>` (the client's `tma` auth),
 * started by the entry as soon as it knows the launch: the answer is on its way while the signed-in
 * chunk downloads and evaluates, instead of leaving once MiniApp has rendered (issue 9). MiniApp
 * checks the answer against the contract before storing any token.
 */
export function sendTelegramSignIn(client: ApiClient): Promise<ApiResult<unknown>> {
  return client.send('POST', TELEGRAM_SIGN_IN_PATH, { auth: 'tma' });
}
