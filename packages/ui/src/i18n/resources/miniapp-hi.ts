import type { MiniappTranslation } from './miniapp-en.ts';

export const miniappHi: MiniappTranslation = {
  settings: {
    title: 'सेटिंग्स',
    language: 'भाषा',
    languageHint:
      'जब तक आप यहाँ कोई भाषा नहीं चुनते, Khel आपकी Telegram भाषा में रहता है। आपका चुनाव आपके खाते की भाषा बनता है: वेबसाइट और बॉट के संदेश भी इसी में होते हैं।',
  },
  ton: {
    title: 'TON वॉलेट',
    linkIntro: 'इस खाते से एक TON वॉलेट जोड़ें, फिर उससे भी साइन इन करें।',
    signInIntro: 'Telegram से साइन इन नहीं हो रहा? Tonkeeper या Telegram के Wallet जैसा TON वॉलेट इस्तेमाल करें।',
    connect: 'TON वॉलेट जोड़ें',
    connectAnother: 'एक और TON वॉलेट जोड़ें',
    preparing: 'सुरक्षित अनुरोध तैयार हो रहा है…',
    verifying: 'आपके वॉलेट का प्रमाण जाँचा जा रहा है…',
    linked: 'TON वॉलेट जुड़ गया: {{address}}',
    errors: {
      noProof: 'आपके वॉलेट ने प्रमाण नहीं भेजा। कृपया इसे फिर से जोड़ें।',
      proofRefused: 'आपके वॉलेट ने अनुरोध अस्वीकार कर दिया।',
      unsupportedNetwork: 'कृपया अपने वॉलेट को TON मेननेट पर करें और फिर से कोशिश करें।',
      stalePayload: 'यह अनुरोध समाप्त हो गया। कृपया अपना वॉलेट फिर से जोड़ें।',
      unavailable: 'TON Connect लोड नहीं हो सका। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
    },
  },
};
