import { lazy, Suspense } from 'react';
import { useIsSignedIn } from '../providers/api-context.ts';
import { type AppProvidersProps, AppProviders as SharedProviders } from '../providers/app-providers.tsx';
import { APP_MODALS } from './modals.ts';

// A chunk of its own: it reads the profile through the contract (zod), which the first download must not carry.
const AccountLanguage = lazy(() =>
  import('../features/profile/components/account-language.tsx').then((m) => ({ default: m.AccountLanguage })),
);

/** Signed in, the account's one language and the page's are kept in step (AccountLanguage). */
function SignedInLanguage() {
  return useIsSignedIn() ? (
    <Suspense fallback={null}>
      <AccountLanguage />
    </Suspense>
  ) : null;
}

/**
 * The providers with the app's modal registry (`APP_MODALS`) unless the front end passes its own `modals`,
 * and the account's one language kept in step with the page's.
 */
export function AppProviders({ modals = APP_MODALS, children, ...props }: AppProvidersProps) {
  return (
    <SharedProviders {...props} modals={modals}>
      <SignedInLanguage />
      {children}
    </SharedProviders>
  );
}
