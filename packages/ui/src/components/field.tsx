import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'children'> {
  label: ReactNode;
  /** Under the control while there is no error. */
  hint?: ReactNode;
  /** Shown under the control instead of the hint; marks the control invalid and is announced. */
  error?: ReactNode;
  /** The hint stays under the error (a hint the user still needs then, e.g. where suggestions come from). */
  keepHint?: boolean;
  /**
   * Only digits can be typed or pasted (codes, account numbers, amounts in whole units): anything
   * else is dropped before `onChange` / `onValueChange` see the value, which `maxLength` also caps.
   * The numeric keypad is offered unless `inputMode` says otherwise.
   */
  digitsOnly?: boolean;
  /** The control's value after the digits filter. */
  onValueChange?: (value: string) => void;
  /** Extra classes of the control (`field__control` is always there). */
  controlClassName?: string;
  /** Extra classes of the wrapper (`field` is always there). */
  className?: string;
}

/** Keeps the digits of `value`, at most `maxLength` of them. */
export function onlyDigits(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength !== undefined && maxLength >= 0 ? digits.slice(0, maxLength) : digits;
}

/**
 * The hint or (instead) the error under a control, and what links the control to them: ids for
 * `aria-describedby`, `aria-invalid` while there is an error (which is announced). Field uses it, and
 * so do fields whose control is more than one input (AmountField).
 */
export function useFieldMessages({
  hint,
  error,
  keepHint = false,
}: Pick<FieldProps, 'hint' | 'error' | 'keepHint'>) {
  const errorId = useId();
  const hintId = useId();
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const showHint = Boolean(hint) && (!hasError || keepHint);
  const describedBy = [hasError ? errorId : null, showHint ? hintId : null].filter(Boolean).join(' ');
  const messages = (
    <>
      {hasError && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      {showHint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </>
  );
  return {
    hasError,
    /** Spread on the control. */
    controlProps: { 'aria-invalid': hasError || undefined, 'aria-describedby': describedBy || undefined },
    /** Under the control. */
    messages,
  };
}

/** A labelled input with its hint or error, linked with `aria-describedby` and `aria-invalid`. */
export function Field({
  label,
  hint,
  error,
  keepHint = false,
  digitsOnly,
  onValueChange,
  controlClassName,
  className,
  id: givenId,
  inputMode,
  onChange,
  ...input
}: FieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const { hasError, controlProps, messages } = useFieldMessages({ hint, error, keepHint });
  const classes = ['field__control'];
  if (hasError) classes.push('field__control--invalid');
  if (controlClassName) classes.push(controlClassName);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    if (digitsOnly) {
      const filtered = onlyDigits(event.target.value, input.maxLength);
      if (filtered !== event.target.value) event.target.value = filtered;
    }
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={classes.join(' ')}
        inputMode={inputMode ?? (digitsOnly ? 'numeric' : undefined)}
        {...controlProps}
        onChange={change}
      />
      {messages}
    </div>
  );
}
