import type { Profile } from '@khel/core/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field, type FieldProps } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useCountryOptions } from '../../../hooks/use-country-options.ts';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { type PlaceKind, usePlaceList } from '../api/get-place-list.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  changesOf,
  type DetailErrorKey,
  type DetailsDraft,
  type DetailsField,
  detailErrors,
  draftOf,
} from '../lib/profile-rules.ts';

/** The details being edited, checked by the SPEC §5 rules; only what changed is sent. */
function useDetailsDraft(profile: Profile) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [draft, setDraft] = useState<DetailsDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Partial<Record<DetailsField, DetailErrorKey>>>({});
  const [saved, setSaved] = useState(false);
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

  const submit = () => {
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

  return { update, draft, saved, dirty, set, submit, errorText };
}

/** First name (SPEC §5 rule), last name, country and the city and college suggested for it. */
export function PersonalDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const { update, draft, saved, dirty, set, submit, errorText } = useDetailsDraft(profile);

  return (
    <section className="card profile-section" aria-labelledby="personal-details-title">
      <h2 className="section-title" id="personal-details-title">
        {t('account.profile.details.title')}
      </h2>
      <SubmitForm onSubmit={submit}>
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
        <CountrySelect value={draft.country} onChange={set('country')} />
        <PlaceField
          kind="cities"
          country={draft.country}
          label={t('account.profile.details.city')}
          value={draft.city}
          onValueChange={set('city')}
          error={errorText('city')}
          autoComplete="address-level2"
        />
        <PlaceField
          kind="colleges"
          country={draft.country}
          label={t('account.profile.details.college')}
          value={draft.college}
          onValueChange={set('college')}
          error={errorText('college')}
          autoComplete="organization"
        />
        {update.isError && <Notice tone="error">{describeError(update.error)}</Notice>}
        {saved && <Notice tone="success">{t('account.profile.details.saved')}</Notice>}
        <Button type="submit" variant="primary" block disabled={!dirty} busy={update.isPending}>
          {t('account.profile.details.save')}
        </Button>
      </SubmitForm>
    </section>
  );
}

/** The country list in the reader's language; a stored code not in it still shows (as its code). */
function CountrySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t, i18n } = useTranslation();
  const { options: countries, loaded } = useCountryOptions(currentLanguage(i18n));
  const countryId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={countryId}>
        {t('account.profile.details.country')}
      </label>
      <select
        id={countryId}
        className="field__control field__control--select"
        value={value}
        aria-busy={!loaded}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('account.profile.details.chooseCountry')}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.flag} ${c.name}`}
          </option>
        ))}
        {value && !countries.some((c) => c.code === value) && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}

/** A city or college: free text, with the places the API knows for the country as suggestions. */
function PlaceField({ kind, country, ...field }: { kind: PlaceKind; country: string } & FieldProps) {
  const { t } = useTranslation();
  const places = usePlaceList(kind, country || null);
  const listId = useId();
  return (
    <>
      <Field
        keepHint
        {...field}
        list={listId}
        hint={places.data?.length ? t('account.profile.details.placeHint') : undefined}
      />
      <datalist id={listId}>
        {places.data?.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
    </>
  );
}
