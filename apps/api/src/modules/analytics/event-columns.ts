import { ANALYTICS_DEVICES, ANALYTICS_LOCATIONS, UUID_PATTERN } from '@khel/core/contract';

/** How far a client's own timestamp may stray from when we received the event before we use ours. */
export const CLOCK_SKEW_PAST_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_FUTURE_MS = 5 * 60 * 1000;

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | null =>
  value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : null;

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * The typed columns of one gateway event, from its SPEC §3 string fields. Unknown or malformed values
 * become null rather than refusing the event: the raw `details` keep what the client sent.
 */
export function eventColumns(details: Record<string, string>, receivedAt: Date) {
  const stamp = details.timestamp ? Date.parse(details.timestamp) : Number.NaN;
  const received = receivedAt.getTime();
  const occurredAt =
    Number.isFinite(stamp) &&
    stamp >= received - CLOCK_SKEW_PAST_MS &&
    stamp <= received + CLOCK_SKEW_FUTURE_MS
      ? new Date(stamp)
      : receivedAt;
  return {
    receivedAt,
    occurredAt,
    userId: details.userId && UUID_PATTERN.test(details.userId) ? details.userId.toLowerCase() : null,
    analyticSessionId: clip(details.analyticSessionId, 100),
    // The API's own events are channel 'server'; a client cannot claim it.
    channel: oneOf(['website', 'app'] as const, details.channel),
    device: oneOf(ANALYTICS_DEVICES, details.device),
    location: oneOf(ANALYTICS_LOCATIONS, details.location),
    entryPoint: clip(details.entryPoint, 200),
  };
}
