import { loginRetryGate } from '@khel/core/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { labelFor, renderScreen } from '../../../test/render.tsx';
import { LoginFlow, OTP_PHONE_KEY } from './login-flow.tsx';

const idOf = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? '';

describe('LoginFlow, step 1: phone', () => {
  it("labels the picker 'Country' and the field 'Phone number', with India then Brazil first", () => {
    const html = renderScreen(<LoginFlow step={1} onStepChange={() => {}} />);
    expect(labelFor(html, idOf(html, /<select id="([^"]+)"[^>]*class="field__control/))).toBe('Country');
    expect(labelFor(html, idOf(html, /<input[^>]*id="([^"]+)"[^>]*type="tel"/))).toBe('Phone number');
    const options = [...html.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(options.slice(0, 2)).toEqual(['IN', 'BR']);
    expect(html).toMatch(/<option value="IN" selected="">[^<]*India \(\+91\)<\/option>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Send code<\/button>/);
  });

  it('starts on Brazil (+55) for a Portuguese (Brazil) user', () => {
    const html = renderScreen(<LoginFlow step={1} onStepChange={() => {}} />, { language: 'pt-BR' });
    expect(html).toMatch(/<option value="BR" selected="">[^<]*\(\+55\)<\/option>/);
    expect(html).toContain('>+55</span>');
    expect(html).toContain('Enviar código');
  });
});

describe('LoginFlow, step 2: code', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function codeStep() {
    const api = fakeApi({});
    api.session.set(OTP_PHONE_KEY, '+919876543210');
    loginRetryGate(api.session).codeSent(180_000);
    return api;
  }

  it("asks for the '6-digit code' sent to the number, with 'Verify'", () => {
    const html = renderScreen(<LoginFlow step={2} onStepChange={() => {}} />, { api: codeStep() });
    expect(labelFor(html, idOf(html, /<input id="([^"]+)" class="otp__input"/))).toBe('6-digit code');
    expect(html).toContain('We sent a 6-digit code to +91 98765 43210.');
    // Phones offer the code from the SMS; one field takes a pasted code whole.
    expect(html).toMatch(/autocomplete="one-time-code"/i);
    expect(html).toMatch(/inputmode="numeric"/i);
    expect(html).toMatch(/<button type="submit"[^>]*>Verify<\/button>/);
  });

  it("keeps 'Resend code' disabled for the 3:00 wait, then enables it", () => {
    const api = codeStep();
    const waiting = renderScreen(<LoginFlow step={2} onStepChange={() => {}} />, { api });
    expect(waiting).toMatch(
      /<button type="button" class="button button--ghost" disabled="">Resend code<\/button>/,
    );
    expect(waiting).toContain('You can ask for a new code in 3:00.');

    vi.advanceTimersByTime(180_000);
    const ready = renderScreen(<LoginFlow step={2} onStepChange={() => {}} />, { api });
    expect(ready).toMatch(/<button type="button" class="button button--ghost">Resend code<\/button>/);
    expect(ready).not.toContain('You can ask for a new code');
  });

  it('after a 429 it shows the too-many-attempts alert with the wait', () => {
    const api = fakeApi({});
    api.session.set(OTP_PHONE_KEY, '+919876543210');
    loginRetryGate(api.session).markTooManyAttempts(120_000);
    const html = renderScreen(<LoginFlow step={2} onStepChange={() => {}} />, { api });
    expect(html).toMatch(/role="alert">Too many attempts\. Please wait 2:00 before asking for a new code\.</);
  });

  it('without a number to verify it shows the phone step', () => {
    const html = renderScreen(<LoginFlow step={2} onStepChange={() => {}} />);
    expect(html).toContain('>Send code</button>');
  });
});
