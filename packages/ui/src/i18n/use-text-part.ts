import { useTranslation } from 'react-i18next';
import { hasTextPart, loadTextPart, type TextPart } from './text-parts.ts';

/**
 * Suspends the calling screen until a text part is loaded for the current language (the nearest
 * <Suspense> shows its loading state meanwhile); returns at once when it already is.
 *
 * The pending load is thrown, not passed to `use()`: `use()` may replay the same mount once the
 * load resolves, and in that replay the part is loaded, so the call would be skipped and the hooks
 * after it would not line up (React error 467, "Update hook called on initial render", which left
 * a page that opened with a provider's sign-in answer blank). A thrown promise makes React render
 * the screen again from the start instead.
 */
export function useTextPart(part: TextPart): void {
  const { i18n } = useTranslation();
  if (!hasTextPart(i18n, part)) throw loadTextPart(i18n, part);
}
