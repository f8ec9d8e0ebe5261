import './money/money.css';
import { type ReactNode, useId } from 'react';
import { cleanAmountInput } from '../lib/money-text.ts';
import { type FieldProps, onlyDigits, useFieldMessages } from './field.tsx';

export interface AmountFieldProps
  extends Pick<FieldProps, 'label' | 'hint' | 'error' | 'keepHint' | 'placeholder'> {
  /** The typed text (parse it with `parseTypedAmount`). */
  value: string;
  /** The text after the filter: digits and a decimal point or comma, or digits only with `wholeUnits`. */
  onValueChange: (value: string) => void;
  /** The currency's mark or name, in the box beside the number. */
  unit: ReactNode;
  /** Where the unit stands: after the number (`K-Cash`, the default) or before it (`₹`). */
  unitPosition?: 'start' | 'end';
  /** Amounts in whole units: only digits can be typed, with the numeric keypad. */
  wholeUnits?: boolean;
  /** A button at the end of the box ('Use all'). */
  action?: ReactNode;
  /** Under the box, above the hint or error (quick amounts). */
  children?: ReactNode;
}

/** What the amount box keeps of what is typed or pasted. */
export function keptAmountText(text: string, wholeUnits: boolean): string {
  return wholeUnits ? onlyDigits(text) : cleanAmountInput(text);
}

/**
 * An amount with its currency: the big number box of the money screens, labelled, with the hint or
 * the error of a Field (linked with `aria-describedby`, an error sets `aria-invalid` and is announced).
 */
export function AmountField({
  label,
  hint,
  error,
  keepHint,
  placeholder,
  value,
  onValueChange,
  unit,
  unitPosition = 'end',
  wholeUnits = false,
  action,
  children,
}: AmountFieldProps) {
  const id = useId();
  const { hasError, controlProps, messages } = useFieldMessages({ hint, error, keepHint });
  const unitMark = (
    <span className="amount-input__unit" aria-hidden="true">
      {unit}
    </span>
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`amount-input${hasError ? ' amount-input--invalid' : ''}`}>
        {unitPosition === 'start' && unitMark}
        <input
          id={id}
          className="amount-input__control"
          inputMode={wholeUnits ? 'numeric' : 'decimal'}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(e) =>
            onValueChange(wholeUnits ? onlyDigits(e.target.value) : cleanAmountInput(e.target.value))
          }
          {...controlProps}
        />
        {unitPosition === 'end' && unitMark}
        {action}
      </div>
      {children}
      {messages}
    </div>
  );
}
