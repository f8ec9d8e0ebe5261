import { allRoutes, defineModule } from '../../lib/module.ts';
import { gameOperatorsRouter } from './game-operators.routes.ts';
import { gamesRouter } from './games.routes.ts';

/** The games catalogue: /games/ and /rkade, and the operators' writes to it (README.md). */
export const gamesModule = defineModule({
  name: 'games',
  routes: allRoutes(gamesRouter, gameOperatorsRouter),
});
