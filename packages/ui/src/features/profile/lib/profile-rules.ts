import {
  isLastName,
  isPlaceName,
  LAST_NAME_MESSAGE,
  PLACE_NAME_MESSAGE,
  type Profile,
  type ProfilePatch,
} from '@khel/core/contract';
import {
  FIRST_NAME_CHARACTERS_MESSAGE,
  FIRST_NAME_LENGTH_MESSAGE,
  FIRST_NAME_SPACING_MESSAGE,
  PROFILE_USERNAME_LENGTH_MESSAGE,
  USERNAME_SPACES_MESSAGE,
  USERNAME_SPECIAL_CHARACTERS_MESSAGE,
  validateFirstName,
  validateProfileUsername,
} from '@khel/core/validation';

/** Keys of account.profile.details.errors, by the shared rules' English text. */
const DETAIL_ERROR_KEYS = {
  [FIRST_NAME_CHARACTERS_MESSAGE]: 'firstNameCharacters',
  [FIRST_NAME_SPACING_MESSAGE]: 'firstNameSpacing',
  [FIRST_NAME_LENGTH_MESSAGE]: 'firstNameLength',
  [LAST_NAME_MESSAGE]: 'lastName',
  [PLACE_NAME_MESSAGE]: 'place',
} as const;
export type DetailErrorKey = (typeof DETAIL_ERROR_KEYS)[keyof typeof DETAIL_ERROR_KEYS];

/** Keys of account.profile.username.errors (SPEC §5 texts). */
const USERNAME_ERROR_KEYS = {
  [USERNAME_SPACES_MESSAGE]: 'spaces',
  [USERNAME_SPECIAL_CHARACTERS_MESSAGE]: 'special',
  [PROFILE_USERNAME_LENGTH_MESSAGE]: 'length',
} as const;
export type UsernameErrorKey = (typeof USERNAME_ERROR_KEYS)[keyof typeof USERNAME_ERROR_KEYS] | 'taken';

export interface DetailsDraft {
  first_name: string;
  last_name: string;
  country: string;
  city: string;
  college: string;
}

export type DetailsField = keyof DetailsDraft;

export function draftOf(profile: Profile): DetailsDraft {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    country: profile.country ?? '',
    city: profile.city ?? '',
    college: profile.college ?? '',
  };
}

/**
 * The PATCH body: only fields that changed; an emptied optional field is `null` (cleared). The
 * first name cannot be cleared, so an empty one is checked (and refused) like any other value.
 */
export function changesOf(profile: Profile, draft: DetailsDraft): ProfilePatch {
  const before = draftOf(profile);
  const patch: Record<string, string | null> = {};
  for (const key of Object.keys(draft) as DetailsField[]) {
    const value = key === 'first_name' ? draft[key] : draft[key].trim();
    if (value === before[key]) continue;
    patch[key] = value === '' && key !== 'first_name' ? null : value;
  }
  return patch as ProfilePatch;
}

/**
 * Field errors of a change, with the same rules the API applies: the SPEC §5 first-name rule and
 * the contract's last name, country, city and college shapes.
 */
export function detailErrors(patch: ProfilePatch): Partial<Record<DetailsField, DetailErrorKey>> {
  const errors: Partial<Record<DetailsField, DetailErrorKey>> = {};
  if (patch.first_name !== undefined) {
    const message = validateFirstName(patch.first_name);
    if (message)
      errors.first_name = DETAIL_ERROR_KEYS[message as keyof typeof DETAIL_ERROR_KEYS] ?? 'firstNameLength';
  }
  // Cleared fields (null) are always allowed; the API checks the country code itself.
  if (typeof patch.last_name === 'string' && !isLastName(patch.last_name)) errors.last_name = 'lastName';
  if (typeof patch.city === 'string' && !isPlaceName(patch.city)) errors.city = 'place';
  if (typeof patch.college === 'string' && !isPlaceName(patch.college)) errors.college = 'place';
  return errors;
}

/** SPEC §5 username rule, checked before asking the API: the key of the first failure, or null. */
export function usernameRuleError(value: string): UsernameErrorKey | null {
  const message = validateProfileUsername(value);
  return message ? (USERNAME_ERROR_KEYS[message as keyof typeof USERNAME_ERROR_KEYS] ?? 'length') : null;
}
