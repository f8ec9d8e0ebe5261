export { type BackoffOptions, backoffDelay } from './backoff.ts';
export { type BotDeps, createBot, type KhelBot } from './bot.ts';
export { findTelegramUser, recordBotChat } from './bot-users.ts';
export {
  type BotConfig,
  BotConfigError,
  type BotMode,
  FREE_BROADCAST_PER_SECOND,
  hasBotToken,
  loadBotConfig,
  loadNotifierRate,
  PAID_BROADCAST_PER_SECOND,
  WEBHOOK_SECRET_PATTERN,
} from './env.ts';
export { ANNOUNCEMENT_CONVERSATION, MEMBERS_PAGE_SIZE, REQUESTS_SHOWN } from './features/clan.ts';
export {
  CLAN_ACTIONS,
  type ClanCallback,
  decodeClanCallback,
  encodeClanCallback,
} from './features/clan-callbacks.ts';
export { BOT_COMMANDS, helpText } from './features/help.ts';
export { POG_INLINE_CACHE_SECONDS } from './features/pog-inline.ts';
export { QUIET_HOURS_CHOICES, SETTINGS_MENU_ID } from './features/settings.ts';
export { SHARE_INLINE_CACHE_SECONDS, shareQueryOf } from './features/share-inline.ts';
export { PRE_CHECKOUT_API_TIMEOUT_MS, starsFeature } from './features/stars.ts';
export { STARS_TEXTS, type StarsTexts } from './features/stars-texts.ts';
export {
  createKhelApi,
  type KhelApi,
  type KhelApiFetch,
  type KhelApiOptions,
  type KhelApiResult,
  KhelApiUnavailableError,
  type PogBotCardsAnswer,
} from './khel-api.ts';
export type { BotLogger } from './logger.ts';
export { GROUP_NEWS_INTERVAL_MS, renderGroupNews } from './notifier/group-news.ts';
export { type ClaimedGroupNews, claimDueGroupNews } from './notifier/group-news-store.ts';
export { kindsByGroup } from './notifier/kinds/index.ts';
export { NOTIFICATION_TEXTS, notificationStartParam, renderNotification } from './notifier/messages.ts';
export {
  type BatchResult,
  createNotifier,
  type Notifier,
  type NotifierHandle,
  type NotifierOptions,
  notifierApi,
  startNotifier,
} from './notifier/notifier.ts';
export { type ClaimedNotification, claimDue } from './notifier/outbox-store.ts';
export { SendPacer } from './notifier/pacer.ts';
export { miniAppScreenUrl } from './open-app.ts';
export {
  POG_MINT_START_PARAM,
  pogMintArticle,
  pogMintSwitchButton,
  pogPhotoResult,
  pogShowcaseDestination,
  type ShareableCard,
  type ShareLinkSettings,
} from './pog-results.ts';
export {
  BOT_ALLOWED_UPDATES,
  type BotHandle,
  type BotRunMode,
  type RetryOptions,
  type StartBotOptions,
  startBot,
} from './run.ts';
export { BOT_TEXTS, type BotLocale, type BotTexts, localeFor } from './texts.ts';
export { createWebhookApp, SECRET_TOKEN_HEADER, type WebhookAppOptions } from './webhook.ts';
