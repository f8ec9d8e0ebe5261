import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../../hooks/use-country-options.ts';
import { currentLanguage } from '../../../i18n/index.ts';

export {
  type CountryOption,
  PINNED_COUNTRIES,
  useCountryOptions,
} from '../../../hooks/use-country-options.ts';

export function CountrySelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (iso2: string, dialCode: string) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { options, loaded } = useCountryOptions(currentLanguage(i18n));
  return (
    <select
      id={id}
      className="field__control field__control--select"
      value={value}
      disabled={disabled}
      aria-busy={!loaded}
      onChange={(e) => {
        const option = options.find((o) => o.code === e.target.value);
        if (option) onChange(option.code, option.dialCode);
      }}
    >
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {`${o.flag} ${o.name} (${o.dialCode})`}
        </option>
      ))}
      {!loaded && <option disabled>{t('auth.countriesLoading')}</option>}
    </select>
  );
}
