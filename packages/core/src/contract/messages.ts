import { MESSAGES } from '../domain/messages.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';

/** The validation rules' messages (validation/messages.ts), in the catalogue under their codes. */
export const validationMessages = VALIDATION_MESSAGES;

/**
 * SPEC §8 texts (domain/messages.ts) the API sends or the screens show, under their codes. IN_PROGRESS
 * is also the `data.code` of a 409 while a money write is still running.
 */
export const sharedMessages = {
  SOMETHING_WENT_WRONG: MESSAGES.somethingWentWrong,
  API_FAILURE: MESSAGES.apiFailure,
  API_FAILURE_TRY_AGAIN: MESSAGES.apiFailureTryAgain,
  FETCH_FAILED: MESSAGES.fetchFailed,
  IN_PROGRESS: MESSAGES.conflictInProgress,
  NOT_ENOUGH_BALANCE: MESSAGES.notEnoughBalance,
  PAYMENT_FAILED: MESSAGES.paymentFailed,
  PAYMENT_SLOW: MESSAGES.paymentSlow,
  MISSION_FAILED: MESSAGES.missionFailed,
  MINT_FAILED: MESSAGES.mintFailed,
  REFRESH_LIMIT_REACHED: MESSAGES.refreshLimitReached,
  FACE_NOT_DETECTED: MESSAGES.faceNotDetected,
  CAMERA_NOT_FOUND: MESSAGES.cameraNotFound,
  PERMISSION_REQUIRED: MESSAGES.permissionRequired,
} as const;
