import type { FormHTMLAttributes } from 'react';

export interface SubmitFormProps
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** Enter or the submit button: the page never reloads, the browser's own validation never runs. */
  onSubmit: () => void;
}

/**
 * The app's form: `noValidate` (every form checks its fields itself and says what is wrong in the
 * reader's language) and a submit that never leaves the page. Class, aria and other props pass on.
 */
export function SubmitForm({ onSubmit, children, ...rest }: SubmitFormProps) {
  return (
    <form
      {...rest}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
