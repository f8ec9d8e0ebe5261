import { defineModule } from '../../lib/module.ts';
import { identitiesRouter } from './identities.routes.ts';

/** The sign-in methods linked to one account: list, link, unlink (README.md). */
export const identitiesModule = defineModule({ name: 'identities', routes: identitiesRouter });
