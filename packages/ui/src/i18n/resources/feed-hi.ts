import type { ApiMessageTranslations } from '../api-messages.ts';
import type { FeedTranslation } from './feed-en.ts';

export const feedHi: FeedTranslation = {
  nav: {
    label: 'मुख्य',
    home: 'होम',
    quests: 'क्वेस्ट',
    store: 'स्टोर',
    earnings: 'कमाई',
    clan: 'क्लैन',
    pog: 'POG',
    profile: 'प्रोफ़ाइल',
    kdrop: 'K-Drop',
    klash: 'क्लैश',
    rkade: 'Rkade',
    more: 'Khel में और',
  },
  landing: {
    title: 'गेम खेलें। क्वेस्ट पूरे करें। अपना बैलेंस बढ़ता देखें।',
    pitch:
      'आपका हर पूरा किया गया क्वेस्ट आपके Khel बैलेंस में K-Cash, rKHEL या K-Points जोड़ता है। इन्हें K-Store में गिफ़्ट कार्ड, गेम करेंसी और वाउचर पर ख़र्च करें, या अपनी कमाई कलेक्ट करें।',
    currencies: 'आप क्या कमाते हैं',
    start: 'कमाना शुरू करें',
    browse: 'क्वेस्ट देखें',
  },
  pogPromo: {
    title: 'प्रूफ़ ऑफ़ गेमर',
    text: 'अपना POG कार्ड मिंट करें: AI अवतार, आपका नाम और क्वेस्ट व K-Drop इनाम पर बूस्ट।',
  },
  klashPromo: {
    title: 'क्लैश टूर्नामेंट',
    text: 'K-Cash इनाम वाले ब्रैकेट और स्कोर बैटल। अकेले या अपनी टीम के साथ उतरें।',
  },
  homeLead: 'आज का इनाम लें, अपने क्वेस्ट जारी रखें और अपनी कमाई कलेक्ट करें: हर पूरा किया गया क्वेस्ट आपका बैलेंस बढ़ाता है।',
  balanceTitle: 'आपका बैलेंस',
  spend: 'K-Store में ख़र्च करें',
  inProgress: 'आपके क्वेस्ट',
  nextStep: 'अगला: {{task}}',
  allDone: 'सभी टास्क पूरे: आपका इनाम आ रहा है',
  tasksDone: '{{total, number}} में से {{done, number}} टास्क पूरे',
  noQuestsYet: 'अभी कोई क्वेस्ट चालू नहीं है। एक चुनें और अपना पहला इनाम कमाएँ।',
  findQuest: 'क्वेस्ट खोजें',
  featured: 'ख़ास क्वेस्ट',
  seeAll: 'सभी देखें',
  browseGames: 'गेम देखें',
  earnings: 'कलेक्ट करने के लिए तैयार',
  earningsReady: 'तैयार कमाई: {{count, number}}',
  noEarnings: 'अभी कलेक्ट करने को कुछ नहीं है। कलेक्ट करने लायक K-Cash कमाने के लिए कोई क्वेस्ट पूरा करें।',

  daily: {
    title: 'रोज़ का इनाम',
    streak: '{{count, number}} दिन की स्ट्रीक',
    startStreak: 'आज अपनी स्ट्रीक शुरू करें',
    day: 'दिन {{day}}',
    claimedStep: '(लिया गया)',
    claim: '{{amount}} लें',
    claimedNow: 'आपको {{amount}} मिले! अपनी स्ट्रीक बनाए रखने के लिए कल फिर आएँ।',
    comeBack: 'आज का इनाम ले लिया। अपनी स्ट्रीक बनाए रखने के लिए कल फिर आएँ।',
    frozenStep: '(स्ट्रीक फ़्रीज़ से बचा)',
    freezesHeld_one: 'आपके पास {{max, number}} में से {{count, number}} स्ट्रीक फ़्रीज़ है',
    freezesHeld_other: 'आपके पास {{max, number}} में से {{count, number}} स्ट्रीक फ़्रीज़ हैं',
    freezesHint: 'कोई दिन छूट जाए तो स्ट्रीक फ़्रीज़ आपकी स्ट्रीक बचा लेता है। लगातार हर 7वें दिन आपको एक मिलता है।',
    buyFreeze: '{{amount}} में फ़्रीज़ ख़रीदें',
    freezesFull: 'आपके पास ज़्यादा से ज़्यादा स्ट्रीक फ़्रीज़ हैं।',
    freezeBought: 'स्ट्रीक फ़्रीज़ ख़रीद लिया।',
    freezeReady: 'कल का दिन छूट गया, पर आज इनाम लेते ही एक स्ट्रीक फ़्रीज़ उसे बचा लेगा।',
    freezeUsed: 'छूटे हुए दिन को स्ट्रीक फ़्रीज़ ने बचा लिया: आपकी {{count, number}} दिन की स्ट्रीक जारी है!',
    freezeEarned: 'लगातार {{count, number}} दिन: आपको एक स्ट्रीक फ़्रीज़ मिला!',
  },
};

/** The daily reward's API messages in Hindi. */
export const feedHiApi: ApiMessageTranslations = {
  DAILY_REWARD_CLAIMED: 'आज का इनाम आप ले चुके हैं। कल फिर आएँ!',
  STREAK_FREEZE_LIMIT: 'आपके पास पहले से ही ज़्यादा से ज़्यादा स्ट्रीक फ़्रीज़ हैं। नया ख़रीदने से पहले एक इस्तेमाल करें।',
};
