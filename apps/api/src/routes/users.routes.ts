import { userRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import { AppError } from '../lib/http.ts';
import { mount } from '../lib/route.ts';
import { getUserById, toProfileDto } from '../services/users.ts';

export function usersRouter() {
  const app = new Hono<AppEnv>();

  mount(app, userRoutes.profile, async ({ c }) => {
    const user = await getUserById(c.get('deps').db, c.get('userId'));
    if (!user) throw new AppError(401, 'Please sign in to continue.');
    return { data: toProfileDto(user) };
  });

  return app;
}
