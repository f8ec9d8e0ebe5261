// Shared, light entry: providers, layout, states, i18n, UI store and the sign-in guard.
// Screens live behind their own entries (@khel/ui/auth, /home, /profile, /legal, /not-found)
// so the apps can code-split them.

// Re-exported so the apps translate with the same react-i18next the providers set up.
export { Trans, useTranslation } from 'react-i18next';
export { AppProviders } from './app/app-providers.tsx';
export { APP_MODALS } from './app/modals.ts';
export { MINI_APP_TABS } from './components/app-tabs.ts';
export { Button, type ButtonProps, type ButtonVariant } from './components/button.tsx';
export { EmptyState } from './components/empty-state.tsx';
export { ErrorState } from './components/error-state.tsx';
export { Field, type FieldProps, onlyDigits } from './components/field.tsx';
export { LanguagePicker } from './components/language-picker.tsx';
export { LoadingState } from './components/loading-state.tsx';
export {
  Alert,
  AlertHost,
  type AlertProps,
  Notice,
  type NoticeProps,
  type NoticeTone,
} from './components/notice.tsx';
export { Page, type PageProps } from './components/page.tsx';
export { type ChatShare, ChatShareContext, ShareToChatButton } from './components/share-to-chat.tsx';
export { Spinner } from './components/spinner.tsx';
export { signInWithTelegram, useTelegramSignIn } from './features/auth/api/telegram-sign-in.ts';
export { RedirectIfSignedIn } from './features/auth/components/redirect-if-signed-in.tsx';
export { RequireSignIn } from './features/auth/components/require-sign-in.tsx';
export { hasRedirectCallback } from './features/auth/lib/redirect-callback.ts';
export {
  type EvmWallet,
  EvmWalletError,
  type EvmWalletErrorCode,
  type EvmWalletStep,
  type SignedSiweMessage,
  type SignInOptions,
  SignInOptionsProvider,
  type SiweChallenge,
} from './features/auth/sign-in-options.tsx';
export { leaveGameTarget } from './features/games/lib/leave-game.ts';
export { useDisplayFlags } from './hooks/use-display-flags.ts';
export { useErrorMessage } from './hooks/use-error-message.ts';
export { PAGE_VIEW_EVENT, PageViews, type PageViewTracker, usePageViews } from './hooks/use-page-views.ts';
export { useUserLocation } from './hooks/use-user-location.ts';
export * from './i18n/index.ts';
export { isApiError, shouldRetry, unwrap } from './lib/api-result.ts';
export { type DisplayFlags, isInFrame, parseDisplayFlags } from './lib/display-flags.ts';
export type { PrimaryAction, PrimaryActionListener, SecondaryAction } from './lib/primary-action.ts';
export {
  type CountryGroup,
  countryGroupOf,
  isValidStoredLocation,
  readStoredLocation,
  regionOf,
  type StoredLocation,
} from './lib/user-location.ts';
export {
  ApiContext,
  type ApiContextValue,
  type Platform,
  useApi,
  useIsSignedIn,
} from './providers/api-context.ts';
export { type AppFeedback, AppFeedbackContext } from './providers/app-feedback.ts';
export { type AppProvidersProps, createQueryClient } from './providers/app-providers.tsx';
export { type ModalRegistry, useModalRegistry } from './providers/modal-registry.ts';
export {
  GROWTH_PATHS,
  LEGAL_ROUTES,
  type LegalDocumentId,
  type LegalHref,
  type LegalRoute,
  type RouteTitleKey,
  SCREEN_PATHS,
} from './routes/route-table.ts';
export * from './stores/ui-store.ts';
