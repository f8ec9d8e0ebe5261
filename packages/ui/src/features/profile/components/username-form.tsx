import type { Profile } from '@khel/core/contract';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useUpdateUsername } from '../api/update-username.ts';
import { type UsernameCheck, useUsernameAvailability } from '../hooks/use-username-availability.ts';

type UsernameStatus = { tone: string; text: string } | null;

/** What the field says under the name: invalid, taken, checking, available, current, or the check failed. */
function usernameStatus(
  check: UsernameCheck,
  takenOnSave: boolean,
  t: TFunction,
  describeError: (error: unknown) => string,
): UsernameStatus {
  return check.state === 'invalid'
    ? { tone: 'error', text: t(`account.profile.username.errors.${check.error}`) }
    : check.state === 'taken' || (takenOnSave && check.state !== 'available')
      ? { tone: 'error', text: t('account.profile.username.errors.taken') }
      : check.state === 'checking'
        ? { tone: 'muted', text: t('account.profile.username.checking') }
        : check.state === 'available'
          ? { tone: 'ok', text: t('account.profile.username.available') }
          : check.state === 'current'
            ? { tone: 'muted', text: t('account.profile.username.current') }
            : check.state === 'failed'
              ? { tone: 'error', text: describeError(check.error) }
              : null;
}

/** "@" and the name, with its status and the rules. */
export function UsernameField({
  value,
  onChange,
  status,
  checking,
}: {
  value: string;
  onChange: (value: string) => void;
  status: UsernameStatus;
  checking: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const statusId = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('account.profile.username.label')}
      </label>
      <div className={`prefixed-input ${status?.tone === 'error' ? 'prefixed-input--invalid' : ''}`}>
        <span className="prefixed-input__prefix" aria-hidden="true">
          @
        </span>
        <input
          id={id}
          className="prefixed-input__control"
          value={value}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          aria-invalid={status?.tone === 'error' ? true : undefined}
          aria-describedby={`${statusId} ${hintId}`}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p
        className={`field__status field__status--${status?.tone ?? 'muted'}`}
        id={statusId}
        aria-live="polite"
      >
        {checking && <Spinner size="sm" />}
        {status?.text}
      </p>
      <p className="field__hint" id={hintId}>
        {t('account.profile.username.hint')}
      </p>
    </div>
  );
}

/**
 * What choosing a username takes: the typed value, its live availability (GET /users/me/verify-username)
 * with the SPEC §5 texts, and the save (PUT /users/me/username). Shared by the profile's form and the
 * first-session prompt (username-prompt.tsx).
 */
export function useUsernameEditor(profile: Profile) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const save = useUpdateUsername();
  const [value, setValue] = useState(profile.username ?? '');
  const [saved, setSaved] = useState(false);
  const check = useUsernameAvailability(value, profile.username);
  const takenOnSave = isApiError(save.error) && save.error.status === 409;
  return {
    field: {
      value,
      onChange: (next: string) => {
        setValue(next);
        setSaved(false);
        save.reset();
      },
      status: usernameStatus(check, takenOnSave, t, describeError),
      checking: check.state === 'checking',
    },
    canSave: check.state === 'available',
    saving: save.isPending,
    saved,
    /** A failure the field does not show already (409 'Username already taken!' is shown there). */
    error: save.isError && !takenOnSave ? describeError(save.error) : null,
    submit: () => {
      setSaved(false);
      if (check.state !== 'available') return;
      save.mutate(value, { onSuccess: () => setSaved(true) });
    },
  };
}

/**
 * Username with live availability (GET /users/me/verify-username) and the SPEC §5 texts: spaces,
 * special characters, 5 to 10 characters, 'Username already taken!'.
 */
export function UsernameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const editor = useUsernameEditor(profile);
  return (
    <section className="card profile-section" aria-labelledby="username-title">
      <h2 className="section-title" id="username-title">
        {t('account.profile.username.title')}
      </h2>
      <SubmitForm onSubmit={editor.submit}>
        <UsernameField {...editor.field} />
        {editor.error && <Notice tone="error">{editor.error}</Notice>}
        {editor.saved && <Notice tone="success">{t('account.profile.username.saved')}</Notice>}
        <Button type="submit" variant="primary" block disabled={!editor.canSave} busy={editor.saving}>
          {t('account.profile.username.save')}
        </Button>
      </SubmitForm>
    </section>
  );
}
