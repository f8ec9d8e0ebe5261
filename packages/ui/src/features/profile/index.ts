export { getProfile, getProfileQueryOptions, profileQueryKey, useProfile } from './api/get-profile.ts';
export { ProfileScreen } from './components/profile-screen.tsx';
export { greetingName, signedInIdentity } from './lib/identity.ts';
