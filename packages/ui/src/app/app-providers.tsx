import { type AppProvidersProps, AppProviders as SharedProviders } from '../providers/app-providers.tsx';
import { APP_MODALS } from './modals.ts';

/** The providers with the app's modal registry (`APP_MODALS`) unless the front end passes its own `modals`. */
export function AppProviders({ modals = APP_MODALS, ...props }: AppProvidersProps) {
  return <SharedProviders {...props} modals={modals} />;
}
