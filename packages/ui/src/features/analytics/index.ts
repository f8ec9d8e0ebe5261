// @khel/ui/operator-analytics: the operators' analytics dashboard (capability `analytics`).
export { OperatorAnalyticsScreen } from './components/operator-analytics-screen.tsx';
