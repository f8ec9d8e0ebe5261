import type { LanguageCode } from 'grammy/types';

/** Every user-facing string the bot sends, in English, Hindi and Brazilian Portuguese. */

export type BotLocale = 'en' | 'hi' | 'pt-BR';

export interface BotTexts {
  openAppButton: string;
  /** `/start` without a payload. */
  welcome: string;
  /** `/start <payload>` for a payload that maps to a Mini App screen. */
  openLinkedScreen: string;
  /** `/start <payload>` for a payload we do not know: we open home instead. */
  unknownLink: string;
  /** Appended when Telegram refuses a button for the link (local development URLs). */
  linkInText: (url: string) => string;
  helpIntro: string;
  commands: { start: string; help: string };
  menuButton: string;
  somethingWentWrong: string;
}

const en: BotTexts = {
  openAppButton: 'Open Khel',
  welcome:
    'Welcome to Khel! Complete quests, earn K-Cash and rewards, and team up with a clan. Tap the button below to open the app.',
  openLinkedScreen: 'Your link is ready. Tap the button below to open it in Khel.',
  unknownLink:
    "Sorry, we couldn't find what that link points to, so we'll take you to the Khel home screen instead.",
  linkInText: (url) => `Open it here: ${url}`,
  helpIntro: 'Here is what I can do:',
  commands: { start: 'Open the Khel app', help: 'Show the list of commands' },
  menuButton: 'Open Khel',
  // SPEC §"Texts" wording.
  somethingWentWrong: 'Something went wrong, Please try again!',
};

const hi: BotTexts = {
  openAppButton: 'Khel खोलें',
  welcome:
    'Khel में आपका स्वागत है! क्वेस्ट पूरे करें, K-Cash और इनाम कमाएँ, और किसी क्लैन के साथ जुड़ें। ऐप खोलने के लिए नीचे दिया गया बटन दबाएँ।',
  openLinkedScreen: 'आपका लिंक तैयार है। इसे Khel में खोलने के लिए नीचे दिया गया बटन दबाएँ।',
  unknownLink: 'माफ़ कीजिए, यह लिंक किस पेज का है यह हमें नहीं मिला, इसलिए हम आपको Khel की होम स्क्रीन पर ले चल रहे हैं।',
  linkInText: (url) => `यहाँ खोलें: ${url}`,
  helpIntro: 'मैं ये काम कर सकता हूँ:',
  commands: { start: 'Khel ऐप खोलें', help: 'कमांड की सूची देखें' },
  menuButton: 'Khel खोलें',
  somethingWentWrong: 'कुछ गड़बड़ हो गई, कृपया फिर से कोशिश करें!',
};

const ptBR: BotTexts = {
  openAppButton: 'Abrir o Khel',
  welcome:
    'Boas-vindas ao Khel! Complete missões, ganhe K-Cash e recompensas e jogue junto com um clã. Toque no botão abaixo para abrir o app.',
  openLinkedScreen: 'Seu link está pronto. Toque no botão abaixo para abri-lo no Khel.',
  unknownLink:
    'Desculpe, não encontramos para onde esse link leva, então vamos abrir a tela inicial do Khel.',
  linkInText: (url) => `Abra aqui: ${url}`,
  helpIntro: 'Veja o que eu posso fazer:',
  commands: { start: 'Abrir o app Khel', help: 'Mostrar a lista de comandos' },
  menuButton: 'Abrir o Khel',
  somethingWentWrong: 'Algo deu errado, tente novamente!',
};

export const BOT_TEXTS: Readonly<Record<BotLocale, BotTexts>> = { en, hi, 'pt-BR': ptBR };

/** Telegram's `language_code` (an IETF tag such as `hi`, `pt-br`) → our locale; English otherwise. */
export function localeFor(languageCode: string | undefined): BotLocale {
  const primary = languageCode?.toLowerCase().split(/[-_]/)[0];
  if (primary === 'hi') return 'hi';
  if (primary === 'pt') return 'pt-BR';
  return 'en';
}

export function textsFor(languageCode: string | undefined): BotTexts {
  return BOT_TEXTS[localeFor(languageCode)];
}

/** Telegram wants two-letter ISO 639-1 codes for per-language command lists. */
export const TELEGRAM_LANGUAGE_CODES: Readonly<Record<Exclude<BotLocale, 'en'>, LanguageCode>> = {
  hi: 'hi',
  'pt-BR': 'pt',
};
