import { defineModule } from '../../lib/module.ts';
import { usersRouter } from './users.routes.ts';

/** Finding gamers: search, recent searches, batch details, id from username, NFTs, activity (README.md). */
export const usersModule = defineModule({ name: 'users', routes: usersRouter });
