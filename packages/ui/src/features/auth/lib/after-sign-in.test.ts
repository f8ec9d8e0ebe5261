import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AfterSignInEnv,
  afterPhoneVerificationFailed,
  afterSignIn,
  CLAN_CHIEF_FLOW_KEY,
  CLAN_CHIEF_REGISTRATION_KEY,
  isVerificationFailure,
  pageKindOf,
  QUEST_SIGN_IN_KEY,
} from './after-sign-in.ts';

function env(pathname: string) {
  const store = new Map<string, string>();
  const alerts: [string, string][] = [];
  const reload = vi.fn();
  const value: AfterSignInEnv = {
    pathname,
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    alert: (text, tone) => alerts.push([text, tone]),
    reload,
    setTimeout: (run, ms) => setTimeout(run, ms),
    now: () => 1_000,
  };
  return { env: value, store, alerts, reload };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('page kinds', () => {
  it('knows the quests, profile and clan-chief pages, with or without a trailing slash', () => {
    expect(pageKindOf('/k-quest/')).toBe('quests');
    expect(pageKindOf('/k-quest/dark-throne')).toBe('quests');
    expect(pageKindOf('/quest-details/summer-cup')).toBe('quests');
    expect(pageKindOf('/offerwall/')).toBe('quests');
    expect(pageKindOf('/profile/')).toBe('profile');
    expect(pageKindOf('/clan-chief')).toBe('clan-chief');
    expect(pageKindOf('/home')).toBe('other');
    expect(pageKindOf('/k-questionnaire')).toBe('other');
  });
});

describe('after a sign-in (SPEC §2)', () => {
  it("on /profile a verified phone shows 'phone number successfully verified' and reloads after 4 s", () => {
    const { env: e, alerts, reload } = env('/profile');
    afterSignIn(e, { method: 'phone', phone: '+919876543210' });
    expect(alerts).toEqual([['phoneVerified', 'success']]);
    vi.advanceTimersByTime(3_999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a WhatsApp sign-in verifies the phone too; a Google sign-in on /profile does not claim it', () => {
    const whatsapp = env('/profile');
    afterSignIn(whatsapp.env, { method: 'whatsapp', phone: '+5511987654321' });
    expect(whatsapp.alerts).toEqual([['phoneVerified', 'success']]);

    const google = env('/profile');
    afterSignIn(google.env, { method: 'google', phone: null });
    vi.advanceTimersByTime(10_000);
    expect(google.alerts).toEqual([]);
    expect(google.reload).not.toHaveBeenCalled();
  });

  it('on /clan-chief the verified phone is stored in the clan-chief registration data, keeping the rest', () => {
    const { env: e, store, reload } = env('/clan-chief/');
    store.set(CLAN_CHIEF_REGISTRATION_KEY, JSON.stringify({ clanName: 'Mumbai Mavericks' }));
    afterSignIn(e, { method: 'phone', phone: '+919876543210' });
    expect(JSON.parse(store.get(CLAN_CHIEF_REGISTRATION_KEY) ?? '{}')).toEqual({
      clanName: 'Mumbai Mavericks',
      phoneNumber: '+919876543210',
    });
    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('on a quests page the page refreshes at once, leaving a marker for the quest screen', () => {
    const { env: e, store, reload } = env('/quest-details/summer-cup');
    afterSignIn(e, { method: 'wallet' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(store.get(QUEST_SIGN_IN_KEY) ?? '{}')).toEqual({
      path: '/quest-details/summer-cup',
      method: 'wallet',
      at: 1_000,
    });
  });

  it('elsewhere nothing happens', () => {
    const { env: e, alerts, reload, store } = env('/home');
    afterSignIn(e, { method: 'phone', phone: '+919876543210' });
    vi.advanceTimersByTime(10_000);
    expect(alerts).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
    expect(store.size).toBe(0);
  });
});

describe('phone verification failure (SPEC §8)', () => {
  it("409 alerts 'phone number already exists' then reloads", () => {
    const { env: e, alerts, reload } = env('/profile');
    afterPhoneVerificationFailed(e, 409);
    expect(alerts).toEqual([['phoneAlreadyExists', 'error']]);
    vi.advanceTimersByTime(3_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("anything else alerts 'Something went wrong, Please try again!' then reloads", () => {
    const { env: e, alerts, reload } = env('/profile');
    afterPhoneVerificationFailed(e, 500);
    expect(alerts).toEqual([['somethingWentWrong', 'error']]);
    vi.advanceTimersByTime(3_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('on the clan-chief page only the ongoing-flow marker is cleared, without a reload', () => {
    const { env: e, store, reload, alerts } = env('/clan-chief');
    store.set(CLAN_CHIEF_FLOW_KEY, 'true');
    afterPhoneVerificationFailed(e, 409);
    expect(alerts).toEqual([['phoneAlreadyExists', 'error']]);
    expect(store.has(CLAN_CHIEF_FLOW_KEY)).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a wrong code or a 429 stays in the form; 409, server errors and no answer end the attempt', () => {
    expect([400, 401, 429].map(isVerificationFailure)).toEqual([false, false, false]);
    expect([409, 500, 503, 0].map(isVerificationFailure)).toEqual([true, true, true, true]);
  });
});
