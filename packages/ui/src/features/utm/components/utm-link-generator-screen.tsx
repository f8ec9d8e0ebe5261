import '../utm.css';
import {
  type GenerateUtmLinkBody,
  UTM_OPTIONAL_VALUE_MAX,
  UTM_VALUE_MAX,
  UTM_VALUE_PATTERN,
  type UtmLink,
  type UtmTargetType,
} from '@khel/core/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useGeneratedLinks, useGenerateUtmLink, useUtmValues } from '../api/utm-api.ts';
import { LinkResults } from './link-results.tsx';

type FieldName = 'source' | 'medium' | 'campaign' | 'content' | 'term';
const REQUIRED: FieldName[] = ['source', 'medium', 'campaign'];
const OPTIONAL: FieldName[] = ['content', 'term'];

/** The form's own check, the same rule as the contract's (the API checks again). */
function fieldError(name: FieldName, raw: string): 'required' | 'charset' | null {
  const value = raw.trim().toLowerCase();
  if (value === '') return REQUIRED.includes(name) ? 'required' : null;
  const max = REQUIRED.includes(name) ? UTM_VALUE_MAX : UTM_OPTIONAL_VALUE_MAX;
  return value.length <= max && UTM_VALUE_PATTERN.test(value) ? null : 'charset';
}

function LinkForm({ onMade }: { onMade: (link: UtmLink) => void }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const values = useUtmValues();
  const generate = useGenerateUtmLink();
  const [targetType, setTargetType] = useState<UtmTargetType>('quest');
  const [slug, setSlug] = useState('');
  const [fields, setFields] = useState<Record<FieldName, string>>({
    source: '',
    medium: '',
    campaign: '',
    content: '',
    term: '',
  });
  const [tried, setTried] = useState(false);
  const sourcesId = useId();
  const mediumsId = useId();
  const targetId = useId();

  if (values.isPending) return <LoadingState skeletonLines={4} />;
  if (values.isError)
    return <ErrorState message={describeError(values.error)} onRetry={() => void values.refetch()} />;

  const targets = targetType === 'quest' ? values.data.quests : values.data.campaigns;
  const errors = Object.fromEntries(
    [...REQUIRED, ...OPTIONAL].map((n) => [n, fieldError(n, fields[n])]),
  ) as Record<FieldName, ReturnType<typeof fieldError>>;
  const slugMissing = slug === '';
  const invalid = slugMissing || Object.values(errors).some(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid) return;
    const body: GenerateUtmLinkBody = {
      targetType,
      slug,
      source: fields.source.trim().toLowerCase(),
      medium: fields.medium.trim().toLowerCase(),
      campaign: fields.campaign.trim().toLowerCase(),
    };
    if (fields.content.trim()) body.content = fields.content.trim().toLowerCase();
    if (fields.term.trim()) body.term = fields.term.trim().toLowerCase();
    generate.mutate(body, { onSuccess: onMade });
  };

  const errorText = (name: FieldName) =>
    tried && errors[name]
      ? t(errors[name] === 'required' ? 'utm.form.required' : 'utm.form.charset')
      : undefined;
  const input = (name: FieldName, list?: string) => (
    <Field
      key={name}
      label={t(`utm.form.${name}`)}
      hint={t(`utm.form.${name}Hint`)}
      error={errorText(name)}
      name={name}
      value={fields[name]}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={REQUIRED.includes(name) ? UTM_VALUE_MAX : UTM_OPTIONAL_VALUE_MAX}
      list={list}
      onValueChange={(v) => setFields((f) => ({ ...f, [name]: v }))}
    />
  );

  return (
    <form className="utm-form" onSubmit={submit} noValidate>
      <fieldset className="chips bare-fieldset">
        <legend className="field__label">{t('utm.form.target')}</legend>
        {(['quest', 'campaign'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="chip"
            aria-pressed={targetType === type}
            onClick={() => {
              setTargetType(type);
              setSlug('');
            }}
          >
            {t(type === 'quest' ? 'utm.form.targetQuest' : 'utm.form.targetCampaign')}
          </button>
        ))}
      </fieldset>
      {targets.length === 0 ? (
        <Notice tone="info">{t('utm.form.noTargets')}</Notice>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={targetId}>
            {t(targetType === 'quest' ? 'utm.form.pickQuest' : 'utm.form.pickCampaign')}
          </label>
          <select
            id={targetId}
            name="slug"
            className={`field__control${tried && slugMissing ? ' field__control--invalid' : ''}`}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
          >
            <option value="">{t('utm.form.choose')}</option>
            {targets.map((target) => (
              <option key={target.slug} value={target.slug}>
                {target.title}
              </option>
            ))}
          </select>
          {tried && slugMissing && <p className="field__error">{t('utm.form.required')}</p>}
        </div>
      )}
      <div className="utm-form__grid">
        {input('source', sourcesId)}
        {input('medium', mediumsId)}
        {input('campaign')}
        {input('content')}
        {input('term')}
      </div>
      <datalist id={sourcesId}>
        {values.data.sources.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <datalist id={mediumsId}>
        {values.data.mediums.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {generate.isError && <Notice tone="error">{describeError(generate.error)}</Notice>}
      <Button type="submit" variant="primary" block busy={generate.isPending}>
        {generate.isPending ? t('utm.form.submitting') : t('utm.form.submit')}
      </Button>
    </form>
  );
}

function MadeLink({ link }: { link: UtmLink }) {
  const { t } = useTranslation();
  const copy = {
    copyLabel: t('utm.result.copy'),
    copiedLabel: t('utm.result.copied'),
    failedLabel: t('utm.result.copyFailed'),
  };
  return (
    <section className="card utm-made" aria-live="polite">
      <h2 className="section-title">{t('utm.result.heading')}</h2>
      <CopyField label={t('utm.result.shortLink')} value={link.shortUrl} {...copy} />
      <CopyField label={t('utm.result.fullLink')} value={link.targetUrl} {...copy} />
    </section>
  );
}

function MyLinks() {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const formatDateTime = useFormatDateTime();
  const links = useGeneratedLinks();
  const items = links.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="card" aria-labelledby="utm-my-links">
      <h2 className="section-title" id="utm-my-links">
        {t('utm.list.heading')}
      </h2>
      {links.isPending && <LoadingState skeletonLines={3} />}
      {links.isError && !links.data && (
        <ErrorState message={describeError(links.error)} onRetry={() => void links.refetch()} />
      )}
      {links.data && items.length === 0 && <EmptyState message={t('utm.list.empty')} />}
      {items.length > 0 && (
        <ul className="utm-links">
          {items.map((link) => (
            <li key={link.code} className="utm-link" data-code={link.code}>
              <div className="utm-link__head">
                <p className="utm-link__title">
                  {link.target.title}
                  {!link.target.live && <span className="utm-link__ended"> · {t('utm.list.ended')}</span>}
                </p>
                <p className="utm-link__meta">
                  {link.source} / {link.medium} / {link.campaign} · {formatDateTime(link.createdAt)}
                </p>
              </div>
              <CopyField
                label={link.code}
                value={link.shortUrl}
                copyLabel={t('utm.result.copy')}
                copiedLabel={t('utm.result.copied')}
                failedLabel={t('utm.result.copyFailed')}
              />
              <LinkResults link={link} />
            </li>
          ))}
        </ul>
      )}
      {links.hasNextPage && (
        <Button
          variant="secondary"
          block
          onClick={() => void links.fetchNextPage()}
          busy={links.isFetchingNextPage}
        >
          {t('utm.list.loadMore')}
        </Button>
      )}
    </section>
  );
}

/** SPEC §2 /utm-link-generator: make a short link to a quest or campaign, copy it, see each link's results. */
export function UtmLinkGeneratorScreen() {
  useTextPart('utm');
  const { t } = useTranslation();
  const [made, setMade] = useState<UtmLink | null>(null);
  return (
    <Page title={t('utm.title')} width="medium">
      <h1 className="page-title">{t('utm.title')}</h1>
      <p className="utm-intro">{t('utm.intro')}</p>
      <section className="card" aria-labelledby="utm-new-link">
        <h2 className="section-title" id="utm-new-link">
          {t('utm.form.heading')}
        </h2>
        <LinkForm onMade={setMade} />
      </section>
      {made && <MadeLink link={made} />}
      <MyLinks />
    </Page>
  );
}
