import { defineModule } from '../../lib/module.ts';
import { thirdPartyClientsRouter } from './third-party-clients.routes.ts';
import { seedDemoClients, THIRD_PARTY_CLIENTS_DEMO_SEED } from './third-party-clients.ts';

/** Third-party community clients: the redirect after a phone login on a quests page (README.md). */
export const thirdPartyClientsModule = defineModule({
  name: 'third-party-clients',
  routes: thirdPartyClientsRouter,
  seedDemo: (db) => seedDemoClients(db),
  seedDemoMarkers: [THIRD_PARTY_CLIENTS_DEMO_SEED],
});
