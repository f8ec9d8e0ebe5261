// @khel/ui/users: finding gamers (search box with recent searches) and the users capability's requests.
// The profile's NFTs and activity (components/profile-nfts.tsx, profile-activity.tsx) are lazy parts the
// profile screen imports by path, and the shared look-ups (api/get-gamer-by-username.ts,
// api/get-users-details.ts) are the clans' and POG's too: re-exported here, they made this chunk import the
// clans and POG chunks and the two profile parts for their side effects (issue 25's last screen over 45 KB).
export {
  searchGamers,
  useClearRecentSearches,
  useGamerSearch,
  useMyActivity,
  useMyNfts,
  useRecentSearches,
  useRecordRecentSearch,
} from './api/users-requests.ts';
export { GamerClanFinder, GamerSearch } from './components/gamer-search.tsx';
