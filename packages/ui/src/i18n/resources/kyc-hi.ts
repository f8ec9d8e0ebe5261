import type { KycTranslation } from './kyc-en.ts';

export const kycHi: KycTranslation = {
  title: 'पहचान सत्यापन',
  intro:
    'भारत में कमाई प्राप्त करने के लिए हम अपने सत्यापन पार्टनर से आपका पैन, आधार और बैंक खाता सत्यापित करवाते हैं। इसमें तीन छोटे चरण हैं।',
  loading: 'आपका सत्यापन लोड हो रहा है…',
  steps: {
    label: 'सत्यापन के चरण',
    pan: 'पैन',
    aadhaar: 'आधार',
    bank: 'बैंक खाता',
  },
  stepOf: 'चरण {{n}} / 3',
  status: {
    notStarted: 'शुरू नहीं हुआ',
    pending: 'सत्यापन हो रहा है…',
    verified: 'सत्यापित',
    rejected: 'अस्वीकृत',
  },
  pending: {
    title: 'सत्यापन हो रहा है…',
    body: 'हमारा सत्यापन पार्टनर आपकी जानकारी जाँच रहा है। फ़ैसला आते ही यह पेज अपने-आप अपडेट हो जाएगा; आप चाहें तो बाद में भी लौट सकते हैं।',
    reconnecting: 'लाइव अपडेट के लिए फिर से जुड़ रहे हैं…',
  },
  rejected: {
    title: 'हम इसे सत्यापित नहीं कर सके',
    reason: 'कारण: {{reason}}',
    noReason: 'सत्यापन पार्टनर ने यह जानकारी स्वीकार नहीं की।',
    retry: 'फिर से कोशिश करें',
  },
  verified: {
    title: 'सत्यापित',
    justNow: '{{doc}} सत्यापित हो गया।',
    justRejected: '{{doc}} सत्यापित नहीं हो सका।',
    continue: 'आगे बढ़ें: {{doc}}',
  },
  locked: {
    body: 'पहले अपना पैन दें: आपके बाकी दस्तावेज़ों पर लिखा नाम उसी से मिलाया जाता है।',
    goToPan: 'पैन पर जाएँ',
  },
  complete: {
    title: 'आप सत्यापित हैं',
    body: 'आपका पैन, आधार और बैंक खाता सत्यापित है। अब आप अपनी कमाई प्राप्त कर सकते हैं।',
    cta: 'कमाई प्राप्त करें',
  },
  notRequired: {
    title: 'केवाईसी की ज़रूरत नहीं',
    body: 'पहचान सत्यापन केवल भारत के यूज़र्स के लिए ज़रूरी है। आपकी कमाई सीधे आपके K-Cash वॉलेट में आती है।',
    cta: 'कमाई प्राप्त करें',
  },
  details: {
    number: 'नंबर',
    name: 'नाम',
    holderType: 'धारक का प्रकार',
    bank: 'बैंक',
    ifsc: 'IFSC कोड',
    submitted: 'जमा किया गया',
  },
  pan: {
    title: 'पैन कार्ड',
    hint: 'आपका परमानेंट अकाउंट नंबर, ठीक वैसा ही जैसा पैन कार्ड पर छपा है।',
    number: 'पैन',
    numberHint: 'दस अक्षर, जैसे ABCPE1234F',
    holderType: 'धारक का प्रकार: {{type}}',
    unknownHolderType: 'चौथा अक्षर किसी भी पैन धारक प्रकार से मेल नहीं खाता।',
    name: 'पैन पर लिखा नाम',
    submit: 'पैन सत्यापित करें',
    holderTypes: {
      individual: 'व्यक्तिगत',
      company: 'कंपनी',
      huf: 'हिंदू अविभाजित परिवार',
      firm: 'फ़र्म',
      aop: 'व्यक्तियों का संघ',
      trust: 'ट्रस्ट',
      boi: 'व्यक्तियों का निकाय',
      local_authority: 'स्थानीय प्राधिकरण',
      artificial_juridical_person: 'कृत्रिम न्यायिक व्यक्ति',
      government: 'सरकार',
    },
    errors: {
      format: 'कृपया एक मान्य पैन डालें (जैसे ABCPE1234F)',
      notIndividual: 'कमाई प्राप्त करने के लिए केवल व्यक्तिगत पैन (चौथा अक्षर P) इस्तेमाल किया जा सकता है।',
      name: 'कृपया अपना नाम वैसा ही डालें जैसा दस्तावेज़ पर लिखा है',
    },
  },
  aadhaar: {
    title: 'आधार',
    hint: 'आपका 12 अंकों का आधार नंबर। इसे एन्क्रिप्ट करके रखा जाता है और हम इसके केवल आख़िरी 4 अंक दिखाते हैं।',
    number: 'आधार नंबर',
    consent:
      'मैं अपनी पहचान (KYC) सत्यापित करने के लिए अपना आधार नंबर Khel के सत्यापन पार्टनर के साथ साझा करने की सहमति देता/देती हूँ।',
    policies:
      'हम आपका आधार कैसे रखते और सुरक्षित करते हैं: हमारी <privacy>गोपनीयता नीति</privacy> और <aml>AML और KYC नीति</aml> देखें।',
    submit: 'आधार सत्यापित करें',
    errors: {
      format: 'कृपया 12 अंकों का मान्य आधार नंबर डालें',
      checksum: 'यह मान्य आधार नंबर नहीं है। कृपया अंक जाँचें।',
      consent: 'कृपया सत्यापन के लिए अपना आधार साझा करने की सहमति दें',
    },
  },
  bank: {
    title: 'बैंक खाता',
    hint: 'आपकी कमाई इसी खाते में भेजी जाती है। खाताधारक का नाम आपके पैन से मेल खाना चाहिए।',
    accountNumber: 'खाता नंबर',
    confirmAccountNumber: 'खाता नंबर दोबारा डालें',
    ifsc: 'IFSC कोड',
    ifscHint: 'चार अक्षर, एक शून्य, फिर छह अक्षर या अंक, जैसे SBIN0001234',
    holderName: 'खाताधारक का नाम',
    submit: 'बैंक खाता सत्यापित करें',
    update: 'बैंक खाता बदलें',
    updateTitle: 'नया बैंक खाता',
    updateHint: 'भुगतान भेजने से पहले नए खाते का फिर से सत्यापन होगा।',
    updateSubmit: 'नया खाता सत्यापित करें',
    cancel: 'रद्द करें',
    branch: '{{bank}}, {{branch}} शाखा',
    errors: {
      account: 'बैंक खाता नंबर 9 से 18 अंकों का होना चाहिए',
      mismatch: 'दोनों खाता नंबर मेल नहीं खाते',
      ifsc: 'कृपया एक मान्य IFSC कोड डालें',
      name: 'कृपया अपना नाम वैसा ही डालें जैसा दस्तावेज़ पर लिखा है',
    },
  },
};

/** The API's sentences on the KYC screen, in Hindi (keyed by the exact English; see kyc-texts.test.ts). */
export const kycHiApi: Record<string, string> = {
  'Please enter a valid PAN (for example ABCPE1234F)': 'कृपया एक मान्य पैन डालें (जैसे ABCPE1234F)',
  'Only an individual PAN (4th letter P) can be used to collect earnings.':
    'कमाई प्राप्त करने के लिए केवल व्यक्तिगत पैन (चौथा अक्षर P) इस्तेमाल किया जा सकता है।',
  'Please enter your name as it appears on the document': 'कृपया अपना नाम वैसा ही डालें जैसा दस्तावेज़ पर लिखा है',
  'Please enter a valid 12-digit Aadhaar number': 'कृपया 12 अंकों का मान्य आधार नंबर डालें',
  'Please agree to share your Aadhaar for verification': 'कृपया सत्यापन के लिए अपना आधार साझा करने की सहमति दें',
  'This document is already verified.': 'यह दस्तावेज़ पहले से सत्यापित है।',
  'A verification is already in progress. Please wait for it to finish.':
    'एक सत्यापन पहले से चल रहा है। कृपया उसके पूरा होने का इंतज़ार करें।',
  'This document is already verified on another account.': 'यह दस्तावेज़ किसी दूसरे खाते पर पहले से सत्यापित है।',
  'Please verify your PAN first.': 'कृपया पहले अपना पैन सत्यापित करें।',
  'Verify a bank account before updating it.': 'बैंक खाता बदलने से पहले उसे सत्यापित करें।',
  'KYC is only needed for users in India.': 'केवाईसी केवल भारत के यूज़र्स के लिए ज़रूरी है।',
  'This IFSC code does not match any bank branch': 'यह IFSC कोड किसी भी बैंक शाखा से मेल नहीं खाता',
  'Please enter a valid bank account number': 'कृपया एक मान्य बैंक खाता नंबर डालें',
  'Please enter a valid IFSC code': 'कृपया एक मान्य IFSC कोड डालें',
  'Bank account number must be 9 to 18 digits': 'बैंक खाता नंबर 9 से 18 अंकों का होना चाहिए',
  'Too many verification attempts. Please try again later.':
    'सत्यापन की बहुत ज़्यादा कोशिशें हो गईं। कृपया बाद में फिर से कोशिश करें।',
  'Verification is not available right now. Please try again later.':
    'सत्यापन अभी उपलब्ध नहीं है। कृपया बाद में फिर से कोशिश करें।',
  'The name does not match the name on the PAN.': 'नाम पैन पर लिखे नाम से मेल नहीं खाता।',
  'No PAN was found with this number.': 'इस नंबर का कोई पैन नहीं मिला।',
  'No Aadhaar was found with this number.': 'इस नंबर का कोई आधार नहीं मिला।',
  'This bank account is closed. Please use another account.':
    'यह बैंक खाता बंद हो चुका है। कृपया कोई दूसरा खाता इस्तेमाल करें।',
  'The account holder name does not match the name on your PAN.':
    'खाताधारक का नाम आपके पैन पर लिखे नाम से मेल नहीं खाता।',
  'Your PAN could not be verified, so the account holder name could not be checked.':
    'आपका पैन सत्यापित नहीं हो सका, इसलिए खाताधारक का नाम जाँचा नहीं जा सका।',
};
