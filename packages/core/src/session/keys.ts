/** Stored client keys (SPEC §3 "Stored client keys"), plus the tokens and analytics entries. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  idToken: 'idToken',
  userId: 'userId',
  loginMethod: 'loginMethod',
  /** Set when tokens are first stored after a sign-in; sent as the analytics loginSessionId. */
  loginSessionId: 'loginSessionId',
  /** AES-encrypted private key data. */
  encryptedPrivateKey: 'encryptedPrivateKey',
  walletAddress: 'walletAddress',
  isWalletSavedInDB: 'isWalletSavedInDB',
  /** JSON `{ countryCode, countryName }` (countryCode is the calling code, e.g. "+91"). */
  userLocationData: 'userLocationData',
  ipAddress: 'ipAddress',
  /** Absolute time (ms since epoch) before which no new sign-in code may be asked. */
  retryLoginAfter: 'retryLoginAfter',
  /** "true" after the API answered 429 to a code request, until retryLoginAfter passes. */
  tooManyAttempts: 'tooManyAttempts',
  businessId: 'businessId',
  gameId: 'gameId',
  language: 'language',
  userClan: 'userClan',
  clanState: 'clanState',
  clanId: 'clanId',
  socialConnectStatus: 'socialConnectStatus',
  currentTaskData: 'currentTaskData',
  analyticSessionId: 'analyticSessionId',
  /** Last analytics activity (ms since epoch), shared by all tabs. */
  analyticSessionTimestamp: 'analyticSessionTimestamp',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** SPEC §4: when a session ends only the location, IP, session id and timestamp entries are kept. */
export const KEPT_KEYS: readonly string[] = [
  STORAGE_KEYS.userLocationData,
  STORAGE_KEYS.ipAddress,
  STORAGE_KEYS.analyticSessionId,
  STORAGE_KEYS.analyticSessionTimestamp,
];
