import type { ApiMessageTranslations } from '../api-messages.ts';
import type { ContentTranslation } from './content-en.ts';

/** Hindi texts of the content part. */
export const contentHi: ContentTranslation = {
  section: {
    title: 'लेख और वीडियो',
    article: 'लेख',
    video: 'वीडियो',
    more: 'और देखें',
  },
  article: {
    minutes: '{{count, number}} मिनट में पढ़ें',
    published: '{{date}} को प्रकाशित',
    inEnglish: 'अंग्रेज़ी में दिखाया गया: आपकी भाषा में अभी इसका संस्करण नहीं है।',
    notFound: 'यह लेख यहाँ नहीं है',
    notFoundBody: 'शायद इसे हटा दिया गया है, या लिंक ग़लत है।',
    videoNotFound: 'यह वीडियो यहाँ नहीं है',
    home: 'होम पर लौटें',
  },
  video: {
    play: '“{{title}}” चलाएँ',
    privacy: 'प्लेयर {{host}} से तभी लोड होता है जब आप प्ले दबाते हैं।',
    frameTitle: 'वीडियो: {{title}}',
  },
};

/** The content API's messages in Hindi. */
export const contentHiApi: ApiMessageTranslations = {
  CONTENT_NOT_FOUND: 'यह लेख या वीडियो मौजूद नहीं है या प्रकाशित नहीं हुआ है।',
};
