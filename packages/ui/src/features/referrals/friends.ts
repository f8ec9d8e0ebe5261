// @khel/ui/friends: the friends screen (GET /referral/code, GET /referral/friends), its own chunk.
export { FriendsScreen } from './components/friends-screen.tsx';
