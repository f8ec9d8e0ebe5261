import { OTP_LENGTH } from '@khel/core/contract';
import { type Ref, useState } from 'react';
import { sanitizeOtp } from '../lib/otp.ts';

export interface OtpInputProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Six boxes backed by one real input: typing advances box by box, pasting a code (or a whole SMS)
 * fills them all, and phones can offer the code from the SMS (autocomplete="one-time-code").
 */
export function OtpInput({ id, value, onChange, invalid, describedBy, disabled, ref }: OtpInputProps) {
  const [focused, setFocused] = useState(false);
  const active = Math.min(value.length, OTP_LENGTH - 1);
  return (
    <div className={`otp ${focused ? 'otp--focused' : ''} ${invalid ? 'otp--invalid' : ''}`}>
      <input
        ref={ref}
        id={id}
        className="otp__input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        spellCheck={false}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(sanitizeOtp(e.target.value))}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <div className="otp__cells" aria-hidden="true">
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          <span
            key={i}
            className={`otp__cell ${value[i] ? 'otp__cell--filled' : ''} ${focused && i === active ? 'otp__cell--active' : ''}`}
          >
            {value[i] ?? ''}
          </span>
        ))}
      </div>
    </div>
  );
}
