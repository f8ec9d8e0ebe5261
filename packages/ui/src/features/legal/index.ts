export {
  forgetLegalTexts,
  type LegalTextsState,
  loadLegalTexts,
  preloadLegalTexts,
  useLegalTexts,
} from './api/get-legal-texts.ts';
export { LegalScreen, type LegalScreenProps } from './components/legal-screen.tsx';
export type { LegalBlock, LegalDocument, LegalSection, LegalTexts } from './documents/types.ts';
