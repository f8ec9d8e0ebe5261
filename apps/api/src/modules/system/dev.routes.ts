import { systemRoutes } from '@khel/core/contract';
import { schema } from '@khel/db';
import { sign } from '@telegram-apps/init-data-node';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { mount } from '../../lib/route.ts';

/** Development helpers; `mount` answers 404 for devOnly routes in production. */
export function devRouter() {
  const app = new Hono<AppEnv>();

  mount(app, systemRoutes.devOutbox, async ({ c, query }) => {
    const { db } = c.get('deps');
    const t = schema.sandboxMessages;
    const rows = await db
      .select()
      .from(t)
      .where(query.to ? eq(t.recipient, query.to) : undefined)
      .orderBy(desc(t.createdAt))
      .limit(query.limit ?? 50);
    return {
      data: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  });

  mount(app, systemRoutes.devTelegramInitData, async ({ c, query }) => {
    const { secrets, clock } = c.get('deps');
    // Only for the generated development token: with a real bot token this would let anyone sign in as anyone.
    if (!secrets.telegramBotToken || !secrets.telegramTokenIsDevelopment)
      throw new AppError(404, 'Not found');
    const id = query.userId ?? 100_000_001;
    const initDataRaw = sign(
      {
        user: {
          id,
          first_name: query.firstName ?? 'Dev Gamer',
          username: `dev_gamer_${id}`,
          language_code: 'en',
          allows_write_to_pm: true,
        },
        chat_instance: '-1000000000001',
        chat_type: 'sender',
        ...(query.startParam ? { start_param: query.startParam } : {}),
      },
      secrets.telegramBotToken,
      clock(),
    );
    return { data: { initDataRaw }, message: 'Signed for the development bot token' };
  });

  return app;
}
