import { AccountLanguage } from '../features/profile/components/account-language.tsx';
import { type AppProvidersProps, AppProviders as SharedProviders } from '../providers/app-providers.tsx';
import { APP_MODALS } from './modals.ts';

/**
 * The providers with the app's modal registry (`APP_MODALS`) unless the front end passes its own `modals`,
 * and the account's one language kept in step with the page's.
 */
export function AppProviders({ modals = APP_MODALS, children, ...props }: AppProvidersProps) {
  return (
    <SharedProviders {...props} modals={modals}>
      <AccountLanguage />
      {children}
    </SharedProviders>
  );
}
