import { describe, expect, it } from 'vitest';
import { labelFor, renderScreen } from '../test/render.tsx';
import { Field, onlyDigits } from './field.tsx';

const inputOf = (html: string) => /<input[^>]*>/.exec(html)?.[0] ?? '';

describe('Field', () => {
  it('labels its control and links the hint', () => {
    const html = renderScreen(
      <Field id="pan" label="PAN" hint="10 characters" value="" onChange={() => {}} />,
    );
    expect(labelFor(html, 'pan')).toBe('PAN');
    const input = inputOf(html);
    expect(input).toContain('class="field__control"');
    expect(input).not.toContain('aria-invalid');
    const hintId = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`<p class="field__hint" id="${hintId}">10 characters</p>`);
  });

  it('an error replaces the hint, is announced, and marks the control invalid', () => {
    const html = renderScreen(
      <Field id="pan" label="PAN" hint="10 characters" error="Check the PAN" value="" onChange={() => {}} />,
    );
    const input = inputOf(html);
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('class="field__control field__control--invalid"');
    const errorId = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`<p class="field__error" id="${errorId}" role="alert">Check the PAN</p>`);
    expect(html).not.toContain('10 characters');
  });

  it('keepHint: the hint stays under the error, both described (error first)', () => {
    const html = renderScreen(
      <Field label="City" hint="Suggestions" error="Too long" keepHint value="" onChange={() => {}} />,
    );
    const ids = /aria-describedby="([^"]+)"/.exec(inputOf(html))?.[1]?.split(' ') ?? [];
    expect(ids).toHaveLength(2);
    expect(html).toContain(`<p class="field__error" id="${ids[0]}" role="alert">Too long</p>`);
    expect(html).toContain(`<p class="field__hint" id="${ids[1]}">Suggestions</p>`);
  });

  it('no hint and no error: nothing described', () => {
    const input = inputOf(renderScreen(<Field label="Name" value="" onChange={() => {}} />));
    expect(input).not.toContain('aria-describedby');
    expect(input).not.toContain('inputMode');
  });

  it('digitsOnly offers the numeric keypad unless inputMode says otherwise', () => {
    expect(inputOf(renderScreen(<Field label="Code" digitsOnly value="" onChange={() => {}} />))).toContain(
      'inputMode="numeric"',
    );
    expect(
      inputOf(
        renderScreen(<Field label="Amount" digitsOnly inputMode="decimal" value="" onChange={() => {}} />),
      ),
    ).toContain('inputMode="decimal"');
    expect(
      inputOf(renderScreen(<Field label="Code" controlClassName="x" value="" onChange={() => {}} />)),
    ).toContain('class="field__control x"');
  });

  it('onlyDigits drops everything but digits, then caps at maxLength', () => {
    expect(onlyDigits('12a3-4 5')).toBe('12345');
    expect(onlyDigits('+91 98765 43210', 10)).toBe('9198765432');
    expect(onlyDigits('abc')).toBe('');
    expect(onlyDigits('123', 0)).toBe('');
  });
});
