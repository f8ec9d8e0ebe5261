import type { NotificationKind } from '@khel/core/contract';
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
  commands: { start: string; help: string; settings: string };
  menuButton: string;
  somethingWentWrong: string;
  /** `/settings`: the notification switches. */
  settings: {
    intro: string;
    /** The user has no Khel account linked to this Telegram account yet. */
    notLinked: string;
    /** The bot runs without a database (it cannot read or save settings). */
    unavailable: string;
    /** Each kind's name on its switch. */
    kinds: Record<NotificationKind, string>;
    on: string;
    off: string;
    saved: string;
  };
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
  commands: {
    start: 'Open the Khel app',
    help: 'Show the list of commands',
    settings: 'Choose which notifications you get',
  },
  menuButton: 'Open Khel',
  // SPEC §"Texts" wording.
  somethingWentWrong: 'Something went wrong, Please try again!',
  settings: {
    intro: 'Notifications from Khel. Tap a line to turn it on or off.',
    notLinked:
      'Your Telegram account is not linked to Khel yet. Open Khel with the button below and sign in, then send /settings again.',
    unavailable: 'Notification settings are not available right now. Please try again later.',
    kinds: {
      quest_completed: 'Quest completed',
      reward_ready: 'Reward ready to collect',
      quest_slots_low: 'Slots running out on my quests',
      hub_new_quest: 'New quests from hubs I follow',
      deposit_credited: 'K-Cash purchase credited',
      kyc_decision: 'KYC decisions',
      payout_update: 'Payouts paid or failed',
      earning_expiring: 'Earnings about to expire',
      campaign_live: 'Campaigns I asked about going live',
      campaign_slots_low: 'Slots running out on my campaigns',
      campaign_finished: 'Campaign finished',
      raffle_won: 'Raffles I won',
      campaign_rewards_credited: 'Campaign rewards out',
      campaign_claim_available: 'Campaign reward to claim',
      clan_join_request: 'Requests to join your clan',
      clan_request_approved: 'Clan request approved',
      clan_request_refused: 'Clan request refused',
      clan_member_removed: 'Removed from a clan',
      clan_announcement: 'Clan announcements',
      clan_quest_added: 'New clan quests',
      clan_quest_completed: 'Clan quest completed',
      clan_tier_reached: 'Clan tier reached',
      clan_deleted: 'Clan deleted',
      clan_chief_handover: 'Clan chief changes',
    },
    on: 'on',
    off: 'off',
    saved: 'Saved',
  },
};

const hi: BotTexts = {
  openAppButton: 'Khel खोलें',
  welcome:
    'Khel में आपका स्वागत है! क्वेस्ट पूरे करें, K-Cash और इनाम कमाएँ, और किसी क्लैन के साथ जुड़ें। ऐप खोलने के लिए नीचे दिया गया बटन दबाएँ।',
  openLinkedScreen: 'आपका लिंक तैयार है। इसे Khel में खोलने के लिए नीचे दिया गया बटन दबाएँ।',
  unknownLink: 'माफ़ कीजिए, यह लिंक किस पेज का है यह हमें नहीं मिला, इसलिए हम आपको Khel की होम स्क्रीन पर ले चल रहे हैं।',
  linkInText: (url) => `यहाँ खोलें: ${url}`,
  helpIntro: 'मैं ये काम कर सकता हूँ:',
  commands: { start: 'Khel ऐप खोलें', help: 'कमांड की सूची देखें', settings: 'चुनें कि कौन-सी सूचनाएँ मिलें' },
  menuButton: 'Khel खोलें',
  somethingWentWrong: 'कुछ गड़बड़ हो गई, कृपया फिर से कोशिश करें!',
  settings: {
    intro: 'Khel की सूचनाएँ। किसी पंक्ति को चालू या बंद करने के लिए उस पर टैप करें।',
    notLinked:
      'आपका Telegram खाता अभी Khel से जुड़ा नहीं है। नीचे दिए बटन से Khel खोलें और साइन इन करें, फिर /settings दोबारा भेजें।',
    unavailable: 'सूचना सेटिंग अभी उपलब्ध नहीं हैं। कृपया थोड़ी देर बाद कोशिश करें।',
    kinds: {
      quest_completed: 'क्वेस्ट पूरा हुआ',
      reward_ready: 'इनाम लेने के लिए तैयार',
      quest_slots_low: 'मेरे क्वेस्ट में स्लॉट ख़त्म हो रहे हैं',
      hub_new_quest: 'मेरे फ़ॉलो किए हब के नए क्वेस्ट',
      deposit_credited: 'K-Cash की ख़रीद जमा हुई',
      kyc_decision: 'KYC के फ़ैसले',
      payout_update: 'भुगतान हुआ या विफल रहा',
      earning_expiring: 'कमाई की समय-सीमा ख़त्म होने वाली है',
      campaign_live: 'जिन कैंपेन के बारे में पूछा, उनका लाइव होना',
      campaign_slots_low: 'मेरे कैंपेन में स्लॉट ख़त्म हो रहे हैं',
      campaign_finished: 'कैंपेन पूरा हुआ',
      raffle_won: 'मेरे जीते रैफ़ल',
      campaign_rewards_credited: 'कैंपेन के इनाम बँटे',
      campaign_claim_available: 'कैंपेन इनाम क्लेम के लिए',
      clan_join_request: 'आपके क्लैन में जुड़ने के अनुरोध',
      clan_request_approved: 'क्लैन अनुरोध स्वीकार',
      clan_request_refused: 'क्लैन अनुरोध अस्वीकार',
      clan_member_removed: 'क्लैन से हटाया गया',
      clan_announcement: 'क्लैन घोषणाएँ',
      clan_quest_added: 'नए क्लैन क्वेस्ट',
      clan_quest_completed: 'क्लैन क्वेस्ट पूरा',
      clan_tier_reached: 'क्लैन टियर हासिल',
      clan_deleted: 'क्लैन हटाया गया',
      clan_chief_handover: 'क्लैन चीफ़ में बदलाव',
    },
    on: 'चालू',
    off: 'बंद',
    saved: 'सेव हो गया',
  },
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
  commands: {
    start: 'Abrir o app Khel',
    help: 'Mostrar a lista de comandos',
    settings: 'Escolher quais notificações receber',
  },
  menuButton: 'Abrir o Khel',
  somethingWentWrong: 'Algo deu errado, tente novamente!',
  settings: {
    intro: 'Notificações do Khel. Toque em uma linha para ligar ou desligar.',
    notLinked:
      'Sua conta do Telegram ainda não está ligada ao Khel. Abra o Khel pelo botão abaixo e entre, depois envie /settings de novo.',
    unavailable: 'As configurações de notificação não estão disponíveis agora. Tente novamente mais tarde.',
    kinds: {
      quest_completed: 'Missão concluída',
      reward_ready: 'Recompensa pronta para resgatar',
      quest_slots_low: 'Vagas acabando nas minhas missões',
      hub_new_quest: 'Novas missões dos hubs que sigo',
      deposit_credited: 'Compra de K-Cash creditada',
      kyc_decision: 'Decisões de KYC',
      payout_update: 'Saques pagos ou com falha',
      earning_expiring: 'Ganhos prestes a expirar',
      campaign_live: 'Campanhas que pedi entrando no ar',
      campaign_slots_low: 'Vagas acabando nas minhas campanhas',
      campaign_finished: 'Campanha concluída',
      raffle_won: 'Sorteios que ganhei',
      campaign_rewards_credited: 'Recompensas de campanha liberadas',
      campaign_claim_available: 'Recompensa de campanha para resgatar',
      clan_join_request: 'Pedidos para entrar no seu clã',
      clan_request_approved: 'Pedido ao clã aprovado',
      clan_request_refused: 'Pedido ao clã recusado',
      clan_member_removed: 'Removido de um clã',
      clan_announcement: 'Avisos do clã',
      clan_quest_added: 'Novas missões do clã',
      clan_quest_completed: 'Missão do clã concluída',
      clan_tier_reached: 'Nível do clã alcançado',
      clan_deleted: 'Clã excluído',
      clan_chief_handover: 'Mudança de chefe do clã',
    },
    on: 'ligado',
    off: 'desligado',
    saved: 'Salvo',
  },
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
