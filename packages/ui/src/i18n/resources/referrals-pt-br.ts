import type { ReferralsTranslation } from './referrals-en.ts';

/** The friends part in Brazilian Portuguese. */
export const referralsPtBR: ReferralsTranslation = {
  title: 'Amigos',
  lead: 'Jogue com seus amigos: cada um que entrar pelo seu link te dá XP, e vocês sobem de nível juntos.',
  copy: 'Copiar',
  copied: 'Copiado!',
  copyFailed: 'Não deu para copiar. Selecione o link e copie.',
  invite: {
    title: 'Seu link de convite',
    lead: '+{{xp, number}} XP para cada amigo que entrar por ele.',
    create: 'Gerar meu link de convite',
    website: 'Link para o site',
    miniApp: 'Link para o app no Telegram',
    share: 'Compartilhe',
    shareText: 'Vem jogar comigo na Khel: missões, torneios e recompensas para gamers.',
    telegram: 'Telegram',
    whatsapp: 'WhatsApp',
    x: 'X',
  },
  stats: {
    joined: 'Amigos que entraram',
    xp: 'XP dos amigos',
  },
  list: {
    title: 'Seus amigos',
    empty: 'Nenhum amigo aqui ainda. Compartilhe seu link: quem entrar aparece aqui com o nível.',
    more: 'Mostrar mais',
  },
  friend: {
    joined: 'Entrou em {{date}}',
    level: 'Nível {{level, number}}',
    xp: '{{xp, number}} XP',
  },
};
