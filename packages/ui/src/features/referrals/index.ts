export { ReferralCapture } from './components/referral-capture.tsx';
