// @khel/ui/utm: the utm-link-generator screen.
export { UtmLinkGeneratorScreen } from './components/utm-link-generator-screen.tsx';
