import type { TranslationShape } from './en.ts';

/** English texts of the content part: articles, videos and the "Articles & videos" section. */
export const contentEn = {
  section: {
    title: 'Articles & videos',
    article: 'Article',
    video: 'Video',
    more: 'More',
  },
  article: {
    minutes: '{{count, number}} min read',
    published: 'Published {{date}}',
    inEnglish: 'Shown in English: there is no version in your language yet.',
    notFound: 'This article is not here',
    notFoundBody: 'It may have been taken down, or the link is wrong.',
    videoNotFound: 'This video is not here',
    home: 'Back to home',
  },
  video: {
    play: 'Play “{{title}}”',
    privacy: 'The player loads from {{host}} only when you tap play.',
    frameTitle: 'Video: {{title}}',
  },
};

export type ContentTranslation = TranslationShape<typeof contentEn>;
