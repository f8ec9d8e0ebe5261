/**
 * What Telegram allows in a start parameter (`startapp=` and the bot's `/start` payload): 1–64 characters
 * of `A-Za-z0-9_-`. A module of its own so the Mini App's entry can check a parameter's shape without
 * bundling the deep-link table (@khel/core/deep-links), which only the signed-in chunk needs.
 */
export const START_PARAM_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Telegram's cap on `startapp` and `/start` payloads. */
export const START_PARAM_MAX_LENGTH = 64;
