export { type BackoffOptions, backoffDelay } from './backoff.ts';
export { type BotDeps, createBot, type KhelBot } from './bot.ts';
export {
  type BotConfig,
  BotConfigError,
  type BotMode,
  hasBotToken,
  loadBotConfig,
  WEBHOOK_SECRET_PATTERN,
} from './env.ts';
export { BOT_COMMANDS } from './features/help.ts';
export type { BotLogger } from './logger.ts';
export { miniAppScreenUrl } from './open-app.ts';
export { type BotHandle, type BotRunMode, type RetryOptions, type StartBotOptions, startBot } from './run.ts';
export { BOT_TEXTS, type BotLocale, type BotTexts, localeFor } from './texts.ts';
export { createWebhookApp, SECRET_TOKEN_HEADER, type WebhookAppOptions } from './webhook.ts';
