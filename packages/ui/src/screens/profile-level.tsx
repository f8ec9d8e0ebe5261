import { LevelCard } from '../features/progression/components/level-card.tsx';
import { CurrencyIcon } from '../features/quests/components/reward-chips.tsx';
import { useTextPart } from '../i18n/use-text-part.ts';

/**
 * The level card on /profile (issue 26: the level and its XP bar on home and the profile), in a chunk of its own
 * with the texts it shares with home, loaded after the profile's first paint.
 */
export function ProfileLevel() {
  useTextPart('feed');
  return <LevelCard icon={<CurrencyIcon currency="KPOINTS" />} />;
}
