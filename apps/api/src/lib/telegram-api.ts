import type { Api } from 'grammy';
import type { Env } from '../env.ts';

/**
 * The API's own calls to the Bot API (Stars invoices and refunds, prepared messages, channel membership
 * checks), through grammY, loaded on first use. A call that got no answer (grammY's HttpError: a reset
 * connection, or a kept-alive one the other side had just closed) is made once more at once; what Telegram
 * answered, refusals included, is never repeated. Every caller's methods are safe to repeat: a read, an
 * unused second invoice link or prepared message, a refund Telegram answers CHARGE_ALREADY_REFUNDED.
 */
export async function createBotApi(token: string, apiRoot: string | undefined): Promise<Api> {
  const { Api, HttpError } = await import('grammy');
  // grammY refuses an apiRoot with a trailing slash.
  const api = new Api(token, apiRoot ? { apiRoot: apiRoot.replace(/\/+$/, '') } : {});
  api.config.use(async (prev, method, payload, signal) => {
    try {
      return await prev(method, payload, signal);
    } catch (error) {
      if (!(error instanceof HttpError) || signal?.aborted) throw error;
      return await prev(method, payload, signal);
    }
  });
  return api;
}

const apis = new WeakMap<Env, Promise<Api | null>>();

/** One Api per configuration (createBotApi), or null without TELEGRAM_BOT_TOKEN. */
export function botApiOf(env: Env): Promise<Api | null> {
  let api = apis.get(env);
  if (!api) {
    const token = env.TELEGRAM_BOT_TOKEN;
    api = token ? createBotApi(token, env.TELEGRAM_API_ROOT) : Promise.resolve(null);
    apis.set(env, api);
  }
  return api;
}
