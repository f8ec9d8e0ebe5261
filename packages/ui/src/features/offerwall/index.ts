// @khel/ui/offerwall: /offerwall/ and /quest-details/{slug}/offerwall, and the wall's address request.
export { getOfferwallUrl, offerwallUrlQueryKey, useOfferwallUrl } from './api/get-offerwall-url.ts';
export { OfferwallScreen } from './components/offerwall-screen.tsx';
