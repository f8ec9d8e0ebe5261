/** The progression module's public surface: other modules give XP through it (README.md). */
export {
  awardXp,
  awardXpAll,
  awardXpAllAnd,
  awardXpLater,
  awardXpLaterMany,
  type XpAwarded,
  xpFromSource,
  xpTotalsOf,
} from './progression.ts';
