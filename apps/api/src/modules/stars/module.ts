import { allRoutes, defineModule } from '../../lib/module.ts';
import { STARS_DEMO_SEED, seedDemoStars } from './catalogue.ts';
import { refundStarsJob, STARS_REFUND_JOB } from './payments.ts';
import { type StarsTelegram, starsTelegramFor } from './provider.ts';
import { starsRouter } from './stars.routes.ts';
import { starsOperatorsRouter } from './stars-operators.routes.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** Telegram's Stars side: the Bot API with a bot token, the sandbox without (stars/provider.ts). */
    starsTelegram: StarsTelegram;
  }
}

/** Telegram Stars for digital goods in the Mini App and the bot (README.md). */
export const starsModule = defineModule({
  name: 'stars',
  routes: allRoutes(starsRouter, starsOperatorsRouter),
  createDeps: (base) => ({ starsTelegram: starsTelegramFor(base.env) }),
  jobHandlers: { [STARS_REFUND_JOB]: refundStarsJob },
  seedDemo: (db) => seedDemoStars(db),
  seedDemoMarkers: [STARS_DEMO_SEED],
});
