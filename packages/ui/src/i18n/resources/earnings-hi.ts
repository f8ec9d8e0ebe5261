import type { EarningsTranslation } from './earnings-en.ts';

export const earningsHi: EarningsTranslation = {
  title: 'कमाई प्राप्त करें',
  intro: 'क्वेस्ट, कैंपेन और आपके क्लैन से मिली कमाई। समय खत्म होने से पहले इसे प्राप्त कर लें।',
  loading: 'आपकी कमाई लोड हो रही है…',
  kcash: '{{amount}} K-Cash',
  boosted: 'POG बूस्ट +{{percent}}% (पहले {{base}} K-Cash)',
  summary: {
    label: 'आपकी कमाई एक नज़र में',
    readyToCollect: 'प्राप्त करने के लिए तैयार',
    distributing: 'आप तक पहुँच रही है',
    collected: 'प्राप्त हो चुकी',
    failed: 'विफल',
    expired: 'समय खत्म',
    count: 'कमाई: {{count}}',
  },
  status: {
    READY_TO_COLLECT: 'प्राप्त करने के लिए तैयार',
    COLLECTED: 'प्राप्त हो चुकी',
    EXPIRED: 'समय खत्म',
    DISTRIBUTING: 'आप तक पहुँच रही है',
    FAILED: 'विफल',
  },
  filter: {
    label: 'कमाई दिखाएँ',
    all: 'सभी',
  },
  list: {
    title: 'इतिहास',
    earnedOn: '{{date}} को मिली',
    expiresOn: '{{date}} तक प्राप्त करें',
    collectedOn: '{{date}} को प्राप्त की',
    failedReason: 'पिछली कोशिश विफल रही: {{reason}}',
    loadMore: 'और दिखाएँ',
  },
  actions: {
    collect: 'प्राप्त करें',
    collectAgain: 'फिर से प्राप्त करें',
    collectAll: 'सब प्राप्त करें',
  },
  confirm: {
    title: 'अपनी कमाई प्राप्त करें',
    loading: 'हम हिसाब लगा रहे हैं कि आपको कितना मिलेगा…',
    earnings: 'कमाई',
    count: 'शामिल कमाई: {{count}}',
    inRupees: 'रुपये में मूल्य',
    tds: 'टीडीएस {{rate}}% (धारा 194BA)',
    net: 'आपको मिलेंगे',
    destination: 'कहाँ भेजे जाएँगे',
    bank: '{{bank}} ••••{{last4}}',
    bankAccount: 'बैंक खाता ••••{{last4}}',
    wallet: 'आपका K-Cash वॉलेट',
    verifiedBank: 'आपका सत्यापित बैंक खाता',
    bankAfterKyc: 'वह बैंक खाता जिसे आप KYC में सत्यापित करेंगे',
    tdsNote:
      'आयकर अधिनियम की धारा 194BA के तहत शुद्ध जीत पर {{rate}}% आयकर (टीडीएस) काटा जाता है और आपके पैन पर जमा किया जाता है। वित्त वर्ष {{year}}।',
    exempt: 'इस बार कोई टीडीएस नहीं: इस महीने आपकी शुद्ध जीत ({{month}}) {{limit}} की मासिक छूट के अंदर है।',
    walletNote: 'प्राप्त K-Cash तुरंत आपके वॉलेट में जुड़ जाता है।',
    nothing: 'अभी प्राप्त करने के लिए कुछ भी तैयार नहीं है।',
    kycIncomplete: 'कमाई प्राप्त करने के लिए अपना केवाईसी (पैन, आधार और बैंक खाता) पूरा करें।',
    kycCta: 'सत्यापन जारी रखें',
    confirm: 'पुष्टि करें और प्राप्त करें',
    cancel: 'रद्द करें',
  },
  progress: {
    title: 'आपका भुगतान प्रोसेस हो रहा है…',
    body: '{{amount}} {{destination}} में भेजे जा रहे हैं।',
    slow: 'आपके भुगतान को प्रोसेस होने में सामान्य से ज़्यादा समय लग रहा है।',
  },
  receipt: {
    title: 'प्राप्त हो गया!',
    wallet: '{{amount}} आपके K-Cash वॉलेट में जुड़ गए।',
    bank: '{{amount}} {{destination}} में भेज दिए गए।',
    reference: 'संदर्भ',
    done: 'हो गया',
  },
  failed: {
    title: 'भुगतान विफल रहा, कृपया फिर से कोशिश करें!',
    reason: 'कारण: {{reason}}',
    retry: 'फिर से कोशिश करें',
  },
  close: 'बंद करें',
};

/** The API's sentences on the earnings screen, in Hindi (keyed by the exact English; see earnings-texts.test.ts). */
export const earningsHiApi: Record<string, string> = {
  'Earning not found': 'कमाई नहीं मिली',
  'There is nothing ready to collect.': 'अभी प्राप्त करने के लिए कुछ भी तैयार नहीं है।',
  'This earning cannot be collected.': 'यह कमाई प्राप्त नहीं की जा सकती।',
  'Complete your KYC (PAN, Aadhaar and bank account) to collect earnings.':
    'कमाई प्राप्त करने के लिए अपना केवाईसी (पैन, आधार और बैंक खाता) पूरा करें।',
  'Payout not found': 'भुगतान नहीं मिला',
  'This amount is too small to pay to a bank account (at least ₹1). Collect it together with other earnings.':
    'यह रकम बैंक खाते में भेजने के लिए बहुत कम है (कम से कम ₹1)। इसे दूसरी कमाई के साथ प्राप्त करें।',
  'Beneficiary bank rejected the transfer': 'पाने वाले के बैंक ने ट्रांसफ़र अस्वीकार कर दिया',
  'The bank transfer failed.': 'बैंक ट्रांसफ़र विफल रहा।',
  'Payment Failed, Please try again!': 'भुगतान विफल रहा, कृपया फिर से कोशिश करें!',
  'It is taking longer than usual to process your payment.':
    'आपके भुगतान को प्रोसेस होने में सामान्य से ज़्यादा समय लग रहा है।',
  'Conflict: Resource already in progress': 'यह अनुरोध अभी प्रोसेस हो रहा है',
  'This Idempotency-Key was already used for a different request. Use a new key for a new request.':
    'यह अनुरोध पहले किसी और विवरण के साथ भेजा जा चुका है। कृपया फिर से शुरू करें।',
};
