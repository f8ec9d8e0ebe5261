import { AADHAAR_FORMAT_MESSAGE } from './aadhaar.ts';
import { BANK_ACCOUNT_MESSAGE, IFSC_MESSAGE } from './bank.ts';
import { EMAIL_INVALID_MESSAGE } from './email.ts';
import { FIRST_NAME_CHARACTERS_MESSAGE, FIRST_NAME_LENGTH_MESSAGE } from './first-name.ts';
import {
  FIELD_REQUIRED_MESSAGE,
  GAME_USER_ID_SPACES_MESSAGE,
  SOLANA_WALLET_MESSAGE,
  STEAM_ID_MESSAGE,
  STEAM_LINK_MESSAGE,
} from './game-login.ts';
import { PAN_FORMAT_MESSAGE } from './pan.ts';
import { INDIAN_MOBILE_MESSAGE, PHONE_INVALID_MESSAGE } from './phone-messages.ts';
import { JPEG_ONLY_MESSAGE } from './upload.ts';
import {
  POG_USERNAME_LENGTH_MESSAGE,
  PROFILE_USERNAME_LENGTH_MESSAGE,
  USERNAME_SPACES_MESSAGE,
  USERNAME_SPECIAL_CHARACTERS_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from './username.ts';

/**
 * The rules' messages under their stable codes: part of the API's message catalogue (the contract's
 * `validationMessages`), and here so a screen can translate a rule it ran itself by code.
 */
export const VALIDATION_MESSAGES = {
  AADHAAR_FORMAT: AADHAAR_FORMAT_MESSAGE,
  BANK_ACCOUNT: BANK_ACCOUNT_MESSAGE,
  IFSC: IFSC_MESSAGE,
  EMAIL_INVALID: EMAIL_INVALID_MESSAGE,
  FIRST_NAME_CHARACTERS: FIRST_NAME_CHARACTERS_MESSAGE,
  FIRST_NAME_LENGTH: FIRST_NAME_LENGTH_MESSAGE,
  FIELD_REQUIRED: FIELD_REQUIRED_MESSAGE,
  GAME_USER_ID_SPACES: GAME_USER_ID_SPACES_MESSAGE,
  SOLANA_WALLET: SOLANA_WALLET_MESSAGE,
  STEAM_ID: STEAM_ID_MESSAGE,
  STEAM_LINK: STEAM_LINK_MESSAGE,
  PAN_FORMAT: PAN_FORMAT_MESSAGE,
  PHONE_INVALID: PHONE_INVALID_MESSAGE,
  INDIAN_MOBILE: INDIAN_MOBILE_MESSAGE,
  JPEG_ONLY: JPEG_ONLY_MESSAGE,
  POG_USERNAME_LENGTH: POG_USERNAME_LENGTH_MESSAGE,
  PROFILE_USERNAME_LENGTH: PROFILE_USERNAME_LENGTH_MESSAGE,
  USERNAME_SPACES: USERNAME_SPACES_MESSAGE,
  USERNAME_SPECIAL_CHARACTERS: USERNAME_SPECIAL_CHARACTERS_MESSAGE,
  USERNAME_TAKEN: USERNAME_TAKEN_MESSAGE,
} as const;
export type ValidationMessageCode = keyof typeof VALIDATION_MESSAGES;

/** The code of a rule's message (what `validatePogUsername` and the other rules return). */
export function validationMessageCode(message: string): ValidationMessageCode | undefined {
  for (const [code, text] of Object.entries(VALIDATION_MESSAGES))
    if (text === message) return code as ValidationMessageCode;
  return undefined;
}
