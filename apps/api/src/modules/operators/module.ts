import { defineModule } from '../../lib/module.ts';
import { operatorsRouter } from './operators.routes.ts';
import { operatorOfToken } from './operators.ts';

/** Operators: their credentials, the audit log's route and the CLI (README.md; cli.ts); the audit log itself is lib/audit.ts. */
export const operatorsModule = defineModule({
  name: 'operators',
  routes: operatorsRouter,
  createDeps: (base) => ({ operatorAccess: { operatorOfToken: (token) => operatorOfToken(base.db, token) } }),
});
