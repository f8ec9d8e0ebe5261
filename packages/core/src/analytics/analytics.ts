import {
  type AnalyticsSession,
  type AnalyticsSessionEvent,
  type AnalyticsSessionOptions,
  createAnalyticsSession,
} from './analytics-session.ts';
import { type AnalyticsContext, buildEventFields } from './event-fields.ts';
import type { AnalyticsTransport } from './transport.ts';

/** Who and where, read at every event; the session fills analyticSessionId, timestamp and entryPoint. */
export type AnalyticsBaseContext = Omit<AnalyticsContext, 'analyticSessionId' | 'timestamp' | 'entryPoint'>;

export interface TrackOptions {
  gameId?: string;
  accountId?: string;
  /** Event-specific fields, sent as strings next to the SPEC §3 fields. */
  data?: Record<string, unknown>;
  keepalive?: boolean;
}

export interface Analytics {
  /** Sends one event, starting the analytics session first when there is none. */
  track(eventName: string, options?: TrackOptions): Promise<boolean>;
  readonly session: AnalyticsSession;
}

export interface AnalyticsOptions {
  transport: AnalyticsTransport;
  context: () => AnalyticsBaseContext;
  session: Omit<AnalyticsSessionOptions, 'onEvent'>;
  /** Per-event ids; crypto.randomUUID by default. */
  randomId?: () => string;
  logger?: Pick<Console, 'error'>;
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const randomId = options.randomId ?? (() => crypto.randomUUID());
  const now = options.session.clock ? () => options.session.clock!.now() : () => Date.now();
  const logger = options.logger ?? console;

  const send = (
    eventName: string,
    sessionId: string,
    entryPoint: string,
    { gameId, accountId, data, keepalive }: TrackOptions = {},
  ): Promise<boolean> => {
    const fields = buildEventFields(
      { ...options.context(), analyticSessionId: sessionId, timestamp: now(), entryPoint },
      data,
    );
    return options
      .transport({ eventName, eventId: randomId(), gameId, accountId, fields, keepalive })
      .catch((error: unknown) => {
        logger.error(`Analytics event "${eventName}" failed`, error);
        return false;
      });
  };

  const onEvent = (event: AnalyticsSessionEvent) => {
    const data = event.reason ? { reason: event.reason } : undefined;
    void send(event.name, event.sessionId, event.entryPoint, { data, keepalive: event.keepalive });
  };

  const session = createAnalyticsSession({ ...options.session, onEvent });

  return {
    session,
    track(eventName, trackOptions) {
      const sessionId = session.touch();
      return send(eventName, sessionId, session.entryPoint(), trackOptions);
    },
  };
}
