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
function UsernameField({
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
 * Username with live availability (GET /users/me/verify-username) and the SPEC §5 texts: spaces,
 * special characters, 5 to 10 characters, 'Username already taken!'.
 */
export function UsernameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const save = useUpdateUsername();
  const [value, setValue] = useState(profile.username ?? '');
  const [saved, setSaved] = useState(false);
  const check = useUsernameAvailability(value, profile.username);

  const takenOnSave = isApiError(save.error) && save.error.status === 409;
  const status = usernameStatus(check, takenOnSave, t, describeError);

  const submit = () => {
    setSaved(false);
    if (check.state !== 'available') return;
    save.mutate(value, { onSuccess: () => setSaved(true) });
  };

  return (
    <section className="card profile-section" aria-labelledby="username-title">
      <h2 className="section-title" id="username-title">
        {t('account.profile.username.title')}
      </h2>
      <SubmitForm onSubmit={submit}>
        <UsernameField
          value={value}
          onChange={(next) => {
            setValue(next);
            setSaved(false);
            save.reset();
          }}
          status={status}
          checking={check.state === 'checking'}
        />
        {save.isError && !takenOnSave && <Notice tone="error">{describeError(save.error)}</Notice>}
        {saved && <Notice tone="success">{t('account.profile.username.saved')}</Notice>}
        <Button
          type="submit"
          variant="primary"
          block
          disabled={check.state !== 'available'}
          busy={save.isPending}
        >
          {t('account.profile.username.save')}
        </Button>
      </SubmitForm>
    </section>
  );
}
