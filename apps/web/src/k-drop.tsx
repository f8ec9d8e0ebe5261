import { lazy } from 'react';
import { useLocation } from 'react-router';

// Each a chunk of its own, loaded from here so the first download lists none of their files.
const CampaignsScreen = lazy(() =>
  import('@khel/ui/campaigns').then((m) => ({ default: m.CampaignsScreen })),
);
const CampaignDetailsScreen = lazy(() =>
  import('@khel/ui/campaigns').then((m) => ({ default: m.CampaignDetailsScreen })),
);
const RaffleVerifyScreen = lazy(() =>
  import('@khel/ui/campaigns').then((m) => ({ default: m.RaffleVerifyScreen })),
);

/**
 * K-Drop on the website (@khel/core/spa-routes CAMPAIGN_PATHS: /k-drop/campaigns,
 * /k-drop/campaigns/<slug> and its /verify page), behind the one `/k-drop/campaigns/*` route.
 */
export default function KDropScreens() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path.endsWith('/verify')) return <RaffleVerifyScreen />;
  if (/^\/k-drop\/campaigns\/[^/]+$/.test(path)) return <CampaignDetailsScreen />;
  return <CampaignsScreen />;
}
