import { ClanChiefScreen, DiscoverClanScreen, MyClanScreen } from '@khel/ui/clans';
import { useLocation } from '@khel/ui/routing';
import { GamerClanFinder } from '@khel/ui/users';
import { openShare } from '../open-external.ts';

/**
 * Clans in the Mini App (/clan-chief/, /my-clan/, /discover-clan; deep links startapp=clan_<id> open a
 * clan's page at /discover-clan?clanId=<id>, startapp=myclan and clanchief the other two): the shared
 * screens, with invites shared through Telegram's share sheet. One lazy chunk for all of them.
 */
export default function MiniAppClanScreens() {
  const path = useLocation().pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/clan-chief') return <ClanChiefScreen openShare={openShare} />;
  if (path === '/my-clan') return <MyClanScreen openShare={openShare} />;
  return <DiscoverClanScreen gamerSearch={<GamerClanFinder />} />;
}
