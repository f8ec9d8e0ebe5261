import type { TranslationShape } from './en.ts';

/**
 * English texts of the feed part: / for visitors (the pitch), /home's feed (balance, quests in
 * progress, earnings) and the daily reward. Plain texts with no imports, so the apps' vite configs
 * can read them for the first screen written into index.html (tooling/vite/first-screen-shell.ts).
 */
export const feedEn = {
  nav: {
    label: 'Main',
    home: 'Home',
    quests: 'Quests',
    store: 'Store',
    earnings: 'Earnings',
    clan: 'Clan',
    pog: 'POG',
    profile: 'Profile',
    kdrop: 'K-Drop',
    klash: 'Klash',
    rkade: 'Rkade',
    more: 'More in Khel',
  },
  landing: {
    title: 'Play games. Finish quests. Watch your balance grow.',
    pitch:
      'Every quest you finish pays K-Cash, rKHEL or K-Points into your Khel balance. Spend it in the K-Store on gift cards, game currency and vouchers, or collect what you earned.',
    currencies: 'What you earn',
    start: 'Start earning',
    browse: 'Browse quests',
  },
  pogPromo: {
    title: 'Proof of Gamer',
    text: 'Mint your POG card: an AI avatar, your name, and a boost on quest and K-Drop rewards.',
  },
  klashPromo: {
    title: 'Klash tournaments',
    text: 'Brackets and score battles with K-Cash prizes. Enter solo or with your team.',
  },
  homeLead:
    "Claim today's reward, carry on with your quests and collect what you earned: every quest you finish adds to your balance.",
  balanceTitle: 'Your balance',
  spend: 'Spend in the K-Store',
  inProgress: 'Your quests',
  nextStep: 'Next: {{task}}',
  allDone: 'Every task done: your reward is on its way',
  tasksDone: '{{done, number}} of {{total, number}} tasks done',
  noQuestsYet: 'You have no quest on the go. Pick one and earn your first reward.',
  findQuest: 'Find a quest',
  featured: 'Featured quests',
  seeAll: 'See all',
  browseGames: 'Browse games',
  earnings: 'Ready to collect',
  earningsReady: 'Earnings ready: {{count, number}}',
  noEarnings: 'Nothing to collect yet. Finish a quest to earn K-Cash you can collect.',

  friendsPromo: {
    title: 'Invite friends',
    text: '+{{xp, number}} XP for every friend who joins with your link.',
  },
  today: {
    title: 'Today’s quests',
    lead: 'They come back every day, week and month, and pay every time.',
    done: '{{done, number}} of {{count, number}} done',
    recurrence: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
    newInHours: 'New in {{hours, number}} h {{minutes, number}} min',
    newInDays: 'New in {{days, number}} d {{hours, number}} h',
    start: 'Start',
    continue: 'Continue',
    completed: 'Done',
    empty: 'No repeating quests right now: check back tomorrow.',
  },
  season: {
    result: 'Season {{number, number}} ended: you placed #{{rank, number}} and won {{amount}}!',
    resultNoReward:
      'Season {{number, number}} ended: you placed #{{rank, number}}. Climb into the paid ranks this season!',
    title: 'Season {{number, number}}',
    endsIn: 'Ends in {{days, number}} d {{hours, number}} h',
    ended: 'Ended: rewards paid',
    me: 'You are #{{rank, number}} of {{count, number}} with {{xp, number}} XP',
    join: 'Earn XP to get on this season’s board.',
    top: 'Top of the season',
    rewards: 'Rewards by rank',
    each: '{{amount}} each',
    rules:
      'Pool: {{amount}}. The ranks and rewards are fixed for the whole season; what no rank takes goes back to the pool.',
  },
  level: {
    short: 'Lv {{level, number}}',
    perkNow:
      'Unlocked by your level: +{{amount}} on every daily reward (each level adds more, up to level 11).',
    perkFirst: 'Level 2 unlocks +{{amount}} on every daily reward, and each level after adds more.',
    title: 'Your level',
    badge: 'Level {{level, number}}',
    xp: '{{xp, number}} XP',
    toNext: '{{left, number}} XP to level {{level, number}}',
    nextReward: 'Reaching it pays {{amount}}',
    barLabel: 'XP toward level {{level, number}}',
    gained: '+{{xp, number}} XP',
    reached: 'Level {{level, number}}! You got {{amount}}.',
    howTo: 'How to earn XP',
    rule: '+{{xp, number}} XP',
    levels: 'Level {{level, number}} at {{xp, number}} XP pays {{amount}}',
    recent: 'Latest XP',
    empty: 'Finish a task or claim today’s reward to earn your first XP.',
    sources: {
      username_chosen: 'Your username chosen',
      quest_task: 'A quest task done',
      quest_complete: 'A quest completed',
      campaign_finish: 'A K-Drop campaign finished',
      daily_claim: 'The daily reward claimed',
      friend_joined: 'A friend joined with your invite',
      klash_result: 'A Klash tournament played to the end',
      klash_prize: 'A prize won in Klash',
      pog_minted: 'Your POG card minted',
      clan_quest: 'A clan quest completed',
      clan_war_won: 'Your clan won a clan war',
    },
  },
  daily: {
    levelBonus: 'Your level adds {{amount}} to every daily reward.',
    title: 'Daily reward',
    streak: '{{count, number}}-day streak',
    startStreak: 'Start your streak today',
    day: 'Day {{day}}',
    claimedStep: '(claimed)',
    claim: 'Claim {{amount}}',
    claimedNow: 'You got {{amount}}! Come back tomorrow to keep your streak.',
    comeBack: 'Claimed today. Come back tomorrow to keep your streak.',
    frozenStep: '(covered by a streak freeze)',
    freezesHeld_one: '{{count, number}} streak freeze held, out of {{max, number}}',
    freezesHeld_other: '{{count, number}} streak freezes held, out of {{max, number}}',
    freezesHint:
      'A streak freeze saves your streak when you miss a day. You earn one every 7th day in a row.',
    buyFreeze: 'Buy a freeze for {{amount}}',
    freezesFull: 'You hold as many streak freezes as you can.',
    freezeBought: 'Streak freeze bought.',
    freezeReady: 'You missed yesterday, but a streak freeze will cover it when you claim today.',
    freezeUsed: 'A streak freeze covered the day you missed: your {{count, number}}-day streak goes on!',
    freezeEarned: 'Day {{count, number}} in a row: you earned a streak freeze!',
  },
};

export type FeedTranslation = TranslationShape<typeof feedEn>;
