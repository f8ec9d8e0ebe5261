// The profile request is shared (the store reads the profile's country): it lives in src/api.
export { getProfile, getProfileQueryOptions, profileQueryKey, useProfile } from '../../../api/get-profile.ts';
