import type { ReferralsTranslation } from './referrals-en.ts';

/** The friends part in Hindi. */
export const referralsHi: ReferralsTranslation = {
  title: 'दोस्त',
  lead: 'दोस्तों के साथ खेलें: आपके लिंक से जुड़ने वाला हर दोस्त आपको XP देता है, और आप साथ में लेवल चढ़ते हैं।',
  copy: 'कॉपी करें',
  copied: 'कॉपी हो गया!',
  copyFailed: 'कॉपी नहीं हो सका। लिंक चुनकर कॉपी करें।',
  invite: {
    title: 'आपका इनवाइट लिंक',
    lead: 'इससे जुड़ने वाले हर दोस्त पर +{{xp, number}} XP।',
    create: 'मेरा इनवाइट लिंक बनाएँ',
    website: 'वेबसाइट का लिंक',
    miniApp: 'Telegram ऐप का लिंक',
    share: 'शेयर करें',
    shareText: 'Khel पर मेरे साथ जुड़ें: गेमर्स के लिए क्वेस्ट, टूर्नामेंट और इनाम।',
    telegram: 'Telegram',
    whatsapp: 'WhatsApp',
    x: 'X',
  },
  stats: {
    joined: 'जुड़े हुए दोस्त',
    xp: 'दोस्तों से मिले XP',
  },
  list: {
    title: 'आपके दोस्त',
    empty: 'अभी यहाँ कोई दोस्त नहीं है। अपना लिंक शेयर करें: जो जुड़ेंगे, वे अपने लेवल के साथ यहाँ दिखेंगे।',
    more: 'और दिखाएँ',
  },
  friend: {
    joined: '{{date}} को जुड़े',
    level: 'लेवल {{level, number}}',
    xp: '{{xp, number}} XP',
  },
};
