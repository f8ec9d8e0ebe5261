// @khel/ui/utm-capture: the short-link capture alone (no schemas), default export for `lazy()`.
export { UtmCapture, UtmCapture as default } from './components/utm-capture.tsx';
