import { formatDateTime } from '@khel/core/format';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/index.ts';

/** SPEC §9 `d/Mon/yy, hh:mm am/pm`, with the month and am/pm in the reader's language. */
export function useFormatDateTime(): (date: Date | number | string) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (date) => formatDateTime(date, { language });
}
