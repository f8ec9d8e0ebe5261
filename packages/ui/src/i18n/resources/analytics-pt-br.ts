import type { ApiMessageTranslations } from '../api-messages.ts';
import type { AnalyticsTranslation } from './analytics-en.ts';

/** The operators' analytics part in Brazilian Portuguese. */
export const analyticsPtBR: AnalyticsTranslation = {
  title: 'Análises',
  tokenHeading: 'Acesso de operador',
  tokenIntro: 'Cole seu token de operador. Ele fica só nesta aba e some quando a aba fecha.',
  token: 'Token de operador',
  open: 'Abrir o painel',
  forget: 'Sair',
  badToken: 'Esse token foi recusado. Confira e tente de novo.',
  from: 'De',
  to: 'Até',
  apply: 'Mostrar',
  refreshedAt: 'Números até {{time}}',
  notRefreshed: 'Os números ainda não foram calculados; eles se atualizam a cada minuto.',
  csv: 'CSV',
  downloadCsv: 'Baixar {{report}} em CSV',
  overview: {
    heading: 'Atividade diária',
    activeUsers: 'Usuários ativos',
    sessions: 'Sessões',
    signUps: 'Cadastros',
    events: 'Eventos',
    byChannel: 'Sessões por canal',
    byDevice: 'Sessões por dispositivo',
  },
  funnel: {
    heading: 'Funil',
    visit: 'Visitas',
    sign_up: 'Cadastros',
    first_quest: 'Primeira missão',
    first_collect: 'Primeiro resgate',
    ofPrevious: '{{percent}} da etapa anterior',
  },
  signups: {
    heading: 'Cadastros',
    byMethod: 'Por método',
    byCountry: 'Por país',
  },
  utm: {
    heading: 'Links UTM',
    empty: 'Nenhum link teve visitas ou cadastros nesses dias.',
    link: 'Link',
    visits: 'Visitantes',
    signUps: 'Cadastros',
    questCompletions: 'Concluíram uma missão',
  },
  reports: { overview: 'atividade diária', funnel: 'o funil', signups: 'cadastros', utm: 'links UTM' },
};

export const analyticsPtBRApi: ApiMessageTranslations = {
  OPERATOR_UNAUTHORIZED: 'Credenciais de operador são obrigatórias.',
  OPERATOR_LOCAL_ONLY: 'Só a CLI de operador na própria máquina do servidor pode fazer isso.',
  ANALYTICS_RANGE: 'O período deve avançar e ter no máximo 366 dias.',
};
