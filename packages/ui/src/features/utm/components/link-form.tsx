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
import { ErrorState } from '../../../components/error-state.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useGenerateUtmLink, useUtmValues } from '../api/utm-api.ts';

type FieldName = 'source' | 'medium' | 'campaign' | 'content' | 'term';
type Fields = Record<FieldName, string>;
const REQUIRED: FieldName[] = ['source', 'medium', 'campaign'];
const OPTIONAL: FieldName[] = ['content', 'term'];

/** The form's own check, the same rule as the contract's (the API checks again). */
function fieldError(name: FieldName, raw: string): 'required' | 'charset' | null {
  const value = raw.trim().toLowerCase();
  if (value === '') return REQUIRED.includes(name) ? 'required' : null;
  const max = REQUIRED.includes(name) ? UTM_VALUE_MAX : UTM_OPTIONAL_VALUE_MAX;
  return value.length <= max && UTM_VALUE_PATTERN.test(value) ? null : 'charset';
}

/** Quest or campaign, then which one. */
function TargetPicker({
  targetType,
  onTargetType,
  targets,
  slug,
  onSlug,
  missing,
}: {
  targetType: UtmTargetType;
  onTargetType: (type: UtmTargetType) => void;
  targets: ReadonlyArray<{ slug: string; title: string }>;
  slug: string;
  onSlug: (slug: string) => void;
  /** Submitted without a choice. */
  missing: boolean;
}) {
  const { t } = useTranslation();
  const targetId = useId();
  return (
    <>
      <fieldset className="chips bare-fieldset">
        <legend className="field__label">{t('utm.form.target')}</legend>
        {(['quest', 'campaign'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="chip"
            aria-pressed={targetType === type}
            onClick={() => onTargetType(type)}
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
            className={`field__control${missing ? ' field__control--invalid' : ''}`}
            value={slug}
            onChange={(e) => onSlug(e.target.value)}
          >
            <option value="">{t('utm.form.choose')}</option>
            {targets.map((target) => (
              <option key={target.slug} value={target.slug}>
                {target.title}
              </option>
            ))}
          </select>
          {missing && <p className="field__error">{t('utm.form.required')}</p>}
        </div>
      )}
    </>
  );
}

/** The five UTM values, source and medium suggesting the ones already used. */
function UtmValueFields({
  fields,
  setFields,
  errorText,
  sources,
  mediums,
}: {
  fields: Fields;
  setFields: (update: (fields: Fields) => Fields) => void;
  errorText: (name: FieldName) => string | undefined;
  sources: readonly string[];
  mediums: readonly string[];
}) {
  const { t } = useTranslation();
  const sourcesId = useId();
  const mediumsId = useId();
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
    <>
      <div className="utm-form__grid">
        {input('source', sourcesId)}
        {input('medium', mediumsId)}
        {input('campaign')}
        {input('content')}
        {input('term')}
      </div>
      <datalist id={sourcesId}>
        {sources.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <datalist id={mediumsId}>
        {mediums.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </>
  );
}

/** A new link: its target and UTM values, checked here and by the API. */
export function LinkForm({ onMade }: { onMade: (link: UtmLink) => void }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const values = useUtmValues();
  const generate = useGenerateUtmLink();
  const [targetType, setTargetType] = useState<UtmTargetType>('quest');
  const [slug, setSlug] = useState('');
  const [fields, setFields] = useState<Fields>({
    source: '',
    medium: '',
    campaign: '',
    content: '',
    term: '',
  });
  const [tried, setTried] = useState(false);

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

  return (
    <form className="utm-form" onSubmit={submit} noValidate>
      <TargetPicker
        targetType={targetType}
        onTargetType={(type) => {
          setTargetType(type);
          setSlug('');
        }}
        targets={targets}
        slug={slug}
        onSlug={setSlug}
        missing={tried && slugMissing}
      />
      <UtmValueFields
        fields={fields}
        setFields={setFields}
        errorText={errorText}
        sources={values.data.sources}
        mediums={values.data.mediums}
      />
      {generate.isError && <Notice tone="error">{describeError(generate.error)}</Notice>}
      <Button type="submit" variant="primary" block busy={generate.isPending}>
        {generate.isPending ? t('utm.form.submitting') : t('utm.form.submit')}
      </Button>
    </form>
  );
}
