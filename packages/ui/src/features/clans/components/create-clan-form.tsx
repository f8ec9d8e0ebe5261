import {
  CLAN_DASHBOARD_TYPES,
  CLAN_DESCRIPTION_MAX,
  CLAN_JOIN_POLICIES,
  type ClanDashboardType,
  type ClanJoinPolicy,
  type ClanStatus,
  isClanName,
} from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useCreateClan } from '../api/create-clan.ts';
import { CLAN_COUNTRIES, flagOf } from '../lib/clan-countries.ts';
import { waitingPeriodOf } from '../lib/clan-view.ts';
import { useCountryName, WaitNotice } from './clan-bits.tsx';
import { ClanImagePicker, UploadNotices, useSendAfterUploads } from './clan-image-picker.tsx';

/** Two or more choices as big tappable cards (radio buttons underneath). */
export function ChoiceCards<T extends string>({
  name,
  legend,
  values,
  value,
  label,
  onChange,
}: {
  name: string;
  legend: string;
  values: readonly T[];
  value: T;
  label: (v: T) => string;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="choice-cards">
      <legend className="field__label">{legend}</legend>
      <div className="choice-cards__row">
        {values.map((v) => (
          <label key={v} className={`choice-card${v === value ? ' choice-card--on' : ''}`}>
            <input type="radio" name={name} value={v} checked={v === value} onChange={() => onChange(v)} />
            <span>{label(v)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The clan's country, by flag and name. */
function CountrySelect({ value, onChange }: { value: string; onChange: (country: string) => void }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <div className="field">
      <label className="field__label" htmlFor="clan-country">
        {t('clans.create.country')}
      </label>
      <select
        id="clan-country"
        className="field__control field__control--select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {CLAN_COUNTRIES.map((o) => (
          <option key={o.code} value={o.code}>{`${flagOf(o.code)} ${countryName(o.code)}`}</option>
        ))}
      </select>
    </div>
  );
}

function DescriptionField({ value, onChange }: { value: string; onChange: (description: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor="clan-description">
        {t('clans.create.description')}
      </label>
      <textarea
        id="clan-description"
        className="field__control clan-textarea"
        rows={3}
        maxLength={CLAN_DESCRIPTION_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="field__hint">{t('clans.create.descriptionHint')}</p>
    </div>
  );
}

/** Who may join, and which dashboard the clan gets. */
function PolicyChoices({
  policy,
  onPolicy,
  dashboard,
  onDashboard,
}: {
  policy: ClanJoinPolicy;
  onPolicy: (policy: ClanJoinPolicy) => void;
  dashboard: ClanDashboardType;
  onDashboard: (dashboard: ClanDashboardType) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceCards
        name="join-policy"
        legend={t('clans.create.policy')}
        values={CLAN_JOIN_POLICIES}
        value={policy}
        label={(v) => t(`clans.policy.${v}`)}
        onChange={onPolicy}
      />
      <ChoiceCards
        name="dashboard-type"
        legend={t('clans.create.dashboard')}
        values={CLAN_DASHBOARD_TYPES}
        value={dashboard}
        label={(v) => t(`clans.dashboardType.${v}`)}
        onChange={onDashboard}
      />
    </>
  );
}

/** Creating is not allowed yet: a clan deleted too recently (the rules say so, or the API answered so). */
function recreateWait(status: ClanStatus, error: unknown) {
  const recreateAt = status.rules.minDateToRecreateClanAfterDelete;
  const early =
    recreateAt && Date.parse(recreateAt) > Date.now()
      ? { kind: 'recreate' as const, date: recreateAt }
      : null;
  return waitingPeriodOf(error, 'recreate') ?? early;
}

/** "Create your clan": name, city, country, description, logo and banner, join policy, dashboard type. */
export function CreateClanForm({ status }: { status: ClanStatus }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const create = useCreateClan();
  const [name, setName] = useState('');
  const [city, setCity] = useState(status.registration?.chiefCity ?? '');
  const [country, setCountry] = useState('IN');
  const [description, setDescription] = useState('');
  const [logo, setLogo] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [policy, setPolicy] = useState<ClanJoinPolicy>('OPEN');
  const [dashboard, setDashboard] = useState<ClanDashboardType>('k_quest');
  const [touched, setTouched] = useState(false);
  const nameOk = isClanName(name);
  const cityOk = city.trim().length > 0;
  const wait = recreateWait(status, create.error);
  const afterUploads = useSendAfterUploads(() =>
    create.mutate({
      clanName: name.trim(),
      city: city.trim(),
      country,
      description: description.trim(),
      logoImageId: logo,
      bannerImageId: banner,
      joinPolicy: policy,
      dashboardType: dashboard,
    }),
  );
  const submit = () => {
    setTouched(true);
    if (!nameOk || !cityOk || wait) return;
    afterUploads.request();
  };
  return (
    <section className="card clan-form" aria-labelledby="create-clan">
      <h2 className="clan-section__title" id="create-clan">
        {t('clans.create.title')}
      </h2>
      <p className="clan-section__hint">{t('clans.create.intro')}</p>
      <SubmitForm className="clan-form__fields" onSubmit={submit}>
        <Field
          label={t('clans.create.name')}
          value={name}
          maxLength={30}
          onValueChange={setName}
          hint={t('clans.create.nameHint')}
          keepHint
          error={touched && !nameOk ? t('clans.create.nameHint') : undefined}
        />
        <div className="clan-form__pair">
          <Field
            label={t('clans.create.city')}
            value={city}
            onValueChange={setCity}
            error={touched && !cityOk ? t('clans.registration.required') : undefined}
          />
          <CountrySelect value={country} onChange={setCountry} />
        </div>
        <DescriptionField value={description} onChange={setDescription} />
        <div className="clan-form__images">
          <ClanImagePicker
            kind="logo"
            label={t('clans.create.logo')}
            onChange={setLogo}
            onStatus={afterUploads.statusOf('logo')}
          />
          <ClanImagePicker
            kind="banner"
            label={t('clans.create.banner')}
            onChange={setBanner}
            onStatus={afterUploads.statusOf('banner')}
          />
        </div>
        <PolicyChoices
          policy={policy}
          onPolicy={setPolicy}
          dashboard={dashboard}
          onDashboard={setDashboard}
        />
        {wait && <WaitNotice wait={wait} />}
        <UploadNotices after={afterUploads} waiting={t('clans.create.waitingForImages')} />
        {create.isError && !waitingPeriodOf(create.error, 'recreate') && (
          <Notice tone="error">{describeError(create.error)}</Notice>
        )}
        <Button
          type="submit"
          variant="primary"
          block
          busy={create.isPending || afterUploads.queued}
          disabled={wait !== null}
        >
          {t('clans.create.submit')}
        </Button>
      </SubmitForm>
    </section>
  );
}
