import { defineModule } from '../../lib/module.ts';
import { locationRouter } from './location.routes.ts';

/** Where a visitor is (by IP) and the country, city and college lists (README.md). */
export const locationModule = defineModule({ name: 'location', routes: locationRouter });
