import type { FormEvent, ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { SubmitForm } from './submit-form.tsx';

describe('SubmitForm', () => {
  it('noValidate, with the class, aria and other props it is given', () => {
    const html = renderScreen(
      <SubmitForm className="kyc-form" aria-label="PAN" onSubmit={() => {}}>
        <button type="submit">Verify</button>
      </SubmitForm>,
    );
    expect(html).toBe(
      '<form class="kyc-form" aria-label="PAN" noValidate=""><button type="submit">Verify</button></form>',
    );
  });

  it('a submit never reloads the page and calls onSubmit once', () => {
    const onSubmit = vi.fn();
    const form = SubmitForm({ onSubmit, children: null }) as ReactElement<{
      onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    }>;
    const event = { preventDefault: vi.fn() } as unknown as FormEvent<HTMLFormElement>;
    form.props.onSubmit(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledWith();
  });
});
