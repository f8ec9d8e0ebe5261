import {
  PREFERRED_PLATFORMS,
  PRODUCT_ROLES,
  type PreferredPlatform,
  type ProductRole,
} from '@khel/core/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useProfessions, useUpdateProfessions } from '../api/professions.ts';

type Field = 'productRole' | 'preferredPlatform';

/**
 * Product role (SPEC §3: Newbie … Crafter) and preferred platform, each saved when chosen. A failed
 * save shows the SPEC §8 text: 'Error updating Khel role' or 'Error updating platform'.
 */
export function PreferencesForm() {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const professions = useProfessions();
  const update = useUpdateProfessions();
  const [failed, setFailed] = useState<Field | null>(null);
  const [saved, setSaved] = useState<Field | null>(null);
  const [saving, setSaving] = useState<Field | null>(null);

  const save = (field: Field, value: string) => {
    if (!value) return;
    setFailed(null);
    setSaved(null);
    setSaving(field);
    const change =
      field === 'productRole'
        ? { productRole: value as ProductRole }
        : { preferredPlatform: value as PreferredPlatform };
    update.mutate(change, {
      onSuccess: () => setSaved(field),
      onError: () => setFailed(field),
      onSettled: () => setSaving(null),
    });
  };

  const status = { failed, saved, saving };
  const roles = professions.data?.productRoles.length ? professions.data.productRoles : PRODUCT_ROLES;
  const platforms = professions.data?.preferredPlatforms.length
    ? professions.data.preferredPlatforms
    : PREFERRED_PLATFORMS;

  return (
    <section className="card profile-section" aria-labelledby="preferences-title">
      <h2 className="section-title" id="preferences-title">
        {t('account.profile.preferences.title')}
      </h2>
      {professions.isPending && <LoadingState />}
      {professions.isError && (
        <ErrorState message={describeError(professions.error)} onRetry={() => void professions.refetch()} />
      )}
      {professions.data && (
        <div className="field-row">
          <PreferenceSelect
            field="productRole"
            label={t('account.profile.preferences.role')}
            value={professions.data.productRole}
            options={roles}
            optionLabel={(role) => t(`account.profile.preferences.roles.${role}`)}
            status={status}
            onSave={save}
          />
          <PreferenceSelect
            field="preferredPlatform"
            label={t('account.profile.preferences.platform')}
            value={professions.data.preferredPlatform}
            options={platforms}
            optionLabel={(platform) => t(`account.profile.preferences.platforms.${platform}`)}
            status={status}
            onSave={save}
          />
        </div>
      )}
    </section>
  );
}

/** One preference: its options, saved as soon as one is chosen, and how the save went. */
function PreferenceSelect<T extends string>({
  field,
  label,
  value,
  options,
  optionLabel,
  status,
  onSave,
}: {
  field: Field;
  label: string;
  value: T | null | undefined;
  options: readonly T[];
  optionLabel: (option: T) => string;
  status: { failed: Field | null; saved: Field | null; saving: Field | null };
  onSave: (field: Field, value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control field__control--select"
        value={value ?? ''}
        disabled={status.saving !== null}
        aria-invalid={status.failed === field || undefined}
        onChange={(e) => onSave(field, e.target.value)}
      >
        <option value="" disabled>
          {t('account.profile.preferences.choose')}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      <FieldStatus field={field} failed={status.failed} saved={status.saved} saving={status.saving} />
    </div>
  );
}

function FieldStatus({
  field,
  failed,
  saved,
  saving,
}: {
  field: Field;
  failed: Field | null;
  saved: Field | null;
  saving: Field | null;
}) {
  const { t } = useTranslation();
  if (saving === field) return <Spinner size="sm" />;
  if (failed === field) {
    return (
      <p className="field__error" role="alert">
        {t(
          field === 'productRole'
            ? 'account.profile.preferences.roleFailed'
            : 'account.profile.preferences.platformFailed',
        )}
      </p>
    );
  }
  if (saved === field) {
    return (
      <p className="field__status field__status--ok" role="status">
        {t('account.profile.preferences.saved')}
      </p>
    );
  }
  return null;
}
