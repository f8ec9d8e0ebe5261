import type { TranslationShape } from './en.ts';

/** English texts of the users part: finding gamers, the profile's NFTs and activity. */
export const usersEn = {
  search: {
    title: 'Find a gamer',
    label: 'Username or name',
    placeholder: 'Start typing a username',
    recent: 'Recent searches',
    clear: 'Clear',
    none: 'No gamer found. Check the spelling.',
    failed: 'The search did not work. Please try again.',
    noClan: 'no clan yet',
  },
  nfts: {
    title: 'My NFTs',
    mint: 'Mint your POG card',
    imageAlt: 'POG card of {{name}}',
    token: '{{chain}} · token #{{id}}',
    minted: 'Minted {{date}}',
    showcase: 'Showcase',
    explorer: 'On the explorer',
    chain: { evm: 'EVM', ton: 'TON' },
  },
  activity: {
    title: 'My activity',
    older: 'Older',
    newer: 'Newer',
    kind: {
      quest_completed: 'Finished the quest',
      campaign_entered: 'Entered the K-Drop',
      clan_joined: 'Joined the clan',
      pog_minted: 'Minted the POG card',
      earning_collected: 'Collected',
    },
  },
};

export type UsersTranslation = TranslationShape<typeof usersEn>;
