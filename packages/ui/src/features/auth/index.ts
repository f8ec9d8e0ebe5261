export { getAuthProviders, useAuthProviders } from './api/auth-providers.ts';
export { type DisconnectInput, disconnectMethod, useDisconnectMethod } from './api/disconnect-method.ts';
export { linkGoogle, signInWithGoogle } from './api/google-sign-in.ts';
export { sendLinkPhoneCode, verifyLinkPhone } from './api/link-phone.ts';
export { logout, useLogout } from './api/logout.ts';
export { type RequestCodeInput, requestCode, useRequestCode } from './api/register.ts';
export { getSiweChallenge, linkSiwe, type SiweProof, signInWithSiwe } from './api/siwe.ts';
export { getSocialAuthStatus, useSocialAuthStatus } from './api/social-auth-status.ts';
export { signInWithTelegram, useTelegramSignIn } from './api/telegram-sign-in.ts';
export { useVerifyCode, type VerifyCodeInput, verifyCode } from './api/verify.ts';
export { exchangeWhatsappCode, signInWithWhatsapp, type WhatsappLoginInput } from './api/whatsapp-login.ts';
export { CountrySelect, useCountryOptions } from './components/country-select.tsx';
export { LinkedMethods } from './components/linked-methods.tsx';
export {
  defaultCountry,
  LOGIN_STEP,
  LoginFlow,
  type LoginFlowProps,
  OTP_PHONE_KEY,
} from './components/login-flow.tsx';
export { LoginModal } from './components/login-modal.tsx';
export { LoginScreen } from './components/login-screen.tsx';
export { OtpInput } from './components/otp-input.tsx';
export { SignInCallback } from './components/sign-in-callback.tsx';
export { SignInMethods } from './components/sign-in-methods.tsx';
export { useAfterSignInEnv } from './hooks/use-after-sign-in.ts';
export { useLoginRetry } from './hooks/use-login-retry.ts';
export { useRedirectSignIn } from './hooks/use-redirect-sign-in.ts';
export { useWalletSignIn, type WalletStatus } from './hooks/use-wallet-sign-in.ts';
export {
  type AfterSignInEnv,
  afterPhoneVerificationFailed,
  afterPhoneVerified,
  afterSignIn,
  CLAN_CHIEF_FLOW_KEY,
  CLAN_CHIEF_REGISTRATION_KEY,
  isVerificationFailure,
  pageKindOf,
  QUEST_SIGN_IN_KEY,
  type SignInMethod,
} from './lib/after-sign-in.ts';
export { type LoginRetryView, readLoginRetry } from './lib/login-retry.ts';
export { formatCountdown, isCompleteOtp, sanitizeOtp } from './lib/otp.ts';
// The phone check is not re-exported: it and libphonenumber's metadata load with the phone step.
export type { PhoneCheck } from './lib/phone.ts';
export {
  hasRedirectCallback,
  PENDING_REDIRECT_KEY,
  type PendingRedirect,
  type RedirectCallback,
  type RedirectIntent,
  type RedirectProvider,
  readRedirectCallback,
  startRedirect,
} from './lib/redirect-sign-in.ts';
export {
  type EvmWallet,
  EvmWalletError,
  type EvmWalletErrorCode,
  type EvmWalletStep,
  type SignedSiweMessage,
  type SignInOptions,
  SignInOptionsProvider,
  type SiweChallenge,
  useSignInOptions,
} from './sign-in-options.tsx';
