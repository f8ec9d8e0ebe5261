// @khel/ui/referrals: the invite capture. Its default export is ReferralCapture, so an app can
// `lazy(() => import('@khel/ui/referrals'))` with the smallest stub in its first download.
export { ReferralCapture, ReferralCapture as default } from './components/referral-capture.tsx';
