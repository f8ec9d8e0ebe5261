/**
 * SPEC §8 error catalogue and the other product texts the spec quotes, exact, with {product} read
 * as Khel (so r{product} is rKHEL). The UI's i18n resources use these as the English source.
 */
import { API_FAILURE, CONFLICT_IN_PROGRESS, FETCH_FAILED } from './client-messages.ts';

export const MESSAGES = {
  apiFailure: API_FAILURE,
  apiFailureTryAgain: 'API failure! Please try again',
  missionFailed: 'Mission failed!',
  mintFailed: 'Something broke while minting your POG card.',
  fetchFailed: FETCH_FAILED,
  somethingWentWrong: 'Something went wrong, Please try again!',
  paymentFailed: 'Payment Failed, Please try again!',
  refreshLimitReached: 'Refresh limit reached',
  faceNotDetected: 'Error: Face not detected!',
  cameraNotFound: 'Camera not found!',
  permissionRequired: 'Permission Required',
  preferencesMissingToken: 'Missing accessToken or payload. Cannot update preferences.',
  preferencesNoResponse: 'Failed to update preferences. No response data received.',
  updateRoleFailed: 'Error updating Khel role',
  updatePlatformFailed: 'Error updating platform',
  notEnoughBalance: 'Uh-oh! Not Enough K-Cash or rKHEL',
  paymentSlow: 'It is taking longer than usual to process your payment.',
  rewardClaimTransactionFailed:
    'Reward claim transaction failed. Please retry by signing the transaction again.',
  claimFailed: 'Claim Failed',
  connectionFailed: 'Connection failed',
  emptyList: 'Looks like there is nothing here yet',
  conflictInProgress: CONFLICT_IN_PROGRESS,
  phoneAlreadyExists: 'phone number already exists',
  phoneVerified: 'phone number successfully verified',
} as const;

export type MessageKey = keyof typeof MESSAGES;
