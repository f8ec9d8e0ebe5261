// XP and levels (GET /progression, GET /progression/rules): the level card /home shows.
export {
  getProgression,
  getProgressionRules,
  useProgression,
  useProgressionRules,
} from './api/get-progression.ts';
export { LevelCard } from './components/level-card.tsx';
export { SeasonCard } from './components/season-card.tsx';
