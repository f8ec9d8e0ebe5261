import type { ApiMessageTranslations } from '../api-messages.ts';
import type { ContentTranslation } from './content-en.ts';

/** Brazilian Portuguese texts of the content part. */
export const contentPtBR: ContentTranslation = {
  section: {
    title: 'Artigos e vídeos',
    article: 'Artigo',
    video: 'Vídeo',
    more: 'Ver mais',
  },
  article: {
    minutes: '{{count, number}} min de leitura',
    published: 'Publicado em {{date}}',
    inEnglish: 'Mostrado em inglês: ainda não há versão no seu idioma.',
    notFound: 'Este artigo não está aqui',
    notFoundBody: 'Pode ter sido retirado, ou o link está errado.',
    videoNotFound: 'Este vídeo não está aqui',
    home: 'Voltar ao início',
  },
  video: {
    play: 'Assistir “{{title}}”',
    privacy: 'O player só carrega de {{host}} quando você toca em assistir.',
    frameTitle: 'Vídeo: {{title}}',
  },
};

/** The content API's messages in Brazilian Portuguese. */
export const contentPtBRApi: ApiMessageTranslations = {
  CONTENT_NOT_FOUND: 'Este artigo ou vídeo não existe ou não foi publicado.',
};
