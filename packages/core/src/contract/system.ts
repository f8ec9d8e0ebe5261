import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';
import { jsonTextSchema } from './text.ts';

/** Liveness: the process answers. Touches no database and says nothing about the deployment. */
export const healthSchema = lazySchema(() => z.object({ status: z.literal('ok') }));

/**
 * Readiness: the database answers. The deployment's details (database kind, uptime, version, read replica) only
 * for an operator presenting `Authorization: Bearer <OPS_TOKEN>`.
 */
export const readinessSchema = lazySchema(() =>
  z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']).optional(),
    uptimeSeconds: z.number().optional(),
    version: z.string().optional(),
    /** With DATABASE_READ_URL: whether anonymous public reads go to the replica now, its measured lag and why not. */
    readReplica: z
      .object({ usable: z.boolean(), lagMs: z.number().nullable(), reason: z.string() })
      .optional(),
  }),
);

/** SPEC §7 analytics gateway: a GET with the event in the query; all values are strings (SPEC §3). */
export const analyticsEventQuery = lazySchema(() =>
  z
    .object({
      eventName: z.string().min(1).max(100),
      eventId: z.string().min(1).max(100),
      gameId: z.string().max(100).optional(),
      accountId: z.string().max(100).optional(),
      /** JSON object of string fields (userId, analyticSessionId, device, …). */
      details: jsonTextSchema(8_000).optional(),
    })
    .strict(),
);

/** Channels the sandbox providers "send" through (the dev outbox). */
export const OUTBOX_CHANNELS = ['sms', 'whatsapp', 'email', 'web_push'] as const;

export const outboxMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    channel: z.enum(OUTBOX_CHANNELS),
    to: z.string(),
    body: z.string(),
    createdAt: z.string(),
  }),
);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Liveness: the process answers (no database call)',
    tag: 'System',
    auth: 'none',
    response: healthSchema,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/health/ready',
    summary: 'Readiness: the database answers (503 when it does not); details for an operator token',
    tag: 'System',
    auth: 'none',
    response: readinessSchema,
  }),
  analyticsEvent: defineRoute({
    method: 'GET',
    path: '/analytics/event',
    summary: 'Analytics gateway: store one event',
    tag: 'Analytics',
    auth: 'none',
    query: analyticsEventQuery,
    response: lazySchema(() => z.object({ stored: z.literal(true) })),
    successStatus: 202,
  }),
  devOutbox: defineRoute({
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Sandbox messages (OTP texts, emails); outside production only',
    tag: 'Development',
    auth: 'none',
    query: lazySchema(() =>
      z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(100).optional() }),
    ),
    response: lazySchema(() => z.array(outboxMessageSchema)),
    devOnly: true,
  }),
  devTelegramInitData: defineRoute({
    method: 'GET',
    path: '/dev/telegram-init-data',
    summary: 'Init data signed for the development bot token, for the Mini App outside Telegram',
    tag: 'Development',
    auth: 'none',
    query: lazySchema(() =>
      z.object({
        userId: z.coerce.number().int().positive().optional(),
        firstName: z.string().max(64).optional(),
        startParam: z
          .string()
          .regex(/^[A-Za-z0-9_-]{0,64}$/)
          .optional(),
      }),
    ),
    response: lazySchema(() => z.object({ initDataRaw: z.string() })),
    devOnly: true,
  }),
} as const;
