import { defineModule } from '../../lib/module.ts';
import { gamesRouter } from './games.routes.ts';

/** The games catalogue: /games/ and /rkade (README.md). */
export const gamesModule = defineModule({ name: 'games', routes: gamesRouter });
