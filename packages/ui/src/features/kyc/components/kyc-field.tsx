import { type InputHTMLAttributes, useId } from 'react';

export interface KycFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: string | undefined;
  /** Shown under the field (and announced) instead of the hint. */
  error?: string | undefined;
  /** Hides the typed characters without making it a password field (no password-manager prompt). */
  masked?: boolean;
  mono?: boolean;
}

/** A labelled input with its hint or error, wired for screen readers. */
export function KycField({ label, hint, error, masked, mono, ...input }: KycFieldProps) {
  const id = useId();
  const noteId = useId();
  const note = error ?? hint;
  const classes = ['field__control'];
  if (error) classes.push('field__control--invalid');
  if (masked) classes.push('kyc-field--masked');
  if (mono) classes.push('kyc-field--mono');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={classes.join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {error ? (
        <p className="field__error" id={noteId} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className="field__hint" id={noteId}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
