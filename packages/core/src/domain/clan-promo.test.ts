import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { CLAN_PROMO_STORAGE_KEYS, ClanPromoScheduler, type ClanPromoStorage } from './clan-promo.ts';

class MemoryStorage implements ClanPromoStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const SECOND = 1_000;
const MINUTE = 60_000;

describe('clan-chief promotion overlay (SPEC §2/§9)', () => {
  let storage: MemoryStorage;
  let hasClan: boolean;
  let modalOpen: boolean;
  let onShow: Mock<() => void>;

  const scheduler = () =>
    new ClanPromoScheduler({ storage, hasClan: () => hasClan, isOtherModalOpen: () => modalOpen, onShow });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 2, 5, 12, 0, 0));
    storage = new MemoryStorage();
    hasClan = false;
    modalOpen = false;
    onShow = vi.fn<() => void>();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows 60 s after session start, not before', () => {
    const s = scheduler();
    expect(s.start({ id: 's1', startedAt: Date.now() })).toBe(true);
    vi.advanceTimersByTime(59 * SECOND);
    expect(onShow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SECOND);
    expect(onShow).toHaveBeenCalledTimes(1);
    expect(s.showCount).toBe(1);
  });

  it('a reload mid-session keeps the session start: 90 s in, it shows at once', () => {
    const startedAt = Date.now() - 90 * SECOND;
    scheduler().start({ id: 's1', startedAt });
    vi.advanceTimersByTime(0);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('once per session: a second start in the same session does not show again', () => {
    const startedAt = Date.now();
    scheduler().start({ id: 's1', startedAt });
    vi.advanceTimersByTime(MINUTE);
    expect(scheduler().start({ id: 's1', startedAt })).toBe(false);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('max 3 shows, counted across sessions in storage', () => {
    for (const id of ['s1', 's2', 's3', 's4', 's5']) {
      scheduler().start({ id, startedAt: Date.now() });
      vi.advanceTimersByTime(MINUTE);
    }
    expect(onShow).toHaveBeenCalledTimes(3);
    expect(storage.getItem(CLAN_PROMO_STORAGE_KEYS.shows)).toBe('3');
    expect(scheduler().isEligible('s6')).toBe(false);
  });

  it('only without a clan: not scheduled for a clan member, dropped if the user joins before it fires', () => {
    hasClan = true;
    expect(scheduler().start({ id: 's1', startedAt: Date.now() })).toBe(false);
    hasClan = false;
    const s = scheduler();
    s.start({ id: 's2', startedAt: Date.now() });
    vi.advanceTimersByTime(30 * SECOND);
    hasClan = true;
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onShow).not.toHaveBeenCalled();
    expect(s.showCount).toBe(0);
    expect(s.scheduledAt).toBeNull();
  });

  it('delayed in 60 s steps while another modal is open', () => {
    const s = scheduler();
    const t = Date.now();
    s.start({ id: 's1', startedAt: t });
    modalOpen = true;
    vi.advanceTimersByTime(MINUTE);
    expect(onShow).not.toHaveBeenCalled();
    expect(s.scheduledAt).toBe(t + 2 * MINUTE);
    vi.advanceTimersByTime(MINUTE);
    expect(s.scheduledAt).toBe(t + 3 * MINUTE);
    modalOpen = false;
    vi.advanceTimersByTime(MINUTE - 1);
    expect(onShow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('stop cancels the pending show', () => {
    const s = scheduler();
    s.start({ id: 's1', startedAt: Date.now() });
    s.stop();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onShow).not.toHaveBeenCalled();
  });

  it('a storage that throws does not break the page', () => {
    const broken: ClanPromoStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const s = new ClanPromoScheduler({
      storage: broken,
      hasClan: () => false,
      isOtherModalOpen: () => false,
      onShow,
    });
    s.start({ id: 's1', startedAt: Date.now() });
    vi.advanceTimersByTime(MINUTE);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('works with an injected clock', () => {
    let now = 0;
    const timers: { at: number; fn: () => void }[] = [];
    const s = new ClanPromoScheduler({
      storage,
      hasClan: () => false,
      isOtherModalOpen: () => false,
      onShow,
      clock: {
        now: () => now,
        setTimeout: (fn, ms) => timers.push({ at: now + ms, fn }),
        clearTimeout: () => {},
      },
    });
    s.start({ id: 's1', startedAt: 0 });
    expect(timers[0]?.at).toBe(MINUTE);
    now = MINUTE;
    timers[0]?.fn();
    expect(onShow).toHaveBeenCalledTimes(1);
  });
});
