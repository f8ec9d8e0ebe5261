/**
 * The languages the bot writes in (texts.ts, notifier/kinds/): English, Hindi and Brazilian Portuguese, the
 * list of @khel/core/format that the screens and the API speak too.
 */
export type { Language as BotLocale } from '@khel/core/format';
