import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('SPEC §9 business constants', () => {
  it('session and login timings', () => {
    expect(c.RETRY_LOGIN_AFTER_MS).toBe(180_000);
    expect(c.REFRESH_COOKIE_DAYS).toBe(30);
    expect(c.SESSION_IDLE_TIMEOUT_MS).toBe(1_800_000);
    expect(c.PROFILE_RELOAD_AFTER_PHONE_VERIFIED_MS).toBe(4_000);
    expect(c.TAB_ID_REGISTRATION_DELAY_MS).toBe(2_000);
    expect(c.LOGOUT_AFTER_REFRESH_FAILURE_MS).toBe(1_000);
  });

  it('display and UI limits', () => {
    expect(c.QUEST_DETAIL_PATH_LENGTH_THRESHOLD).toBe(8);
    expect(c.COPY_TRUNCATE_OVER).toBe(30);
    expect(c.MOBILE_MAX_WIDTH).toBe(767);
    expect(c.ALERT_DURATION_MS).toBe(3_000);
  });

  it('clan promo: max 3 shows, 60 s delay steps; minting about 100 s; 1 USDT = 1000 KCash', () => {
    expect(c.CLAN_PROMO_MAX_SHOWS).toBe(3);
    expect(c.CLAN_PROMO_DELAY_MS).toBe(60_000);
    expect(c.CLAN_PROMO_RETRY_STEP_MS).toBe(60_000);
    expect(c.MINT_DURATION_MS).toBe(100_000);
    expect(c.KCASH_PER_USDT).toBe(1000n);
  });

  it('field limits: first name 3 to 15, username 5 to 12 (or 10), Steam id 17, bank account 9 to 18', () => {
    expect(c.FIRST_NAME_LENGTH).toEqual({ min: 3, max: 15 });
    expect(c.POG_USERNAME_LENGTH).toEqual({ min: 5, max: 12 });
    expect(c.PROFILE_USERNAME_LENGTH).toEqual({ min: 5, max: 10 });
    expect(c.STEAM_ID_LENGTH.min).toBe(17);
    expect(c.BANK_ACCOUNT_DIGITS).toEqual({ min: 9, max: 18 });
  });

  it('SPEC §7 list defaults: limit 100, page 1', () => {
    expect(c.QUEST_LIST_DEFAULT_LIMIT).toBe(100);
    expect(c.QUEST_LIST_DEFAULT_PAGE).toBe(1);
    expect(c.CAMPAIGNS_BY_STATE_PAGE_LIMIT).toBe(100);
  });
});
