import type { ApiMessageTranslations } from '../api-messages.ts';
import type { UtmTranslation } from './utm-en.ts';

/** The UTM link generator part in Hindi. */
export const utmHi: UtmTranslation = {
  title: 'UTM लिंक जनरेटर',
  intro: 'किसी क्वेस्ट या K-Drop कैंपेन का छोटा लिंक बनाएँ, शेयर करें, और देखें कौन उससे आया।',
  signInToStart: 'लिंक बनाने और उनके नतीजे देखने के लिए साइन इन करें।',
  form: {
    heading: 'नया लिंक',
    target: 'किसका लिंक',
    targetQuest: 'एक क्वेस्ट',
    targetCampaign: 'एक कैंपेन',
    pickQuest: 'क्वेस्ट',
    pickCampaign: 'कैंपेन',
    choose: 'चुनें…',
    noTargets: 'अभी लिंक करने के लिए कुछ प्रकाशित नहीं है।',
    source: 'स्रोत',
    sourceHint: 'लिंक कहाँ शेयर होगा, जैसे instagram',
    medium: 'माध्यम',
    mediumHint: 'किस तरह की पोस्ट, जैसे influencer',
    campaign: 'कैंपेन का नाम',
    campaignHint: 'इस प्रचार का आपका नाम, जैसे diwali-2026',
    content: 'कंटेंट (वैकल्पिक)',
    contentHint: 'एक कैंपेन की पोस्टों में फ़र्क, जैसे story-1',
    term: 'टर्म (वैकल्पिक)',
    termHint: 'पेड सर्च के लिए एक कीवर्ड',
    charset: 'केवल छोटे अक्षर, अंक, "_", "-" और "."।',
    required: 'ज़रूरी है।',
    submit: 'लिंक बनाएँ',
    submitting: 'बन रहा है…',
  },
  result: {
    heading: 'आपका लिंक तैयार है',
    shortLink: 'छोटा लिंक',
    fullLink: 'पूरा लिंक',
    copy: 'कॉपी करें',
    copied: 'कॉपी हो गया',
    copyFailed: 'कॉपी नहीं हो सका। टेक्स्ट चुनकर कॉपी करें।',
  },
  list: {
    heading: 'मेरे लिंक',
    empty: 'अभी कोई लिंक नहीं। ऊपर पहला लिंक बनाएँ।',
    loadMore: 'और देखें',
    ended: 'समाप्त',
    clicks: 'क्लिक',
    visits: 'विज़िटर',
    signUps: 'साइन-अप',
    questCompletions: 'क्वेस्ट पूरा किया',
    resultsOf: '{{code}} के नतीजे',
  },
};

export const utmHiApi: ApiMessageTranslations = {
  UTM_VALUE: 'छोटे अक्षर, अंक, "_", "-" या "." इस्तेमाल करें (शुरुआत अक्षर या अंक से)।',
  UTM_TARGET_NOT_FOUND: 'वह क्वेस्ट या कैंपेन मौजूद नहीं है या प्रकाशित नहीं है।',
  UTM_LINK_NOT_FOUND: 'वह लिंक मौजूद नहीं है।',
  UTM_RATE_LIMIT: 'बहुत सारे लिंक बन गए। कृपया एक मिनट रुकें।',
};
