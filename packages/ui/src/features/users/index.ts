// @khel/ui/users: finding gamers (search box with recent searches), the profile's NFTs and activity, and the
// users capability's requests.
export {
  getGamerByUsername,
  searchGamers,
  useClearRecentSearches,
  useGamerSearch,
  useMyActivity,
  useMyNfts,
  useRecentSearches,
  useRecordRecentSearch,
} from './api/users-requests.ts';
export { GamerClanFinder, GamerSearch } from './components/gamer-search.tsx';
export { ProfileActivity } from './components/profile-activity.tsx';
export { ProfileNfts } from './components/profile-nfts.tsx';
