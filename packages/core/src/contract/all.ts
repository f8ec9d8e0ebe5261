/**
 * The contract's files: one line each. A capability's file exports its route group as `<name>Routes`
 * (`storeRoutes`); `index.ts` merges every export whose name ends in `Routes` into the route table, so
 * a new capability is one line here and nothing else in the contract.
 */
export * from './account-deletion.ts';
export * from './analytics.ts';
export * from './auth.ts';
export * from './campaigns.ts';
export * from './clan-wars.ts';
export * from './clans.ts';
export * from './content.ts';
export * from './daily-rewards.ts';
export * from './earnings.ts';
export * from './envelope.ts';
export * from './games.ts';
export * from './identities.ts';
export * from './klash.ts';
export * from './kyc.ts';
export * from './leaderboards.ts';
export * from './location.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './offerwall.ts';
export * from './operators.ts';
export * from './paths.ts';
export * from './payments.ts';
export * from './pog.ts';
export * from './profile.ts';
export * from './progression.ts';
export * from './quest-sandboxes.ts';
export * from './quests.ts';
export * from './referrals.ts';
export * from './route.ts';
export * from './sharing.ts';
export * from './stars.ts';
export * from './store.ts';
export * from './system.ts';
export * from './text.ts';
export * from './third-party-clients.ts';
export * from './ton-deposits.ts';
export * from './transactions.ts';
export * from './translations.ts';
export * from './users.ts';
export * from './utm.ts';
export * from './wallets.ts';
