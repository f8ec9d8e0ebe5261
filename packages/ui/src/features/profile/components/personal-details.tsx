import type { Profile } from '@khel/core/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useCountryOptions } from '../../../hooks/use-country-options.ts';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { usePlaceList } from '../api/get-place-list.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  changesOf,
  type DetailErrorKey,
  type DetailsDraft,
  type DetailsField,
  detailErrors,
  draftOf,
} from '../lib/profile-rules.ts';

/** First name (SPEC §5 rule), last name, country and the city and college suggested for it. */
export function PersonalDetails({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  const update = useUpdateProfile();
  const [draft, setDraft] = useState<DetailsDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Partial<Record<DetailsField, DetailErrorKey>>>({});
  const [saved, setSaved] = useState(false);
  const { options: countries, loaded } = useCountryOptions(currentLanguage(i18n));
  const cities = usePlaceList('cities', draft.country || null);
  const colleges = usePlaceList('colleges', draft.country || null);
  const countryId = useId();
  const cityListId = useId();
  const collegeListId = useId();
  const changes = changesOf(profile, draft);
  const dirty = Object.keys(changes).length > 0;

  const set = (field: DetailsField) => (value: string) => {
    setSaved(false);
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDraft((d) => {
      // A new country: the old city and college belonged to the old one (the API clears them too).
      if (field === 'country' && value !== d.country) return { ...d, country: value, city: '', college: '' };
      return { ...d, [field]: value };
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const found = detailErrors(changes);
    setErrors(found);
    if (Object.keys(found).length > 0 || !dirty) return;
    update.mutate(changes, {
      onSuccess: (next) => {
        setDraft(draftOf(next));
        setSaved(true);
      },
    });
  };

  const errorText = (field: DetailsField) => {
    const key = errors[field];
    return key ? t(`account.profile.details.errors.${key}`) : undefined;
  };

  return (
    <section className="card profile-section" aria-labelledby="personal-details-title">
      <h2 className="section-title" id="personal-details-title">
        {t('account.profile.details.title')}
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="field-row">
          <Field
            keepHint
            label={t('account.profile.details.firstName')}
            value={draft.first_name}
            onValueChange={set('first_name')}
            error={errorText('first_name')}
            autoComplete="given-name"
          />
          <Field
            keepHint
            label={t('account.profile.details.lastName')}
            value={draft.last_name}
            onValueChange={set('last_name')}
            error={errorText('last_name')}
            autoComplete="family-name"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={countryId}>
            {t('account.profile.details.country')}
          </label>
          <select
            id={countryId}
            className="field__control field__control--select"
            value={draft.country}
            aria-busy={!loaded}
            onChange={(e) => set('country')(e.target.value)}
          >
            <option value="">{t('account.profile.details.chooseCountry')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.flag} ${c.name}`}
              </option>
            ))}
            {draft.country && !countries.some((c) => c.code === draft.country) && (
              <option value={draft.country}>{draft.country}</option>
            )}
          </select>
        </div>
        <Field
          keepHint
          label={t('account.profile.details.city')}
          value={draft.city}
          onValueChange={set('city')}
          error={errorText('city')}
          autoComplete="address-level2"
          list={cityListId}
          hint={cities.data?.length ? t('account.profile.details.placeHint') : undefined}
        />
        <datalist id={cityListId}>
          {cities.data?.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <Field
          keepHint
          label={t('account.profile.details.college')}
          value={draft.college}
          onValueChange={set('college')}
          error={errorText('college')}
          autoComplete="organization"
          list={collegeListId}
          hint={colleges.data?.length ? t('account.profile.details.placeHint') : undefined}
        />
        <datalist id={collegeListId}>
          {colleges.data?.map((college) => (
            <option key={college} value={college} />
          ))}
        </datalist>
        {update.isError && <Notice tone="error">{describeError(update.error)}</Notice>}
        {saved && <Notice tone="success">{t('account.profile.details.saved')}</Notice>}
        <Button type="submit" variant="primary" block disabled={!dirty} busy={update.isPending}>
          {t('account.profile.details.save')}
        </Button>
      </form>
    </section>
  );
}
