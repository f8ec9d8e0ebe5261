/** Events the analytics session sends by itself (SPEC §4). */
export const SESSION_EVENTS = {
  sessionStart: 'session_start',
  firstPageLoad: 'first_page_load',
  sessionEnd: 'session_end',
} as const;

/** Longest `details` the gateway accepts (contract: analyticsEventQuery). */
export const ANALYTICS_DETAILS_MAX_LENGTH = 8_000;
