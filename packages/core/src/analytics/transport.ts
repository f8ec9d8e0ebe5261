import type { ApiClient } from '../client/api-client.ts';
import { systemRoutes } from '../contract/system.ts';
import { ANALYTICS_DETAILS_MAX_LENGTH } from './constants.ts';

export interface AnalyticsEvent {
  eventName: string;
  eventId: string;
  /** User-facing game and account ids (SPEC §3). */
  gameId?: string;
  accountId?: string;
  /** String fields sent as the `details` JSON. */
  fields: Record<string, string>;
  /** Lets the call outlive the page (session end at page hide). */
  keepalive?: boolean;
}

/** Resolves to true when the gateway stored the event. */
export type AnalyticsTransport = (event: AnalyticsEvent) => Promise<boolean>;

/**
 * Sends events to the API's analytics gateway (SPEC §7: GET with event name, event id, game ids, details).
 * SPEC §5: empty data is not sent; an error is logged instead.
 */
export function createAnalyticsTransport(
  client: Pick<ApiClient, 'request'>,
  options: { logger?: Pick<Console, 'error'> } = {},
): AnalyticsTransport {
  const logger = options.logger ?? console;
  return async (event) => {
    if (!event.eventName || Object.keys(event.fields).length === 0) {
      logger.error(`Analytics event "${event.eventName}" has no data; not sent`);
      return false;
    }
    const details = JSON.stringify(event.fields);
    if (details.length > ANALYTICS_DETAILS_MAX_LENGTH) {
      logger.error(`Analytics event "${event.eventName}" is too large; not sent`);
      return false;
    }
    const query: {
      eventName: string;
      eventId: string;
      details: string;
      gameId?: string;
      accountId?: string;
    } = {
      eventName: event.eventName,
      eventId: event.eventId,
      details,
    };
    if (event.gameId) query.gameId = event.gameId;
    if (event.accountId) query.accountId = event.accountId;
    // No screen waits on an event: it goes after the screens' own requests (low priority), except at page
    // hide, when it must leave before the page does.
    const result = await client.request(systemRoutes.analyticsEvent, {
      query,
      keepalive: event.keepalive === true,
      ...(event.keepalive ? {} : { priority: 'low' as const }),
    });
    if (!result.success)
      logger.error(`Analytics event "${event.eventName}" was not stored: ${result.message}`);
    return result.success;
  };
}
