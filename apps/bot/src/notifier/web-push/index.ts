// The notifier's Web Push lane (issue 27), its own entry (`@khel/bot/web-push`): the all-in-one server runs it
// without loading grammY when no Telegram bot is configured.
export { type WebPushPayload, webPushPayload } from './send-web-push.ts';
export {
  liveWebPushTransport,
  type PushAnswer,
  type PushRequest,
  sandboxWebPushTransport,
  type WebPushTransport,
} from './transport.ts';
export {
  createWebPushNotifier,
  startWebPushNotifier,
  type WebPushBatchResult,
  type WebPushNotifierHandle,
  type WebPushNotifierOptions,
} from './web-push-notifier.ts';
