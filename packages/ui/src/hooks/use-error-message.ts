import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, translateApiMessage } from '../i18n/index.ts';
import { isApiError } from '../lib/api-result.ts';

/**
 * Turns a failed request into a sentence in the user's language: the API's message
 * (translated when we have it), a connection hint when nothing came back, or the generic text.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error)) {
        if (error.status === 0) return t('states.networkError');
        if (error.message)
          return translateApiMessage(error.messageCode, error.message, currentLanguage(i18n));
      }
      return t('states.genericError');
    },
    [t, i18n],
  );
}
