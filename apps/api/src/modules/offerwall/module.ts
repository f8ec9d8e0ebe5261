import { defineModule } from '../../lib/module.ts';
import { offerwallRouter } from './offerwall.routes.ts';

/** The offerwall: the frame's address, the signed postback, the sandbox wall (README.md). */
export const offerwallModule = defineModule({ name: 'offerwall', routes: offerwallRouter });
