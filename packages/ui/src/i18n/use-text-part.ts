import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { hasTextPart, loadTextPart, type TextPart } from './text-parts.ts';

/**
 * Suspends the calling screen until a text part is loaded for the current language (the nearest
 * <Suspense> shows its loading state meanwhile); returns at once when it already is.
 */
export function useTextPart(part: TextPart): void {
  const { i18n } = useTranslation();
  if (!hasTextPart(i18n, part)) use(loadTextPart(i18n, part));
}
