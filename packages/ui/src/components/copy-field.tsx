import { shortenForCopy } from '@khel/core/format';
import { useEffect, useId, useState } from 'react';
import { Button } from './button.tsx';

export interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  failedLabel: string;
}

/**
 * A value to copy: SPEC §9 shortens text over 30 characters on screen (`0x1234...cdef`); the
 * clipboard gets all of it. The full value stays in the title and for screen readers.
 */
export function CopyField({ label, value, copyLabel, copiedLabel, failedLabel }: CopyFieldProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const id = useId();

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="copy-field">
      <span className="field__label" id={id}>
        {label}
      </span>
      <div className="copy-field__row">
        <code className="copy-field__value" title={value} data-value={value}>
          <span aria-hidden="true">{shortenForCopy(value)}</span>
          <span className="visually-hidden">{value}</span>
        </code>
        <Button variant="secondary" size="small" aria-describedby={id} onClick={() => void copy()}>
          {state === 'copied' ? copiedLabel : copyLabel}
        </Button>
      </div>
      <p className="field__hint" role="status" aria-live="polite">
        {state === 'failed' ? failedLabel : ''}
      </p>
    </div>
  );
}
