export { getPlaceList, usePlaceList } from './api/get-place-list.ts';
export { getProfile, getProfileQueryOptions, profileQueryKey, useProfile } from './api/get-profile.ts';
export { getProfessions, type Professions, updateProfessions, useProfessions } from './api/professions.ts';
export { requestEmailCode, useRequestEmailCode } from './api/update-email.ts';
export { updateProfile, useUpdateProfile } from './api/update-profile.ts';
export { updateUsername, useUpdateUsername } from './api/update-username.ts';
export {
  checkJpeg,
  NotJpegError,
  uploadProfilePicture,
  useUploadProfilePicture,
} from './api/upload-profile-picture.ts';
export { useVerifyEmail, verifyEmail } from './api/verify-email.ts';
export { type UsernameAvailability, verifyUsername } from './api/verify-username.ts';
export { type UsernameCheck, useUsernameAvailability } from './hooks/use-username-availability.ts';
export { greetingName, signedInIdentity } from './lib/identity.ts';
export { changesOf, detailErrors, draftOf, usernameRuleError } from './lib/profile-rules.ts';
