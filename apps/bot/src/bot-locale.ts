/** The languages the bot writes in (texts.ts, notifier/kinds/): English, Hindi and Brazilian Portuguese. */
export type BotLocale = 'en' | 'hi' | 'pt-BR';
