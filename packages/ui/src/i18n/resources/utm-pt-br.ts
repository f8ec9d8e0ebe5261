import type { ApiMessageTranslations } from '../api-messages.ts';
import type { UtmTranslation } from './utm-en.ts';

/** The UTM link generator part in Brazilian Portuguese. */
export const utmPtBR: UtmTranslation = {
  title: 'Gerador de links UTM',
  intro: 'Crie um link curto para uma missão ou uma campanha K-Drop, compartilhe e veja quem chegou por ele.',
  signInToStart: 'Entre para criar links e ver os resultados.',
  form: {
    heading: 'Novo link',
    target: 'Link para',
    targetQuest: 'Uma missão',
    targetCampaign: 'Uma campanha',
    pickQuest: 'Missão',
    pickCampaign: 'Campanha',
    choose: 'Escolha…',
    noTargets: 'Ainda não há nada publicado para linkar.',
    source: 'Origem',
    sourceHint: 'Onde o link é compartilhado, ex.: instagram',
    medium: 'Mídia',
    mediumHint: 'Tipo de post, ex.: influencer',
    campaign: 'Nome da campanha',
    campaignHint: 'Seu nome para esta ação, ex.: diwali-2026',
    content: 'Conteúdo (opcional)',
    contentHint: 'Diferencia posts da mesma campanha, ex.: story-1',
    term: 'Termo (opcional)',
    termHint: 'Uma palavra-chave, para busca paga',
    charset: 'Apenas letras minúsculas, números, "_", "-" e ".".',
    required: 'Obrigatório.',
    submit: 'Criar o link',
    submitting: 'Criando…',
  },
  result: {
    heading: 'Seu link está pronto',
    shortLink: 'Link curto',
    fullLink: 'Link completo',
    copy: 'Copiar',
    copied: 'Copiado',
    copyFailed: 'Não foi possível copiar. Selecione o texto e copie.',
  },
  list: {
    heading: 'Meus links',
    empty: 'Nenhum link ainda. Crie o primeiro acima.',
    loadMore: 'Carregar mais',
    ended: 'Encerrado',
    clicks: 'Cliques',
    visits: 'Visitantes',
    signUps: 'Cadastros',
    questCompletions: 'Concluíram uma missão',
    resultsOf: 'Resultados de {{code}}',
  },
};

export const utmPtBRApi: ApiMessageTranslations = {
  UTM_VALUE: 'Use letras minúsculas, números, "_", "-" ou "." (começando com letra ou número).',
  UTM_TARGET_NOT_FOUND: 'Essa missão ou campanha não existe ou não foi publicada.',
  UTM_LINK_NOT_FOUND: 'Esse link não existe.',
  UTM_RATE_LIMIT: 'Muitos links criados. Aguarde um minuto.',
};
