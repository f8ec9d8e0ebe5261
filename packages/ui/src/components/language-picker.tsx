import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n/index.ts';
import { GlobeIcon } from './icons.tsx';

/** Language select; the choice is saved by the i18n instance (see createI18n). */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={`language-picker ${className ?? ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <GlobeIcon className="language-picker__icon" />
      <select
        id={id}
        className="language-picker__select"
        value={currentLanguage(i18n)}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
