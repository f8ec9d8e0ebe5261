import type { ApiMessageTranslations } from '../api-messages.ts';
import type { AnalyticsTranslation } from './analytics-en.ts';

/** The operators' analytics part in Hindi. */
export const analyticsHi: AnalyticsTranslation = {
  title: 'एनालिटिक्स',
  tokenHeading: 'ऑपरेटर साइन-इन',
  tokenIntro: 'अपना ऑपरेटर टोकन पेस्ट करें। यह सिर्फ़ इस टैब में रहता है और टैब बंद होते ही हट जाता है।',
  token: 'ऑपरेटर टोकन',
  open: 'डैशबोर्ड खोलें',
  forget: 'साइन आउट',
  badToken: 'यह टोकन अस्वीकार हुआ। जाँचकर फिर कोशिश करें।',
  from: 'से',
  to: 'तक',
  apply: 'दिखाएँ',
  refreshedAt: '{{time}} तक के आँकड़े',
  notRefreshed: 'आँकड़े अभी गिने नहीं गए; ये हर मिनट ताज़ा होते हैं।',
  csv: 'CSV',
  downloadCsv: '{{report}} CSV में डाउनलोड करें',
  overview: {
    heading: 'दैनिक गतिविधि',
    activeUsers: 'सक्रिय उपयोगकर्ता',
    sessions: 'सेशन',
    signUps: 'साइन-अप',
    events: 'इवेंट',
    byChannel: 'चैनल के अनुसार सेशन',
    byDevice: 'डिवाइस के अनुसार सेशन',
  },
  funnel: {
    heading: 'फ़नल',
    visit: 'विज़िट',
    sign_up: 'साइन-अप',
    first_quest: 'पहला क्वेस्ट',
    first_collect: 'पहला कलेक्ट',
    ofPrevious: 'पिछले चरण का {{percent}}',
  },
  signups: {
    heading: 'साइन-अप',
    byMethod: 'तरीके के अनुसार',
    byCountry: 'देश के अनुसार',
  },
  utm: {
    heading: 'UTM लिंक',
    empty: 'इन दिनों किसी लिंक पर विज़िट या साइन-अप नहीं हुए।',
    link: 'लिंक',
    visits: 'विज़िटर',
    signUps: 'साइन-अप',
    questCompletions: 'क्वेस्ट पूरा किया',
  },
  reports: { overview: 'दैनिक गतिविधि', funnel: 'फ़नल', signups: 'साइन-अप', utm: 'UTM लिंक' },
};

export const analyticsHiApi: ApiMessageTranslations = {
  OPERATOR_UNAUTHORIZED: 'ऑपरेटर क्रेडेंशियल ज़रूरी हैं।',
  OPERATOR_LOCAL_ONLY: 'यह सिर्फ़ सर्वर की अपनी मशीन पर चल रहा ऑपरेटर CLI कर सकता है।',
  ANALYTICS_RANGE: 'अवधि आगे की ओर हो और अधिकतम 366 दिन की हो।',
};
