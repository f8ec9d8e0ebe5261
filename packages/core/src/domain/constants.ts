/** SPEC §9 business constants and limits (and the few timings SPEC §2/§4 state). */

/** Login retry wait after too many attempts: 3 minutes. */
export const RETRY_LOGIN_AFTER_MS = 180_000;
/** The refresh-token cookie lives 30 days. */
export const REFRESH_COOKIE_DAYS = 30;
/** After a refresh answered with 400 the user is logged out after 1 second (SPEC §4). */
export const LOGOUT_AFTER_REFRESH_FAILURE_MS = 1_000;
/** Analytics session idle timeout: 30 minutes. */
export const SESSION_IDLE_TIMEOUT_MS = 1_800_000;
/** The profile page reloads 4 s after 'phone number successfully verified'. */
export const PROFILE_RELOAD_AFTER_PHONE_VERIFIED_MS = 4_000;
/** A tab id is registered 2 s after the tab opens. */
export const TAB_ID_REGISTRATION_DELAY_MS = 2_000;
/** SPEC §9: "path length threshold 8 distinguishes the quest detail path" (how it is measured is not shown). */
export const QUEST_DETAIL_PATH_LENGTH_THRESHOLD = 8;

/** Text longer than this is shortened when shown for copying. */
export const COPY_TRUNCATE_OVER = 30;
/** Widths up to and including 767 px are mobile. */
export const MOBILE_MAX_WIDTH = 767;
/** Default alert duration. */
export const ALERT_DURATION_MS = 3_000;

/** Clan-chief promotion overlay: shown at most 3 times, first 60 s after session start, then 60 s steps. */
export const CLAN_PROMO_MAX_SHOWS = 3;
export const CLAN_PROMO_DELAY_MS = 60_000;
export const CLAN_PROMO_RETRY_STEP_MS = 60_000;

/** POG minting takes about 100 seconds. */
export const MINT_DURATION_MS = 100_000;

/** 1 USDT = 1000 K-Cash. */
export const KCASH_PER_USDT = 1000n;

/** Field limits; the validation rules read them from here. */
export const FIRST_NAME_LENGTH = { min: 3, max: 15 } as const;
export const POG_USERNAME_LENGTH = { min: 5, max: 12 } as const;
export const PROFILE_USERNAME_LENGTH = { min: 5, max: 10 } as const;
export const STEAM_ID_LENGTH = { min: 17 } as const;
export const BANK_ACCOUNT_DIGITS = { min: 9, max: 18 } as const;

/** SPEC §7 list defaults: quest list limit 100, page 1; campaigns by-state page limit 100. */
export const QUEST_LIST_DEFAULT_LIMIT = 100;
export const QUEST_LIST_DEFAULT_PAGE = 1;
export const CAMPAIGNS_BY_STATE_PAGE_LIMIT = 100;
