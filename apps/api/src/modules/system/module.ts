import { allRoutes, defineModule } from '../../lib/module.ts';
import { devRouter } from './dev.routes.ts';
import { openApiRouter } from './openapi.routes.ts';
import { systemRouter } from './system.routes.ts';

/** Health, analytics, the development helpers and the OpenAPI document (README.md). */
export const systemModule = defineModule({
  name: 'system',
  routes: allRoutes(systemRouter, devRouter, openApiRouter),
});
