import type { TranslationShape } from './en.ts';

/** The friends screen (/friends): invites, what friends gave, the friends and their levels. */
export const referralsEn = {
  title: 'Friends',
  lead: 'Play with your friends: each one who joins with your link gives you XP, and you climb the levels together.',
  copy: 'Copy',
  copied: 'Copied!',
  copyFailed: 'Could not copy. Select the link and copy it.',
  invite: {
    title: 'Your invite link',
    lead: '+{{xp, number}} XP for every friend who joins with it.',
    create: 'Get my invite link',
    website: 'Link to the website',
    miniApp: 'Link to the Telegram app',
    share: 'Share it',
    shareText: 'Join me on Khel: quests, tournaments and rewards for gamers.',
    telegram: 'Telegram',
    whatsapp: 'WhatsApp',
    x: 'X',
  },
  stats: {
    joined: 'Friends who joined',
    xp: 'XP from friends',
  },
  list: {
    title: 'Your friends',
    empty: 'No friends here yet. Share your link: the ones who join show up here with their level.',
    more: 'Show more',
  },
  friend: {
    joined: 'Joined {{date}}',
    level: 'Level {{level, number}}',
    xp: '{{xp, number}} XP',
  },
};

export type ReferralsTranslation = TranslationShape<typeof referralsEn>;
