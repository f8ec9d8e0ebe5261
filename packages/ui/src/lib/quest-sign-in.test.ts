import { describe, expect, it } from 'vitest';
import { QUEST_SIGN_IN_KEY, QUEST_SIGN_IN_MAX_AGE_MS, takeQuestSignIn } from './quest-sign-in.ts';

function storage(value?: string) {
  const store = new Map<string, string>(value === undefined ? [] : [[QUEST_SIGN_IN_KEY, value]]);
  return {
    store,
    getItem: (k: string) => store.get(k) ?? null,
    removeItem: (k: string) => void store.delete(k),
  };
}
const marker = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ path: '/quest-details/summer-cup', method: 'phone', at: 1_000, ...fields });

describe('takeQuestSignIn', () => {
  it('reads the marker of this page once (a trailing slash is the same page)', () => {
    const s = storage(marker());
    expect(takeQuestSignIn(s, '/quest-details/summer-cup/', 2_000)).toEqual({
      path: '/quest-details/summer-cup',
      method: 'phone',
      at: 1_000,
    });
    expect(s.store.has(QUEST_SIGN_IN_KEY)).toBe(false);
    expect(takeQuestSignIn(s, '/quest-details/summer-cup', 2_000)).toBeNull();
  });

  it('ignores (and forgets) a stale marker, another page, an unreadable one; copes without storage', () => {
    expect(
      takeQuestSignIn(storage(marker()), '/quest-details/summer-cup', 1_000 + QUEST_SIGN_IN_MAX_AGE_MS + 1),
    ).toBeNull();
    expect(takeQuestSignIn(storage(marker()), '/k-quest', 2_000)).toBeNull();
    const broken = storage('{not json');
    expect(takeQuestSignIn(broken, '/quest-details/summer-cup', 2_000)).toBeNull();
    expect(broken.store.size).toBe(0);
    expect(takeQuestSignIn(storage(marker({ at: 'soon' })), '/quest-details/summer-cup', 2_000)).toBeNull();
    expect(takeQuestSignIn(null, '/quest-details/summer-cup', 2_000)).toBeNull();
  });
});
