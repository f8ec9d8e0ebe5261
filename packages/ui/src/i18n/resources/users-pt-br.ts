import type { ApiMessageTranslations } from '../api-messages.ts';
import type { UsersTranslation } from './users-en.ts';

/** Brazilian Portuguese texts of the users part. */
export const usersPtBR: UsersTranslation = {
  search: {
    title: 'Encontrar um gamer',
    label: 'Nome de usuário ou nome',
    placeholder: 'Comece a digitar um nome de usuário',
    recent: 'Buscas recentes',
    clear: 'Limpar',
    none: 'Nenhum gamer encontrado. Confira a grafia.',
    failed: 'A busca não funcionou. Tente de novo.',
    noClan: 'ainda sem clã',
  },
  nfts: {
    title: 'Meus NFTs',
    mint: 'Crie seu cartão POG',
    imageAlt: 'Cartão POG de {{name}}',
    token: '{{chain}} · token #{{id}}',
    minted: 'Criado em {{date}}',
    showcase: 'Vitrine',
    explorer: 'No explorador',
    chain: { evm: 'EVM', ton: 'TON' },
  },
  activity: {
    title: 'Minha atividade',
    older: 'Mais antigas',
    newer: 'Mais recentes',
    kind: {
      quest_completed: 'Terminou a quest',
      campaign_entered: 'Participou do K-Drop',
      clan_joined: 'Entrou no clã',
      pog_minted: 'Criou o cartão POG',
      earning_collected: 'Resgatou',
    },
  },
};

/** The users API's messages in Brazilian Portuguese. */
export const usersPtBRApi: ApiMessageTranslations = {
  USER_SEARCH: 'Digite de 1 a 30 letras, números, pontos ou sublinhados para buscar um gamer.',
  USER_NOT_FOUND: 'Nenhum gamer tem esse nome de usuário.',
  USER_BATCH: 'Envie de 1 a 100 ids de usuário.',
  USER_RECENT_NOT_FOUND: 'Este gamer não existe.',
  USER_SEARCH_RATE_LIMITED: 'Buscas demais. Espere um minuto e tente de novo.',
};
