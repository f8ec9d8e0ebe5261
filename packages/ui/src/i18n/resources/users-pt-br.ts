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
export const usersPtBRApi: Record<string, string> = {
  'Type 1 to 30 letters, digits, dots or underscores to search for a gamer.':
    'Digite de 1 a 30 letras, números, pontos ou sublinhados para buscar um gamer.',
  'No gamer has this username.': 'Nenhum gamer tem esse nome de usuário.',
  'Send 1 to 100 user ids.': 'Envie de 1 a 100 ids de usuário.',
  'This gamer does not exist.': 'Este gamer não existe.',
  'Too many searches. Please wait a minute and try again.':
    'Buscas demais. Espere um minuto e tente de novo.',
};
