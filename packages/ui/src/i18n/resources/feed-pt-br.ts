import type { ApiMessageTranslations } from '../api-messages.ts';
import type { FeedTranslation } from './feed-en.ts';

export const feedPtBR: FeedTranslation = {
  nav: {
    label: 'Principal',
    home: 'Início',
    quests: 'Missões',
    store: 'Loja',
    earnings: 'Ganhos',
    clan: 'Clã',
    pog: 'POG',
    profile: 'Perfil',
    kdrop: 'K-Drop',
    klash: 'Klash',
    rkade: 'Rkade',
    more: 'Mais no Khel',
  },
  landing: {
    title: 'Jogue. Complete missões. Veja seu saldo crescer.',
    pitch:
      'Cada missão concluída paga K-Cash, rKHEL ou K-Points no seu saldo Khel. Gaste na K-Store com gift cards, moedas de jogos e vouchers, ou resgate o que você ganhou.',
    currencies: 'O que você ganha',
    start: 'Começar a ganhar',
    browse: 'Ver missões',
  },
  pogPromo: {
    title: 'Proof of Gamer',
    text: 'Cunhe seu cartão POG: um avatar de IA, seu nome e bônus nas recompensas de missões e K-Drop.',
  },
  klashPromo: {
    title: 'Torneios Klash',
    text: 'Chaves e batalhas de pontos com prêmios em K-Cash. Entre solo ou com seu time.',
  },
  homeLead:
    'Resgate a recompensa de hoje, continue suas missões e colete o que você ganhou: cada missão concluída aumenta seu saldo.',
  balanceTitle: 'Seu saldo',
  spend: 'Gastar na K-Store',
  inProgress: 'Suas missões',
  nextStep: 'Próximo: {{task}}',
  allDone: 'Todas as tarefas concluídas: sua recompensa está a caminho',
  tasksDone: '{{done, number}} de {{total, number}} tarefas concluídas',
  noQuestsYet: 'Você não tem nenhuma missão em andamento. Escolha uma e ganhe sua primeira recompensa.',
  findQuest: 'Encontrar uma missão',
  featured: 'Missões em destaque',
  seeAll: 'Ver tudo',
  browseGames: 'Ver jogos',
  earnings: 'Pronto para resgatar',
  earningsReady: 'Ganhos prontos: {{count, number}}',
  noEarnings: 'Nada para resgatar ainda. Complete uma missão para ganhar K-Cash que você pode resgatar.',

  friendsPromo: {
    title: 'Convide amigos',
    text: '+{{xp, number}} XP para cada amigo que entrar pelo seu link.',
  },
  today: {
    title: 'Missões de hoje',
    lead: 'Elas voltam todo dia, semana e mês, e pagam toda vez.',
    done: '{{done, number}} de {{count, number}} feitas',
    recurrence: { daily: 'Diária', weekly: 'Semanal', monthly: 'Mensal' },
    newInHours: 'Nova em {{hours, number}} h {{minutes, number}} min',
    newInDays: 'Nova em {{days, number}} d {{hours, number}} h',
    start: 'Começar',
    continue: 'Continuar',
    completed: 'Feita',
    empty: 'Nenhuma missão repetida agora: volte amanhã.',
  },
  season: {
    result: 'Temporada {{number, number}} encerrada: você ficou em #{{rank, number}} e ganhou {{amount}}!',
    resultNoReward:
      'Temporada {{number, number}} encerrada: você ficou em #{{rank, number}}. Suba para as posições premiadas nesta temporada!',
    title: 'Temporada {{number, number}}',
    endsIn: 'Termina em {{days, number}} d {{hours, number}} h',
    ended: 'Encerrada: recompensas pagas',
    me: 'Você é #{{rank, number}} de {{count, number}} com {{xp, number}} XP',
    join: 'Ganhe XP para entrar no ranking desta temporada.',
    top: 'Topo da temporada',
    rewards: 'Recompensas por posição',
    each: '{{amount}} cada',
    rules:
      'Prêmio total: {{amount}}. As posições e recompensas ficam fixas a temporada toda; o que nenhuma posição levar volta para o prêmio.',
  },
  level: {
    perkNow:
      'Desbloqueado pelo seu nível: +{{amount}} em cada recompensa diária (cada nível soma mais, até o nível 11).',
    perkFirst: 'O nível 2 desbloqueia +{{amount}} em cada recompensa diária, e cada nível depois soma mais.',
    title: 'Seu nível',
    badge: 'Nível {{level, number}}',
    xp: '{{xp, number}} XP',
    toNext: 'Faltam {{left, number}} XP para o nível {{level, number}}',
    nextReward: 'Ao chegar lá, você ganha {{amount}}',
    barLabel: 'XP rumo ao nível {{level, number}}',
    gained: '+{{xp, number}} XP',
    reached: 'Nível {{level, number}}! Você ganhou {{amount}}.',
    howTo: 'Como ganhar XP',
    rule: '+{{xp, number}} XP',
    levels: 'Nível {{level, number}} com {{xp, number}} XP paga {{amount}}',
    recent: 'XP recente',
    empty: 'Conclua uma tarefa ou resgate a recompensa de hoje para ganhar seu primeiro XP.',
    sources: {
      username_chosen: 'Seu nome de usuário escolhido',
      quest_task: 'Tarefa de missão concluída',
      quest_complete: 'Missão concluída',
      campaign_finish: 'Campanha K-Drop finalizada',
      daily_claim: 'Recompensa diária resgatada',
      friend_joined: 'Um amigo entrou com seu convite',
      klash_result: 'Um torneio Klash jogado até o fim',
      klash_prize: 'Um prêmio ganho no Klash',
      pog_minted: 'Seu cartão POG cunhado',
      clan_quest: 'Uma missão do clã concluída',
      clan_war_won: 'Seu clã venceu uma guerra de clãs',
    },
  },
  daily: {
    levelBonus: 'Seu nível soma {{amount}} a cada recompensa diária.',
    title: 'Recompensa diária',
    streak: 'Sequência de {{count, number}} dias',
    startStreak: 'Comece sua sequência hoje',
    day: 'Dia {{day}}',
    claimedStep: '(resgatado)',
    claim: 'Resgatar {{amount}}',
    claimedNow: 'Você ganhou {{amount}}! Volte amanhã para manter sua sequência.',
    comeBack: 'Resgatado hoje. Volte amanhã para manter sua sequência.',
    frozenStep: '(coberto por uma proteção de sequência)',
    freezesHeld_one: '{{count, number}} proteção de sequência guardada, de {{max, number}}',
    freezesHeld_other: '{{count, number}} proteções de sequência guardadas, de {{max, number}}',
    freezesHint:
      'Uma proteção de sequência salva sua sequência quando você perde um dia. Você ganha uma a cada 7 dias seguidos.',
    buyFreeze: 'Comprar proteção por {{amount}}',
    freezesFull: 'Você já tem o máximo de proteções de sequência.',
    freezeBought: 'Proteção de sequência comprada.',
    freezeReady:
      'Você perdeu ontem, mas uma proteção de sequência vai cobrir o dia quando você resgatar hoje.',
    freezeUsed:
      'Uma proteção de sequência cobriu o dia que você perdeu: sua sequência de {{count, number}} dias continua!',
    freezeEarned: '{{count, number}} dias seguidos: você ganhou uma proteção de sequência!',
  },
};

/** The daily reward's API messages in Brazilian Portuguese. */
export const feedPtBRApi: ApiMessageTranslations = {
  DAILY_REWARD_CLAIMED: 'Você já resgatou a recompensa de hoje. Volte amanhã!',
  STREAK_FREEZE_LIMIT: 'Você já tem o máximo de proteções de sequência. Use uma antes de comprar outra.',
};
