import type { ApiMessageTranslations } from '../api-messages.ts';
import type { StarsTranslation } from './stars-en.ts';

/** The stars part in Hindi (Telegram Stars, K-Cash and K-Store are names and stay as they are). */
export const starsHi: StarsTranslation = {
  title: 'Stars से K-Cash ख़रीदें',
  intro:
    'यहीं Telegram में Telegram Stars से भुगतान करें। ख़रीदा हुआ K-Cash K-Store और Klash के लिए है; इसे कमाई के रूप में नहीं निकाला जा सकता।',
  packsTitle: 'K-Cash पैक',
  price: '{{stars}} ⭐',
  buyPack: '{{stars}} Stars में {{kcash}} ख़रीदें',
  loadFailed: 'पैक लोड नहीं हो सके।',
  none: 'अभी कोई पैक बिक्री पर नहीं है।',
  opening: 'Telegram में भुगतान खुल रहा है…',
  confirming: 'भुगतान मिल गया। इसे आपके खाते में जोड़ा जा रहा है…',
  cancelled: 'भुगतान रद्द हुआ। आपसे कोई शुल्क नहीं लिया गया।',
  failed: 'भुगतान नहीं हो सका। आपसे कोई शुल्क नहीं लिया गया।',
  pending: 'Telegram अभी आपका भुगतान प्रोसेस कर रहा है। पक्का होते ही आपका बैलेंस अपडेट होगा।',
  refunded: 'आपके भुगतान से ठीक पहले यह आइटम ख़त्म हो गया: आपके Stars लौटा दिए गए हैं।',
  receiptTitle: 'भुगतान पूरा हुआ!',
  receiptGain: '+{{kcash}}',
  receiptPaid: 'भुगतान',
  receiptBought: 'ख़रीदा',
  receiptItem: 'आइटम',
  buyMore: 'और ख़रीदें',
  storeTitle: 'Telegram Stars से भुगतान करें',
  storeHint: 'एक आइटम, Telegram में भुगतान। कोड आपकी रसीद में है।',
  storeBuy: '{{stars}} ⭐ में ख़रीदें',
  sandboxTitle: 'सैंडबॉक्स भुगतान',
  sandboxText: 'कोई बॉट टोकन सेट नहीं है: यह Telegram की भुगतान शीट की जगह है।',
  sandboxPay: '{{stars}} ⭐ चुकाएँ',
  sandboxCancel: 'रद्द करें',
};

/** The API's Telegram Stars sentences, in Hindi (keyed by their codes). */
export const starsHiApi: ApiMessageTranslations = {
  STARS_PRODUCT_NOT_FOUND: 'यह चीज़ Telegram Stars से नहीं ख़रीदी जा सकती।',
  STARS_PRICE_CHANGED: 'क़ीमत बदल गई है। कृपया ख़रीद फिर से खोलें।',
  STARS_SOLD_OUT: 'माफ़ करें, यह आइटम अभी-अभी ख़त्म हो गया। आपसे कोई शुल्क नहीं लिया गया।',
  STARS_INVOICE_NOT_FOUND: 'यह भुगतान पहचाना नहीं गया। कृपया ख़रीद फिर से खोलें।',
  STARS_TELEGRAM_REQUIRED: 'Telegram Stars से भुगतान के लिए Khel को Telegram में खोलें।',
  STARS_UNAVAILABLE: 'Telegram Stars से भुगतान अभी उपलब्ध नहीं है। कृपया बाद में कोशिश करें।',
  STARS_PAYMENT_NOT_FOUND: 'Stars भुगतान नहीं मिला',
  STARS_REFUND_KCASH_SPENT: 'यह भुगतान लौटाया नहीं जा सकता: गेमर इससे ख़रीदा K-Cash पहले ही ख़र्च कर चुका है।',
  STARS_SANDBOX_ONLY: 'भुगतान यहाँ सिर्फ़ सैंडबॉक्स में पूरे होते हैं (कोई बॉट टोकन सेट नहीं)।',
};
