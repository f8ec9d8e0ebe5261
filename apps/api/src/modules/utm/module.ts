import { defineModule } from '../../lib/module.ts';
import { utmRouter } from './utm.routes.ts';

/** UTM short links, their visits and the sign-ups they brought (README.md). */
export const utmModule = defineModule({ name: 'utm', routes: utmRouter, rootPaths: ['/l/:code'] });
