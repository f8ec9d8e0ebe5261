import { FriendsScreen } from '@khel/ui/friends';
import { openShare } from '../open-external.ts';

/** /friends in the Mini App (`startapp=friends`): the shared screen, its invite shared through Telegram. */
export default function MiniAppFriendsScreen() {
  return <FriendsScreen openShare={openShare} />;
}
