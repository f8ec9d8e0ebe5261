import type { ApiMessageTranslations } from '../api-messages.ts';
import type { UsersTranslation } from './users-en.ts';

/** Hindi texts of the users part. */
export const usersHi: UsersTranslation = {
  search: {
    title: 'गेमर खोजें',
    label: 'यूज़रनेम या नाम',
    placeholder: 'यूज़रनेम लिखना शुरू करें',
    recent: 'हाल की खोजें',
    clear: 'साफ़ करें',
    none: 'कोई गेमर नहीं मिला। स्पेलिंग जाँचें।',
    failed: 'खोज नहीं हो पाई। कृपया फिर से कोशिश करें।',
    noClan: 'अभी कोई क्लैन नहीं',
  },
  nfts: {
    title: 'मेरे NFT',
    mint: 'अपना POG कार्ड मिंट करें',
    imageAlt: '{{name}} का POG कार्ड',
    token: '{{chain}} · टोकन #{{id}}',
    minted: '{{date}} को मिंट हुआ',
    showcase: 'शोकेस',
    explorer: 'एक्सप्लोरर पर',
    chain: { evm: 'EVM', ton: 'TON' },
  },
  activity: {
    title: 'मेरी गतिविधि',
    older: 'पुरानी',
    newer: 'नई',
    kind: {
      quest_completed: 'क्वेस्ट पूरा किया',
      campaign_entered: 'K-Drop में हिस्सा लिया',
      clan_joined: 'क्लैन में शामिल हुए',
      pog_minted: 'POG कार्ड मिंट किया',
      earning_collected: 'कमाई ली',
    },
  },
};

/** The users API's messages in Hindi. */
export const usersHiApi: ApiMessageTranslations = {
  USER_SEARCH: 'गेमर खोजने के लिए 1 से 30 अक्षर, अंक, डॉट या अंडरस्कोर लिखें।',
  USER_NOT_FOUND: 'इस यूज़रनेम का कोई गेमर नहीं है।',
  USER_BATCH: '1 से 100 यूज़र आईडी भेजें।',
  USER_RECENT_NOT_FOUND: 'यह गेमर मौजूद नहीं है।',
  USER_SEARCH_RATE_LIMITED: 'बहुत ज़्यादा खोजें। एक मिनट रुककर फिर कोशिश करें।',
};
