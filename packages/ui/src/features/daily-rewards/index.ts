// The daily reward (GET /rewards/daily, POST /rewards/daily/claim, POST /rewards/daily/freezes): the card /home shows.
export { buyStreakFreeze, useBuyStreakFreeze } from './api/buy-streak-freeze.ts';
export { claimDailyReward, useClaimDailyReward } from './api/claim-daily-reward.ts';
export { dailyRewardQueryKey, getDailyReward, useDailyReward } from './api/get-daily-reward.ts';
export { DailyLadder, DailyRewardCard } from './components/daily-reward-card.tsx';
