import { HomeScreen } from '@khel/ui/home';
import { hapticOnGain } from '../haptics.ts';

/** Home in the Mini App: the shared feed, with a haptic on every gain. */
export default function MiniAppHomeScreen() {
  return <HomeScreen onGain={hapticOnGain} />;
}
