import { defineModule } from '../../lib/module.ts';
import { operatorsRouter } from './operators.routes.ts';
import { operatorOfToken } from './operators.ts';

/** Operators: their credentials, the operator API and the audit log (README.md; CLI in cli.ts). */
export const operatorsModule = defineModule({
  name: 'operators',
  routes: operatorsRouter,
  createDeps: (base) => ({ operatorAccess: { operatorOfToken: (token) => operatorOfToken(base.db, token) } }),
});
