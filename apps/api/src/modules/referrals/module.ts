import { defineModule } from '../../lib/module.ts';
import { referralsRouter } from './referrals.routes.ts';

/** Referral codes, invite links and who invited whom (README.md). */
export const referralsModule = defineModule({ name: 'referrals', routes: referralsRouter });
