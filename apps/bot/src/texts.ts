import type {
  ClanGroupNewsKind,
  ClanTier,
  ClanWarNoWarReason,
  ClanWarOutcome,
  NotificationKind,
  PogVariant,
  ShareKind,
} from '@khel/core/contract';
import {
  NOTIFICATION_GROUP_NAMES_EN,
  NOTIFICATION_GROUP_NAMES_HI,
  NOTIFICATION_GROUP_NAMES_PT_BR,
  type PickableTimeZone,
  TIME_ZONE_NAMES_EN,
  TIME_ZONE_NAMES_HI,
  TIME_ZONE_NAMES_PT_BR,
} from '@khel/core/domain';
import { matchLanguage } from '@khel/core/format';
import type { NotificationGroup } from '@khel/core/notification-groups';
import type { LanguageCode } from 'grammy/types';
import type { BotLocale } from './bot-locale.ts';
import { notificationLabels } from './notifier/kinds/index.ts';

export type { PickableTimeZone };

/** Every user-facing string the bot sends, in English, Hindi and Brazilian Portuguese. */

export type { BotLocale };

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
  commands: { start: string; buy: string; help: string; settings: string; clan: string; paysupport: string };
  menuButton: string;
  somethingWentWrong: string;
  /** `/start link_<token>`: linking this Telegram account to the Khel account that made the link on the website. */
  telegramLink: TelegramLinkTexts;
  /** `/settings`: the account's language, mute all, quiet hours, and the notification switches by group. */
  settings: {
    intro: string;
    /** The user has no Khel account linked to this Telegram account yet. */
    notLinked: string;
    /** The bot runs without a database (it cannot read or save settings). */
    unavailable: string;
    /** Each kind's name on its switch (declared with the kind's texts, notifier/kinds/). */
    kinds: Record<NotificationKind, string>;
    /** Each group's name (a group of one kind is that kind's switch). */
    groups: Record<NotificationGroup, string>;
    on: string;
    off: string;
    saved: string;
    /** Under the intro: the first row of buttons chooses the account's one language. */
    languageLine: string;
    /** The switch that mutes every notification at once. */
    all: string;
    muted: string;
    allOn: string;
    allOff: string;
    back: string;
    quietHours: string;
    /** The choice of no quiet hours. */
    noQuietHours: string;
    timeZone: string;
    /** The zone of the user's country, used until they pick one. */
    zoneAuto: (zone: string) => string;
    zones: Record<PickableTimeZone, string>;
  };
  /** `/clan`: the clan chief's console in a private chat, and the clan's Telegram group. */
  clan: ClanTexts;
  /** Inline mode (`@<bot> …` in any chat): sharing POG cards. */
  pog: PogTexts;
  /** Inline mode and prepared messages: sharing a quest, a campaign, a tournament or an article. */
  share: ShareTexts;
}

export interface ShareTexts {
  /** What each kind is called. */
  kinds: Record<ShareKind, string>;
  /** The button under a shared item: opens its screen in the Mini App. */
  open: Record<ShareKind, string>;
  /** The photo's caption: what it is, its title and its short line. */
  caption: (f: { kind: string; title: string; line: string }) => string;
}

export interface TelegramLinkTexts {
  linked: string;
  /** This Telegram account already belongs to another Khel account: nothing changed. */
  conflict: string;
  /** The link is unknown, used or older than 10 minutes. */
  expired: string;
  tooMany: string;
  /** The bot runs without the Khel API (it cannot link). */
  unavailable: string;
}

/** What an inline result says about a card (its caption). */
export interface PogCaptionFacts {
  name: string;
  /** The variant in the reader's language (`variants`). */
  variant: string;
  total: number;
}

export interface PogTexts {
  /** The photo's caption: the name, variant and total score. */
  caption: (f: PogCaptionFacts) => string;
  /** The result's title in the list of results. */
  resultTitle: (f: PogCaptionFacts) => string;
  /** The result's line under the title. */
  resultDescription: (f: PogCaptionFacts) => string;
  /** The button under the shared card: opens its showcase in the Mini App. */
  openShowcase: string;
  variants: Record<PogVariant, string>;
  /** The one result of someone without a minted card, and the button above the results. */
  mintTitle: string;
  mintDescription: string;
  /** What the article sends into the chat when picked. */
  mintMessage: string;
  mintButton: string;
}

/** What the console shows about the clan (GET /bot/clans/console). */
export interface ClanConsoleFacts {
  clan: string;
  tier: string;
  score: string;
  rank: number | null;
  totalClans: number;
  members: number;
  memberCap: number;
  activeMembers7d: number;
  nextTier: string | null;
  pointsToNextTier: string;
  questsCompleted: number;
  pending: number;
  group: string | null;
}

/** The console's war lines (GET /bot/clans/console `war`): this week's war, or why there is none, and the last result. */
export interface ClanConsoleWarFacts {
  current: {
    opponent: string;
    mine: string;
    theirs: string;
    days: number;
    hours: number;
    deciding: boolean;
  } | null;
  reason: ClanWarNoWarReason | null;
  minMembers: number;
  last: { opponent: string; mine: string; theirs: string; outcome: ClanWarOutcome } | null;
}

/** What a group news text may say (payload of the API's writer). */
export interface GroupNewsFacts {
  clan: string;
  member: string;
  title: string;
  tier: string;
  text: string;
  opponent: string;
  mine: string;
  theirs: string;
  outcome: ClanWarOutcome;
}

export interface ClanTexts {
  /** The bot runs without the Khel API (it cannot reach the clan console). */
  unavailable: string;
  /** The Telegram user has no Khel account yet. */
  notLinked: string;
  /** Someone who leads no clan sent /clan (a member or a gamer without a clan). */
  notChiefMember: string;
  /** Someone the API says is in no clan sent /clan. */
  noClan: string;
  openMyClan: string;
  discoverClans: string;
  becomeChief: string;
  openChiefDashboard: string;
  console: (f: ClanConsoleFacts) => string;
  consoleWar: (f: ClanConsoleWarFacts) => string;
  tiers: Record<ClanTier, string>;
  requestsButton: (count: number) => string;
  membersButton: (count: number) => string;
  announceButton: string;
  refreshButton: string;
  backButton: string;
  previous: string;
  next: string;
  requestsTitle: (clan: string, shown: number, total: number) => string;
  noRequests: string;
  approve: (name: string) => string;
  refuse: (name: string) => string;
  approved: (name: string) => string;
  refused: string;
  membersTitle: (clan: string, page: number, pages: number, total: number) => string;
  chief: string;
  points: (points: string) => string;
  remove: (name: string) => string;
  confirmRemove: (name: string, clan: string) => string;
  yesRemove: string;
  cancel: string;
  removed: string;
  announcePrompt: (clan: string, max: number) => string;
  announceTooLong: (max: number) => string;
  announceTextOnly: string;
  announceSent: (recipients: number) => string;
  announceCancelled: string;
  /** The API's refusals (contract messages) in this language; others are shown as the API wrote them. */
  apiMessages: Record<string, string>;
  /** The group was linked (the `group_linked` news the API writes when a chief adds the bot). */
  groupWelcome: (clan: string) => string;
  /** The bot was added by someone who may not link it: it says so and leaves. */
  groupOnlyChief: string;
  groupNewsButton: string;
  /** `/clan` in a group linked to a clan: what the clan is, and where its chief manages it. */
  groupClan: (f: {
    clan: string;
    tier: string;
    score: string;
    rank: number | null;
    members: number;
    memberCap: number;
  }) => string;
  /** `/clan` in a group no clan has, from anyone but a chief who administers it. */
  groupNotLinked: string;
  /** `/clan` in a group no clan has, from a chief who administers it: offers to link it. */
  groupNotLinkedChief: (clan: string) => string;
  groupLinkButton: (clan: string) => string;
  /** The Link button worked (the welcome follows as the clan's news). */
  groupLinkedNow: string;
  /** The Link button pressed by someone who does not administer the group. */
  groupOnlyAdmins: string;
  groupNews: Record<Exclude<ClanGroupNewsKind, 'group_linked'>, (f: GroupNewsFacts) => string>;
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
    buy: 'Buy K-Cash with Telegram Stars',
    help: 'Show the list of commands',
    settings: 'Choose which notifications you get',
    clan: 'Manage your clan (clan chiefs)',
    paysupport: 'Get help with a payment',
  },
  menuButton: 'Open Khel',
  // SPEC §"Texts" wording.
  somethingWentWrong: 'Something went wrong, Please try again!',
  telegramLink: {
    linked:
      'Done! This Telegram account is now linked to your Khel account. You can go back to the website; Khel will also message you here.',
    conflict:
      'This Telegram account is already linked to another Khel account, so we did not link it. Sign in with Telegram to use that account, or disconnect Telegram from it first.',
    expired:
      'This link has expired or was already used. Make a new one on the Khel website (Profile → Telegram → Link).',
    tooMany: 'Too many attempts. Please wait a few minutes and try again.',
    unavailable: 'Linking Telegram is not available right now. Please try again later.',
  },
  settings: {
    intro:
      'Notifications from Khel. Mute them all, set quiet hours (nothing arrives then; it waits until they end), or open a group to choose what you get.',
    notLinked:
      'Your Telegram account is not linked to Khel yet. Open Khel with the button below and sign in, then send /settings again.',
    unavailable: 'Notification settings are not available right now. Please try again later.',
    kinds: notificationLabels('en'),
    groups: NOTIFICATION_GROUP_NAMES_EN,
    on: 'on',
    off: 'off',
    saved: 'Saved',
    languageLine: '🌐 The first row is your language: for every message from Khel, the app and emails.',
    all: 'All notifications',
    muted: 'muted',
    allOn: '✅ All on',
    allOff: '🔕 All off',
    back: '⬅️ Back',
    quietHours: 'Quiet hours',
    noQuietHours: 'No quiet hours',
    timeZone: 'Time zone',
    zoneAuto: (zone) => `Automatic: ${zone}`,
    zones: TIME_ZONE_NAMES_EN,
  },
  clan: {
    unavailable: 'The clan console is not available right now. Please try again later.',
    notLinked:
      'Your Telegram account is not linked to Khel yet. Open Khel with the button below and sign in, then send /clan again.',
    notChiefMember:
      'Only a clan chief can manage a clan here. Open your clan in Khel to see its members, quests and leaderboard, or find a clan to join.',
    noClan: 'You are not in a clan yet. Find a clan to join, or become a clan chief and start your own crew.',
    openMyClan: 'Open my clan',
    discoverClans: 'Discover clans',
    becomeChief: 'Become a clan chief',
    openChiefDashboard: 'Open the chief dashboard',
    console: (f) =>
      [
        `👑 ${f.clan} · ${f.tier} tier`,
        `Score: ${f.score} · ${f.rank === null ? 'not ranked yet' : `rank ${f.rank} of ${f.totalClans}`}`,
        `Members: ${f.members}/${f.memberCap} · active this week: ${f.activeMembers7d}`,
        f.nextTier ? `${f.pointsToNextTier} more points to ${f.nextTier}` : 'Top tier reached',
        `Clan quests completed: ${f.questsCompleted}`,
        `Requests waiting: ${f.pending}`,
        f.group
          ? `Telegram group: ${f.group}`
          : 'No Telegram group yet: add me to your clan’s group to post its news there.',
      ].join('\n'),
    consoleWar: (f) =>
      [
        f.current
          ? f.current.deciding
            ? `⚔️ Clan war vs ${f.current.opponent}: ${f.current.mine} XP to ${f.current.theirs}, being decided now`
            : `⚔️ Clan war vs ${f.current.opponent}: ${f.current.mine} XP to ${f.current.theirs} · ${f.current.days}d ${f.current.hours}h left`
          : f.reason === 'too_few_members'
            ? `⚔️ No clan war this week: a clan needs ${f.minMembers} members who joined before Monday (UTC).`
            : f.reason === 'no_opponent'
              ? '⚔️ No clan war this week: no clan of your tier was left to meet.'
              : '⚔️ This week’s clan wars are being matched.',
        ...(f.last
          ? [
              `Last war vs ${f.last.opponent}: ${f.last.outcome === 'won' ? 'won' : f.last.outcome === 'lost' ? 'lost' : 'draw'}, ${f.last.mine} to ${f.last.theirs}`,
            ]
          : []),
      ].join('\n'),
    tiers: { Bronze: 'Bronze', Silver: 'Silver', Gold: 'Gold', Diamond: 'Diamond' },
    requestsButton: (n) => `🙋 Requests (${n})`,
    membersButton: (n) => `👥 Members (${n})`,
    announceButton: '📣 Announce',
    refreshButton: '🔄 Refresh',
    backButton: '⬅️ Back',
    previous: '◀️',
    next: '▶️',
    requestsTitle: (clan, shown, total) =>
      shown < total
        ? `Requests to join ${clan}: ${total} (the first ${shown} below).`
        : `Requests to join ${clan}: ${total}.`,
    noRequests: 'No one is waiting to join right now.',
    approve: (name) => `✅ ${name}`,
    refuse: (name) => `❌ ${name}`,
    approved: (name) => `${name} is now a member of the clan.`,
    refused: 'Request refused.',
    membersTitle: (clan, page, pages, total) => `Members of ${clan}: ${total} (page ${page} of ${pages}).`,
    chief: 'chief',
    points: (p) => `${p} pts`,
    remove: (name) => `Remove ${name}`,
    confirmRemove: (name, clan) =>
      `Remove ${name} from ${clan}? They will be told and can join another clan.`,
    yesRemove: 'Yes, remove',
    cancel: 'Cancel',
    removed: 'The member was removed from the clan.',
    announcePrompt: (clan, max) =>
      `Send me the announcement for ${clan} (up to ${max} characters). Every member gets it unless they turned clan announcements off. Send /cancel to stop.`,
    announceTooLong: (max) =>
      `That is too long: an announcement has at most ${max} characters. Send a shorter one.`,
    announceTextOnly: 'Please send the announcement as a text message, or /cancel.',
    announceSent: (n) => (n === 1 ? 'Announcement sent to 1 member.' : `Announcement sent to ${n} members.`),
    announceCancelled: 'Announcement cancelled.',
    apiMessages: {},
    groupWelcome: (clan) =>
      `🎉 This group is now linked to ${clan} on Khel. I will post the clan’s news here: new members, clan quests completed, tiers reached and the chief’s announcements.`,
    groupOnlyChief:
      'Only a clan chief who is an administrator of this group can link it to a clan on Khel, so I am leaving. Ask your clan chief to add me.',
    groupNewsButton: 'Open the clan',
    groupClan: (f) =>
      [
        `🛡 This group belongs to ${f.clan} on Khel.`,
        `${f.tier} tier · score ${f.score}${f.rank === null ? '' : ` · rank ${f.rank}`} · members ${f.members}/${f.memberCap}`,
        'Open the clan to see its members and quests or to ask to join. Its chief manages it in a private chat with me (/clan).',
      ].join('\n'),
    groupNotLinked:
      'This group is not linked to a clan on Khel yet. A clan chief who is an administrator here can link it: they send /clan in this group.',
    groupNotLinkedChief: (clan) =>
      `This group is not linked to a clan on Khel yet. Link it to ${clan}? I will post the clan’s news here: new members, clan quests completed, tiers reached and your announcements.`,
    groupLinkButton: (clan) => `🔗 Link to ${clan}`,
    groupLinkedNow: '✅ Linked. The clan’s news will be posted here.',
    groupOnlyAdmins: 'Only an administrator of this group who leads a clan can link it.',
    groupNews: {
      member_joined: (f) => `👋 ${f.member} joined ${f.clan}. Welcome to the crew!`,
      clan_quest_completed: (f) => `🏁 ${f.clan} completed the clan quest “${f.title}”!`,
      tier_reached: (f) => `🏅 ${f.clan} reached ${f.tier} tier!`,
      announcement: (f) => `📣 ${f.clan}: ${f.text}`,
      war_matched: (f) =>
        `⚔️ Clan war! This week ${f.clan} takes on ${f.opponent}. Every XP a member earns until Sunday night (UTC) counts.`,
      war_result: (f) =>
        f.outcome === 'won'
          ? `🏆 ${f.clan} won the clan war against ${f.opponent}, ${f.mine} XP to ${f.theirs}!`
          : f.outcome === 'lost'
            ? `⚔️ ${f.clan} lost the clan war to ${f.opponent}, ${f.mine} XP to ${f.theirs}. Next week is another war!`
            : `🤝 ${f.clan} and ${f.opponent} drew the clan war at ${f.mine} XP each.`,
    },
  },
  pog: {
    caption: (f) =>
      `🎮 ${f.name} · ${f.variant} Proof of Gamer card · total score ${f.total}. Mint yours on Khel!`,
    resultTitle: (f) => `${f.name} · ${f.variant}`,
    resultDescription: (f) => `Proof of Gamer card · total score ${f.total}`,
    openShowcase: 'View the card on Khel',
    variants: { Common: 'Common', Rare: 'Rare', Epic: 'Epic', Legendary: 'Legendary' },
    mintTitle: 'Mint your POG card',
    mintDescription: 'You have no Proof of Gamer card yet. Mint yours on Khel, then share it anywhere.',
    mintMessage: '🎮 Prove you are a gamer: mint your Proof of Gamer card on Khel!',
    mintButton: 'Mint on Khel',
  },
  share: {
    kinds: { quest: 'Quest', campaign: 'K-Drop campaign', klash: 'Klash tournament', article: 'Article' },
    open: {
      quest: 'Open the quest',
      campaign: 'Open the campaign',
      klash: 'Open the tournament',
      article: 'Read the article',
    },
    caption: (f) => `🎮 ${f.kind} on Khel: ${f.title}${f.line ? `\n${f.line}` : ''}`,
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
  commands: {
    start: 'Khel ऐप खोलें',
    buy: 'Telegram Stars से K-Cash ख़रीदें',
    help: 'कमांड की सूची देखें',
    settings: 'चुनें कि कौन-सी सूचनाएँ मिलें',
    clan: 'अपना क्लैन संभालें (क्लैन चीफ़)',
    paysupport: 'किसी भुगतान में मदद पाएँ',
  },
  menuButton: 'Khel खोलें',
  somethingWentWrong: 'कुछ गड़बड़ हो गई, कृपया फिर से कोशिश करें!',
  telegramLink: {
    linked:
      'हो गया! यह Telegram अकाउंट अब आपके Khel अकाउंट से जुड़ गया है। आप वेबसाइट पर वापस जा सकते हैं; Khel आपको यहाँ संदेश भी भेजेगा।',
    conflict:
      'यह Telegram अकाउंट पहले से किसी दूसरे Khel अकाउंट से जुड़ा है, इसलिए हमने इसे नहीं जोड़ा। उस अकाउंट के लिए Telegram से साइन इन करें, या पहले वहाँ से Telegram हटाएँ।',
    expired:
      'इस लिंक की समय-सीमा ख़त्म हो गई है या इसका इस्तेमाल हो चुका है। Khel की वेबसाइट पर नया लिंक बनाएँ (प्रोफ़ाइल → Telegram → लिंक करें)।',
    tooMany: 'बहुत ज़्यादा कोशिशें हो गईं। कुछ मिनट रुककर फिर से कोशिश करें।',
    unavailable: 'अभी Telegram नहीं जोड़ा जा सकता। कृपया बाद में फिर से कोशिश करें।',
  },
  settings: {
    intro:
      'Khel की सूचनाएँ। सब एक साथ बंद करें, शांत घंटे तय करें (तब कुछ नहीं आएगा; सूचनाएँ उनके ख़त्म होने तक रुकेंगी), या कोई समूह खोलकर चुनें कि क्या मिले।',
    notLinked:
      'आपका Telegram खाता अभी Khel से जुड़ा नहीं है। नीचे दिए बटन से Khel खोलें और साइन इन करें, फिर /settings दोबारा भेजें।',
    unavailable: 'सूचना सेटिंग अभी उपलब्ध नहीं हैं। कृपया थोड़ी देर बाद कोशिश करें।',
    kinds: notificationLabels('hi'),
    groups: NOTIFICATION_GROUP_NAMES_HI,
    on: 'चालू',
    off: 'बंद',
    saved: 'सेव हो गया',
    languageLine: '🌐 पहली पंक्ति आपकी भाषा है: Khel के हर संदेश, ऐप और ईमेल के लिए।',
    all: 'सभी सूचनाएँ',
    muted: 'म्यूट',
    allOn: '✅ सभी चालू',
    allOff: '🔕 सभी बंद',
    back: '⬅️ वापस',
    quietHours: 'शांत घंटे',
    noQuietHours: 'कोई शांत घंटे नहीं',
    timeZone: 'टाइम ज़ोन',
    zoneAuto: (zone) => `अपने-आप: ${zone}`,
    zones: TIME_ZONE_NAMES_HI,
  },
  clan: {
    unavailable: 'क्लैन कंसोल अभी उपलब्ध नहीं है। कृपया थोड़ी देर बाद कोशिश करें।',
    notLinked:
      'आपका Telegram खाता अभी Khel से जुड़ा नहीं है। नीचे दिए बटन से Khel खोलें और साइन इन करें, फिर /clan दोबारा भेजें।',
    notChiefMember:
      'यहाँ से क्लैन सिर्फ़ क्लैन चीफ़ संभाल सकते हैं। सदस्य, क्वेस्ट और लीडरबोर्ड देखने के लिए Khel में अपना क्लैन खोलें, या जुड़ने के लिए कोई क्लैन खोजें।',
    noClan: 'आप अभी किसी क्लैन में नहीं हैं। जुड़ने के लिए कोई क्लैन खोजें, या क्लैन चीफ़ बनकर अपनी टीम शुरू करें।',
    openMyClan: 'मेरा क्लैन खोलें',
    discoverClans: 'क्लैन खोजें',
    becomeChief: 'क्लैन चीफ़ बनें',
    openChiefDashboard: 'चीफ़ डैशबोर्ड खोलें',
    console: (f) =>
      [
        `👑 ${f.clan} · ${f.tier} टियर`,
        `स्कोर: ${f.score} · ${f.rank === null ? 'अभी रैंक नहीं' : `${f.totalClans} में रैंक ${f.rank}`}`,
        `सदस्य: ${f.members}/${f.memberCap} · इस हफ़्ते सक्रिय: ${f.activeMembers7d}`,
        f.nextTier ? `${f.nextTier} तक ${f.pointsToNextTier} पॉइंट और` : 'सबसे ऊँचा टियर हासिल',
        `पूरे हुए क्लैन क्वेस्ट: ${f.questsCompleted}`,
        `इंतज़ार में अनुरोध: ${f.pending}`,
        f.group
          ? `Telegram ग्रुप: ${f.group}`
          : 'अभी कोई Telegram ग्रुप नहीं: क्लैन की ख़बरें वहाँ पाने के लिए मुझे अपने क्लैन के ग्रुप में जोड़ें।',
      ].join('\n'),
    consoleWar: (f) =>
      [
        f.current
          ? f.current.deciding
            ? `⚔️ ${f.current.opponent} से क्लैन वॉर: ${f.current.mine} XP बनाम ${f.current.theirs}, नतीजा अभी तय हो रहा है`
            : `⚔️ ${f.current.opponent} से क्लैन वॉर: ${f.current.mine} XP बनाम ${f.current.theirs} · ${f.current.days} दिन ${f.current.hours} घंटे बाकी`
          : f.reason === 'too_few_members'
            ? `⚔️ इस हफ़्ते क्लैन वॉर नहीं: क्लैन में सोमवार (UTC) से पहले जुड़े ${f.minMembers} सदस्य चाहिए।`
            : f.reason === 'no_opponent'
              ? '⚔️ इस हफ़्ते क्लैन वॉर नहीं: आपके टियर का कोई क्लैन मुकाबले के लिए नहीं बचा।'
              : '⚔️ इस हफ़्ते के क्लैन वॉर के जोड़े बन रहे हैं।',
        ...(f.last
          ? [
              `पिछला वॉर ${f.last.opponent} से: ${f.last.outcome === 'won' ? 'जीते' : f.last.outcome === 'lost' ? 'हारे' : 'बराबरी'}, ${f.last.mine} बनाम ${f.last.theirs}`,
            ]
          : []),
      ].join('\n'),
    tiers: { Bronze: 'ब्रॉन्ज़', Silver: 'सिल्वर', Gold: 'गोल्ड', Diamond: 'डायमंड' },
    requestsButton: (n) => `🙋 अनुरोध (${n})`,
    membersButton: (n) => `👥 सदस्य (${n})`,
    announceButton: '📣 घोषणा करें',
    refreshButton: '🔄 ताज़ा करें',
    backButton: '⬅️ वापस',
    previous: '◀️',
    next: '▶️',
    requestsTitle: (clan, shown, total) =>
      shown < total
        ? `${clan} में जुड़ने के अनुरोध: ${total} (नीचे पहले ${shown})।`
        : `${clan} में जुड़ने के अनुरोध: ${total}।`,
    noRequests: 'अभी कोई जुड़ने का इंतज़ार नहीं कर रहा।',
    approve: (name) => `✅ ${name}`,
    refuse: (name) => `❌ ${name}`,
    approved: (name) => `${name} अब क्लैन के सदस्य हैं।`,
    refused: 'अनुरोध अस्वीकार कर दिया गया।',
    membersTitle: (clan, page, pages, total) => `${clan} के सदस्य: ${total} (पेज ${page} / ${pages})।`,
    chief: 'चीफ़',
    points: (p) => `${p} पॉइंट`,
    remove: (name) => `${name} को हटाएँ`,
    confirmRemove: (name, clan) => `${name} को ${clan} से हटाएँ? उन्हें बताया जाएगा और वे किसी और क्लैन से जुड़ सकेंगे।`,
    yesRemove: 'हाँ, हटाएँ',
    cancel: 'रद्द करें',
    removed: 'सदस्य को क्लैन से हटा दिया गया।',
    announcePrompt: (clan, max) =>
      `${clan} के लिए घोषणा भेजें (ज़्यादा से ज़्यादा ${max} अक्षर)। यह हर सदस्य को मिलेगी, सिवाय उनके जिन्होंने क्लैन घोषणाएँ बंद की हैं। रोकने के लिए /cancel भेजें।`,
    announceTooLong: (max) => `यह बहुत लंबी है: घोषणा में ज़्यादा से ज़्यादा ${max} अक्षर हो सकते हैं। छोटी घोषणा भेजें।`,
    announceTextOnly: 'कृपया घोषणा टेक्स्ट मैसेज के रूप में भेजें, या /cancel भेजें।',
    announceSent: (n) => (n === 1 ? 'घोषणा 1 सदस्य को भेजी गई।' : `घोषणा ${n} सदस्यों को भेजी गई।`),
    announceCancelled: 'घोषणा रद्द कर दी गई।',
    apiMessages: {
      'You are no longer the chief of this clan.': 'अब आप इस क्लैन के चीफ़ नहीं हैं।',
      'Only the clan chief can do this.': 'यह सिर्फ़ क्लैन चीफ़ कर सकते हैं।',
      'This clan is full.': 'यह क्लैन भर चुका है।',
      'There is no such request.': 'ऐसा कोई अनुरोध नहीं है।',
      'This gamer is not a member of your clan.': 'यह गेमर आपके क्लैन का सदस्य नहीं है।',
      'This clan does not exist.': 'यह क्लैन मौजूद नहीं है।',
      'You are not in a clan.': 'आप किसी क्लैन में नहीं हैं।',
      'You are already in a clan.': 'आप पहले से एक क्लैन में हैं।',
      'Open Khel from this Telegram account first.': 'पहले इस Telegram खाते से Khel खोलें।',
    },
    groupWelcome: (clan) =>
      `🎉 यह ग्रुप अब Khel पर ${clan} से जुड़ गया है। मैं यहाँ क्लैन की ख़बरें पोस्ट करूँगा: नए सदस्य, पूरे हुए क्लैन क्वेस्ट, हासिल टियर और चीफ़ की घोषणाएँ।`,
    groupOnlyChief:
      'किसी ग्रुप को Khel पर क्लैन से सिर्फ़ वही क्लैन चीफ़ जोड़ सकते हैं जो इस ग्रुप के एडमिन हों, इसलिए मैं जा रहा हूँ। अपने क्लैन चीफ़ से मुझे जोड़ने को कहें।',
    groupNewsButton: 'क्लैन खोलें',
    groupClan: (f) =>
      [
        `🛡 यह ग्रुप Khel पर ${f.clan} का है।`,
        `${f.tier} टियर · स्कोर ${f.score}${f.rank === null ? '' : ` · रैंक ${f.rank}`} · सदस्य ${f.members}/${f.memberCap}`,
        'सदस्य और क्वेस्ट देखने या जुड़ने का अनुरोध करने के लिए क्लैन खोलें। इसके चीफ़ इसे मेरे साथ निजी चैट में संभालते हैं (/clan)।',
      ].join('\n'),
    groupNotLinked:
      'यह ग्रुप अभी Khel पर किसी क्लैन से जुड़ा नहीं है। इस ग्रुप के एडमिन क्लैन चीफ़ इसे जोड़ सकते हैं: वे इस ग्रुप में /clan भेजें।',
    groupNotLinkedChief: (clan) =>
      `यह ग्रुप अभी Khel पर किसी क्लैन से जुड़ा नहीं है। इसे ${clan} से जोड़ें? मैं यहाँ क्लैन की ख़बरें पोस्ट करूँगा: नए सदस्य, पूरे हुए क्लैन क्वेस्ट, हासिल टियर और आपकी घोषणाएँ।`,
    groupLinkButton: (clan) => `🔗 ${clan} से जोड़ें`,
    groupLinkedNow: '✅ जुड़ गया। क्लैन की ख़बरें यहाँ पोस्ट होंगी।',
    groupOnlyAdmins: 'इस ग्रुप को सिर्फ़ वही एडमिन जोड़ सकते हैं जो किसी क्लैन के चीफ़ हों।',
    groupNews: {
      member_joined: (f) => `👋 ${f.member} ${f.clan} से जुड़े। टीम में स्वागत है!`,
      clan_quest_completed: (f) => `🏁 ${f.clan} ने क्लैन क्वेस्ट “${f.title}” पूरा किया!`,
      tier_reached: (f) => `🏅 ${f.clan} ${f.tier} टियर पर पहुँच गया!`,
      announcement: (f) => `📣 ${f.clan}: ${f.text}`,
      war_matched: (f) =>
        `⚔️ क्लैन वॉर! इस हफ़्ते ${f.clan} का मुकाबला ${f.opponent} से है। रविवार रात (UTC) तक हर सदस्य का कमाया XP गिना जाएगा।`,
      war_result: (f) =>
        f.outcome === 'won'
          ? `🏆 ${f.clan} ने ${f.opponent} के खिलाफ़ क्लैन वॉर जीता, ${f.mine} XP बनाम ${f.theirs}!`
          : f.outcome === 'lost'
            ? `⚔️ ${f.clan} क्लैन वॉर में ${f.opponent} से हार गया, ${f.mine} XP बनाम ${f.theirs}। अगले हफ़्ते नया वॉर!`
            : `🤝 ${f.clan} और ${f.opponent} का क्लैन वॉर ${f.mine} XP पर बराबर रहा।`,
    },
  },
  pog: {
    caption: (f) =>
      `🎮 ${f.name} · ${f.variant} प्रूफ़ ऑफ़ गेमर कार्ड · कुल स्कोर ${f.total}। Khel पर अपना कार्ड बनाएँ!`,
    resultTitle: (f) => `${f.name} · ${f.variant}`,
    resultDescription: (f) => `प्रूफ़ ऑफ़ गेमर कार्ड · कुल स्कोर ${f.total}`,
    openShowcase: 'Khel पर कार्ड देखें',
    variants: { Common: 'कॉमन', Rare: 'रेयर', Epic: 'एपिक', Legendary: 'लेजेंडरी' },
    mintTitle: 'अपना POG कार्ड मिंट करें',
    mintDescription: 'आपके पास अभी प्रूफ़ ऑफ़ गेमर कार्ड नहीं है। Khel पर बनाएँ, फिर कहीं भी शेयर करें।',
    mintMessage: '🎮 साबित करें कि आप गेमर हैं: Khel पर अपना प्रूफ़ ऑफ़ गेमर कार्ड मिंट करें!',
    mintButton: 'Khel पर मिंट करें',
  },
  share: {
    kinds: { quest: 'क्वेस्ट', campaign: 'K-Drop कैंपेन', klash: 'Klash टूर्नामेंट', article: 'लेख' },
    open: {
      quest: 'क्वेस्ट खोलें',
      campaign: 'कैंपेन खोलें',
      klash: 'टूर्नामेंट खोलें',
      article: 'लेख पढ़ें',
    },
    caption: (f) => `🎮 Khel पर ${f.kind}: ${f.title}${f.line ? `\n${f.line}` : ''}`,
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
    buy: 'Comprar K-Cash com Telegram Stars',
    help: 'Mostrar a lista de comandos',
    settings: 'Escolher quais notificações receber',
    clan: 'Gerenciar seu clã (chefes de clã)',
    paysupport: 'Ajuda com um pagamento',
  },
  menuButton: 'Abrir o Khel',
  somethingWentWrong: 'Algo deu errado, tente novamente!',
  telegramLink: {
    linked:
      'Pronto! Esta conta do Telegram agora está vinculada à sua conta Khel. Você pode voltar ao site; o Khel também vai te mandar mensagens aqui.',
    conflict:
      'Esta conta do Telegram já está vinculada a outra conta Khel, então não a vinculamos. Entre com o Telegram para usar aquela conta ou desconecte o Telegram dela antes.',
    expired:
      'Este link expirou ou já foi usado. Crie um novo no site do Khel (Perfil → Telegram → Vincular).',
    tooMany: 'Muitas tentativas. Espere alguns minutos e tente de novo.',
    unavailable: 'Não é possível vincular o Telegram agora. Tente novamente mais tarde.',
  },
  settings: {
    intro:
      'Notificações do Khel. Silencie todas, defina um horário de silêncio (nada chega nesse horário; tudo espera até ele acabar) ou abra um grupo para escolher o que receber.',
    notLinked:
      'Sua conta do Telegram ainda não está ligada ao Khel. Abra o Khel pelo botão abaixo e entre, depois envie /settings de novo.',
    unavailable: 'As configurações de notificação não estão disponíveis agora. Tente novamente mais tarde.',
    kinds: notificationLabels('pt-BR'),
    groups: NOTIFICATION_GROUP_NAMES_PT_BR,
    on: 'ligado',
    off: 'desligado',
    saved: 'Salvo',
    languageLine: '🌐 A primeira linha é o seu idioma: para todas as mensagens do Khel, o app e os e-mails.',
    all: 'Todas as notificações',
    muted: 'silenciadas',
    allOn: '✅ Ligar todas',
    allOff: '🔕 Desligar todas',
    back: '⬅️ Voltar',
    quietHours: 'Horário de silêncio',
    noQuietHours: 'Sem horário de silêncio',
    timeZone: 'Fuso horário',
    zoneAuto: (zone) => `Automático: ${zone}`,
    zones: TIME_ZONE_NAMES_PT_BR,
  },
  clan: {
    unavailable: 'O painel do clã não está disponível agora. Tente novamente mais tarde.',
    notLinked:
      'Sua conta do Telegram ainda não está ligada ao Khel. Abra o Khel pelo botão abaixo e entre, depois envie /clan de novo.',
    notChiefMember:
      'Só um chefe de clã pode gerenciar um clã por aqui. Abra seu clã no Khel para ver membros, missões e ranking, ou encontre um clã para entrar.',
    noClan:
      'Você ainda não está em um clã. Encontre um clã para entrar ou vire chefe de clã e monte seu time.',
    openMyClan: 'Abrir meu clã',
    discoverClans: 'Descobrir clãs',
    becomeChief: 'Virar chefe de clã',
    openChiefDashboard: 'Abrir o painel do chefe',
    console: (f) =>
      [
        `👑 ${f.clan} · nível ${f.tier}`,
        `Pontuação: ${f.score} · ${f.rank === null ? 'ainda sem posição' : `${f.rank}º de ${f.totalClans}`}`,
        `Membros: ${f.members}/${f.memberCap} · ativos nesta semana: ${f.activeMembers7d}`,
        f.nextTier ? `Faltam ${f.pointsToNextTier} pontos para ${f.nextTier}` : 'Nível máximo alcançado',
        `Missões do clã concluídas: ${f.questsCompleted}`,
        `Pedidos aguardando: ${f.pending}`,
        f.group
          ? `Grupo do Telegram: ${f.group}`
          : 'Ainda sem grupo do Telegram: me adicione ao grupo do seu clã para postar as novidades lá.',
      ].join('\n'),
    consoleWar: (f) =>
      [
        f.current
          ? f.current.deciding
            ? `⚔️ Guerra de clãs contra ${f.current.opponent}: ${f.current.mine} XP a ${f.current.theirs}, resultado saindo agora`
            : `⚔️ Guerra de clãs contra ${f.current.opponent}: ${f.current.mine} XP a ${f.current.theirs} · faltam ${f.current.days}d ${f.current.hours}h`
          : f.reason === 'too_few_members'
            ? `⚔️ Sem guerra de clãs nesta semana: o clã precisa de ${f.minMembers} membros que entraram antes de segunda (UTC).`
            : f.reason === 'no_opponent'
              ? '⚔️ Sem guerra de clãs nesta semana: não sobrou clã do seu nível para enfrentar.'
              : '⚔️ As guerras de clãs desta semana estão sendo sorteadas.',
        ...(f.last
          ? [
              `Última guerra contra ${f.last.opponent}: ${f.last.outcome === 'won' ? 'vitória' : f.last.outcome === 'lost' ? 'derrota' : 'empate'}, ${f.last.mine} a ${f.last.theirs}`,
            ]
          : []),
      ].join('\n'),
    tiers: { Bronze: 'Bronze', Silver: 'Prata', Gold: 'Ouro', Diamond: 'Diamante' },
    requestsButton: (n) => `🙋 Pedidos (${n})`,
    membersButton: (n) => `👥 Membros (${n})`,
    announceButton: '📣 Avisar',
    refreshButton: '🔄 Atualizar',
    backButton: '⬅️ Voltar',
    previous: '◀️',
    next: '▶️',
    requestsTitle: (clan, shown, total) =>
      shown < total
        ? `Pedidos para entrar em ${clan}: ${total} (os ${shown} primeiros abaixo).`
        : `Pedidos para entrar em ${clan}: ${total}.`,
    noRequests: 'Ninguém está esperando para entrar agora.',
    approve: (name) => `✅ ${name}`,
    refuse: (name) => `❌ ${name}`,
    approved: (name) => `${name} agora é membro do clã.`,
    refused: 'Pedido recusado.',
    membersTitle: (clan, page, pages, total) => `Membros de ${clan}: ${total} (página ${page} de ${pages}).`,
    chief: 'chefe',
    points: (p) => `${p} pts`,
    remove: (name) => `Remover ${name}`,
    confirmRemove: (name, clan) =>
      `Remover ${name} de ${clan}? A pessoa será avisada e poderá entrar em outro clã.`,
    yesRemove: 'Sim, remover',
    cancel: 'Cancelar',
    removed: 'O membro foi removido do clã.',
    announcePrompt: (clan, max) =>
      `Envie o aviso para ${clan} (até ${max} caracteres). Todos os membros recebem, menos quem desligou os avisos do clã. Envie /cancel para parar.`,
    announceTooLong: (max) =>
      `Ficou longo demais: um aviso tem no máximo ${max} caracteres. Envie um mais curto.`,
    announceTextOnly: 'Envie o aviso como mensagem de texto, ou /cancel.',
    announceSent: (n) => (n === 1 ? 'Aviso enviado para 1 membro.' : `Aviso enviado para ${n} membros.`),
    announceCancelled: 'Aviso cancelado.',
    apiMessages: {
      'You are no longer the chief of this clan.': 'Você não é mais o chefe deste clã.',
      'Only the clan chief can do this.': 'Só o chefe do clã pode fazer isso.',
      'This clan is full.': 'Este clã está cheio.',
      'There is no such request.': 'Esse pedido não existe.',
      'This gamer is not a member of your clan.': 'Este gamer não é membro do seu clã.',
      'This clan does not exist.': 'Este clã não existe.',
      'You are not in a clan.': 'Você não está em um clã.',
      'You are already in a clan.': 'Você já está em um clã.',
      'Open Khel from this Telegram account first.': 'Abra o Khel com esta conta do Telegram primeiro.',
    },
    groupWelcome: (clan) =>
      `🎉 Este grupo agora está ligado a ${clan} no Khel. Vou postar aqui as novidades do clã: novos membros, missões do clã concluídas, níveis alcançados e os avisos do chefe.`,
    groupOnlyChief:
      'Só um chefe de clã que administra este grupo pode ligá-lo a um clã no Khel, então estou saindo. Peça ao chefe do seu clã para me adicionar.',
    groupNewsButton: 'Abrir o clã',
    groupClan: (f) =>
      [
        `🛡 Este grupo é do clã ${f.clan} no Khel.`,
        `Nível ${f.tier} · pontuação ${f.score}${f.rank === null ? '' : ` · ${f.rank}º lugar`} · membros ${f.members}/${f.memberCap}`,
        'Abra o clã para ver membros e missões ou pedir para entrar. O chefe gerencia o clã numa conversa privada comigo (/clan).',
      ].join('\n'),
    groupNotLinked:
      'Este grupo ainda não está ligado a um clã no Khel. Um chefe de clã que administra este grupo pode ligá-lo: basta enviar /clan aqui.',
    groupNotLinkedChief: (clan) =>
      `Este grupo ainda não está ligado a um clã no Khel. Ligar ao ${clan}? Vou postar aqui as novidades do clã: novos membros, missões do clã concluídas, níveis alcançados e os seus avisos.`,
    groupLinkButton: (clan) => `🔗 Ligar ao ${clan}`,
    groupLinkedNow: '✅ Ligado. As novidades do clã serão postadas aqui.',
    groupOnlyAdmins: 'Só um administrador deste grupo que lidera um clã pode ligá-lo.',
    groupNews: {
      member_joined: (f) => `👋 ${f.member} entrou em ${f.clan}. Bem-vindo ao time!`,
      clan_quest_completed: (f) => `🏁 ${f.clan} concluiu a missão do clã “${f.title}”!`,
      tier_reached: (f) => `🏅 ${f.clan} alcançou o nível ${f.tier}!`,
      announcement: (f) => `📣 ${f.clan}: ${f.text}`,
      war_matched: (f) =>
        `⚔️ Guerra de clãs! Nesta semana ${f.clan} enfrenta ${f.opponent}. Cada XP que um membro ganhar até domingo à noite (UTC) conta.`,
      war_result: (f) =>
        f.outcome === 'won'
          ? `🏆 ${f.clan} venceu a guerra de clãs contra ${f.opponent}, ${f.mine} XP a ${f.theirs}!`
          : f.outcome === 'lost'
            ? `⚔️ ${f.clan} perdeu a guerra de clãs para ${f.opponent}, ${f.mine} XP a ${f.theirs}. Semana que vem tem outra guerra!`
            : `🤝 ${f.clan} e ${f.opponent} empataram a guerra de clãs com ${f.mine} XP cada.`,
    },
  },
  pog: {
    caption: (f) =>
      `🎮 ${f.name} · cartão Prova de Gamer ${f.variant} · pontuação total ${f.total}. Crie o seu no Khel!`,
    resultTitle: (f) => `${f.name} · ${f.variant}`,
    resultDescription: (f) => `Cartão Prova de Gamer · pontuação total ${f.total}`,
    openShowcase: 'Ver o cartão no Khel',
    variants: { Common: 'Comum', Rare: 'Raro', Epic: 'Épico', Legendary: 'Lendário' },
    mintTitle: 'Crie seu cartão POG',
    mintDescription:
      'Você ainda não tem um cartão Prova de Gamer. Crie o seu no Khel e compartilhe onde quiser.',
    mintMessage: '🎮 Prove que você é gamer: crie seu cartão Prova de Gamer no Khel!',
    mintButton: 'Criar no Khel',
  },
  share: {
    kinds: { quest: 'Quest', campaign: 'Campanha K-Drop', klash: 'Torneio Klash', article: 'Artigo' },
    open: {
      quest: 'Abrir a quest',
      campaign: 'Abrir a campanha',
      klash: 'Abrir o torneio',
      article: 'Ler o artigo',
    },
    caption: (f) => `🎮 ${f.kind} no Khel: ${f.title}${f.line ? `\n${f.line}` : ''}`,
  },
};

export const BOT_TEXTS: Readonly<Record<BotLocale, BotTexts>> = { en, hi, 'pt-BR': ptBR };

/**
 * The account's language (users.language_code) or Telegram's `language_code` (an IETF tag such as `hi`,
 * `pt-br`) → our locale; English otherwise.
 */
export function localeFor(languageCode: string | null | undefined): BotLocale {
  return matchLanguage(languageCode) ?? 'en';
}

export function textsFor(languageCode: string | null | undefined): BotTexts {
  return BOT_TEXTS[localeFor(languageCode)];
}

/** Telegram wants two-letter ISO 639-1 codes for per-language command lists. */
export const TELEGRAM_LANGUAGE_CODES: Readonly<Record<Exclude<BotLocale, 'en'>, LanguageCode>> = {
  hi: 'hi',
  'pt-BR': 'pt',
};
