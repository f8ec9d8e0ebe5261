import { describe, expect, it } from 'vitest';
import { labelFor, renderScreen } from '../test/render.tsx';
import { AmountField, type AmountFieldProps, keptAmountText } from './amount-field.tsx';

const inputOf = (html: string) => /<input[^>]*>/.exec(html)?.[0] ?? '';
const idOf = (input: string) => /id="([^"]+)"/.exec(input)?.[1] ?? '';
const noop = () => {};
/** An AmountField with a label, a unit and an empty value unless said. */
const render = (props: Partial<AmountFieldProps> = {}) =>
  renderScreen(<AmountField label="A" unit="U" value="" onValueChange={noop} {...props} />);

describe('AmountField', () => {
  it('labels a decimal input; the unit stands after it, hidden from screen readers', () => {
    const html = renderScreen(
      <AmountField label="Amount in USDT" unit="USDT" value="2.5" onValueChange={noop} />,
    );
    const input = inputOf(html);
    expect(labelFor(html, idOf(input))).toBe('Amount in USDT');
    expect(input).toContain('class="amount-input__control"');
    expect(input).toContain('inputMode="decimal"');
    expect(input).toContain('autoComplete="off"');
    expect(input).toContain('value="2.5"');
    expect(input).not.toContain('aria-invalid');
    expect(input).not.toContain('aria-describedby');
    expect(html).toContain(
      `<div class="amount-input">${input}<span class="amount-input__unit" aria-hidden="true">USDT</span></div>`,
    );
  });

  it('unitPosition="start" puts the unit before the number', () => {
    const html = renderScreen(
      <AmountField label="Amount in INR" unit="₹" unitPosition="start" value="" onValueChange={noop} />,
    );
    expect(html).toContain(`<span class="amount-input__unit" aria-hidden="true">₹</span>${inputOf(html)}`);
  });

  it('an error marks the box and the input invalid, is announced and replaces the hint', () => {
    const html = render({ unit: 'K-Cash', hint: 'Fee 1%', error: 'Too many decimals', value: '1.234' });
    const input = inputOf(html);
    expect(input).toContain('aria-invalid="true"');
    expect(html).toContain('<div class="amount-input amount-input--invalid">');
    const errorId = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`<p class="field__error" id="${errorId}" role="alert">Too many decimals</p>`);
    expect(html).not.toContain('Fee 1%');
  });

  it('keepHint keeps the hint under the error; the hint alone is described', () => {
    const both = inputOf(render({ hint: 'Available 5', error: 'Short', keepHint: true, value: '9' }));
    expect(/aria-describedby="([^"]+)"/.exec(both)?.[1]?.split(' ')).toHaveLength(2);
    const html = render({ hint: 'Available 5' });
    const hintId = /aria-describedby="([^"]+)"/.exec(inputOf(html))?.[1];
    expect(html).toContain(`<p class="field__hint" id="${hintId}">Available 5</p>`);
  });

  it('the action goes in the box after the unit, the children under the box and above the messages', () => {
    const html = render({
      hint: 'Hint',
      action: <button type="button">Use all</button>,
      children: <div className="chips">chips</div>,
    });
    expect(html).toMatch(
      /aria-hidden="true">U<\/span><button type="button">Use all<\/button><\/div><div class="chips">chips<\/div><p class="field__hint"/,
    );
  });

  it('wholeUnits: the numeric keypad, and only digits are kept', () => {
    expect(inputOf(render({ wholeUnits: true }))).toContain('inputMode="numeric"');
    expect(keptAmountText('1,234.5 ₹x', true)).toBe('12345');
    expect(keptAmountText('1,234.5 ₹x', false)).toBe('1,234.5');
  });
});
