import type { LegalDocumentId } from '@khel/ui';
import { lazy } from 'react';

// Each a chunk of its own, loaded from here so the first download lists none of their files (issue 25:
// every `import()` in the route table carries the list of chunks to preload with it).
const ProfileScreen = lazy(() => import('@khel/ui/profile').then((m) => ({ default: m.ProfileScreen })));
const DeleteAccountScreen = lazy(() =>
  import('@khel/ui/delete-account').then((m) => ({ default: m.DeleteAccountScreen })),
);
const BuyKcashScreen = lazy(() => import('@khel/ui/buy-kcash').then((m) => ({ default: m.BuyKcashScreen })));
const SwapScreen = lazy(() => import('@khel/ui/swap').then((m) => ({ default: m.SwapScreen })));
const StoreScreen = lazy(() => import('@khel/ui/k-store').then((m) => ({ default: m.StoreScreen })));
const PurchaseConfirmationScreen = lazy(() =>
  import('@khel/ui/purchase-confirmation').then((m) => ({ default: m.PurchaseConfirmationScreen })),
);
const TransactionHistoryScreen = lazy(() =>
  import('@khel/ui/transaction-history').then((m) => ({ default: m.TransactionHistoryScreen })),
);
const KycScreen = lazy(() => import('@khel/ui/kyc').then((m) => ({ default: m.KycScreen })));
const CollectEarningsScreen = lazy(() =>
  import('@khel/ui/collect-earnings').then((m) => ({ default: m.CollectEarningsScreen })),
);
// Growth (issue 14): the UTM link generator and the operators' analytics.
const UtmLinkGeneratorScreen = lazy(() =>
  import('@khel/ui/utm').then((m) => ({ default: m.UtmLinkGeneratorScreen })),
);
const OperatorAnalyticsScreen = lazy(() =>
  import('@khel/ui/operator-analytics').then((m) => ({ default: m.OperatorAnalyticsScreen })),
);
const OfferwallScreen = lazy(() =>
  import('@khel/ui/offerwall').then((m) => ({ default: m.OfferwallScreen })),
);
const FriendsScreen = lazy(() => import('@khel/ui/friends').then((m) => ({ default: m.FriendsScreen })));
const GamesScreen = lazy(() => import('@khel/ui/games').then((m) => ({ default: m.GamesScreen })));
const RkadeScreen = lazy(() => import('@khel/ui/games').then((m) => ({ default: m.RkadeScreen })));
const NotFoundScreen = lazy(() => import('@khel/ui/not-found').then((m) => ({ default: m.NotFoundScreen })));
const LegalScreen = lazy(() => import('@khel/ui/legal').then((m) => ({ default: m.LegalScreen })));

const SCREENS = {
  profile: ProfileScreen,
  deleteAccount: DeleteAccountScreen,
  buyKcash: BuyKcashScreen,
  swap: SwapScreen,
  kStore: StoreScreen,
  purchaseConfirmation: PurchaseConfirmationScreen,
  transactionHistory: TransactionHistoryScreen,
  kyc: KycScreen,
  collectEarnings: CollectEarningsScreen,
  utmLinkGenerator: UtmLinkGeneratorScreen,
  operatorAnalytics: OperatorAnalyticsScreen,
  offerwall: OfferwallScreen,
  friends: FriendsScreen,
  games: GamesScreen,
  rkade: RkadeScreen,
  notFound: NotFoundScreen,
} as const;

export type LaterScreenName = keyof typeof SCREENS | 'legal';

/**
 * The screens a visit seldom opens first: the signed-in user's own (profile, account deletion, money,
 * KYC, earnings), the growth tools, the offerwall, the games catalogue and the Rkade, the legal
 * documents and 'Page not found', behind one lazy module as
 * the community screens are (`community.tsx`); the route table in `app-routes.tsx` names the screen.
 * The shell fetches this small chunk once the first screen is up.
 */
export default function LaterScreens(
  props: { screen: keyof typeof SCREENS } | { screen: 'legal'; documentId: LegalDocumentId },
) {
  if (props.screen === 'legal') return <LegalScreen documentId={props.documentId} />;
  const Screen = SCREENS[props.screen];
  return <Screen />;
}
