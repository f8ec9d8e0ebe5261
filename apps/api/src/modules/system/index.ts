import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { defineModule } from '../../lib/module.ts';
import { devRouter } from './dev.routes.ts';
import { openApiRouter } from './openapi.routes.ts';
import { systemRouter } from './system.routes.ts';

/** Health, analytics, the development helpers and the OpenAPI document (README.md). */
export const systemModule = defineModule({
  name: 'system',
  routes: () => {
    const app = new Hono<AppEnv>();
    app.route('/', systemRouter());
    app.route('/', devRouter());
    app.route('/', openApiRouter());
    return app;
  },
});
