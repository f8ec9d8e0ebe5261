import { type ButtonHTMLAttributes, type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** `button` unless said otherwise, so a button inside a form never submits it by accident. */
  type?: 'button' | 'submit' | 'reset';
  variant?: ButtonVariant;
  size?: 'small';
  /** Full width. */
  block?: boolean;
  /**
   * The request it started is running: a spinner before the label, `aria-busy`, disabled (a second
   * tap or Enter cannot send it twice) and `busyLabel` as the accessible description. The accessible
   * name stays the label, so the button is found the same way busy or not.
   */
  busy?: boolean;
  /** Described while busy; `common.loading` ('Loading…') when not given. */
  busyLabel?: string;
  /** An icon before the label (a sign-in method's mark); the busy spinner takes its place. */
  icon?: ReactNode;
}

/** `onClick` unless busy: then the click is swallowed (and a submit button's form not sent). */
export function busyGuard(
  busy: boolean,
  onClick: ((event: MouseEvent<HTMLButtonElement>) => void) | undefined,
): (event: MouseEvent<HTMLButtonElement>) => void {
  return (event) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
}

/** The app's button: `button button--<variant>` with the busy state every request button needs. */
export function Button({
  type = 'button',
  variant,
  size,
  block,
  busy = false,
  busyLabel,
  icon,
  disabled,
  className,
  onClick,
  children,
  'aria-describedby': describedByOwn,
  ...rest
}: ButtonProps) {
  const { t } = useTranslation();
  const busyId = useId();
  const classes = ['button'];
  if (variant) classes.push(`button--${variant}`);
  if (size) classes.push(`button--${size}`);
  if (block) classes.push('button--block');
  if (className) classes.push(className);
  const describedBy = [describedByOwn, busy ? busyId : undefined].filter(Boolean).join(' ');
  return (
    <button
      type={type}
      className={classes.join(' ')}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      aria-describedby={describedBy || undefined}
      onClick={busyGuard(busy, onClick)}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : icon}
      {children}
      {busy && (
        <span hidden id={busyId}>
          {busyLabel ?? t('common.loading')}
        </span>
      )}
    </button>
  );
}
