// @khel/ui/users: finding gamers (search box with recent searches), the profile's NFTs and activity, and the
// users capability's requests.
export {
  couldBeUsername,
  gamerByUsernameQueryKey,
  getGamerByUsername,
  useGamerByUsername,
} from '../../api/get-gamer-by-username.ts';
export {
  getUsersDetails,
  loadUsersDetails,
  userDetailsQueryKey,
  usersDetailsQueryKey,
  useUsersDetails,
} from '../../api/get-users-details.ts';
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
export { ProfileActivity } from './components/profile-activity.tsx';
export { ProfileNfts } from './components/profile-nfts.tsx';
