import { createDatabase } from '@khel/db';
import { createLogger } from '../../lib/logger.ts';
import { processCampaignRewards } from './lifecycle.ts';

/**
 * A worker for lifecycle.test.ts to kill: it processes one campaign's rewards on PostgreSQL and, once
 * every write of the transaction is done but before the commit, says WRITTEN and waits to be killed.
 * Usage: node --import tsx lifecycle.crash-child.ts <database url> <campaign id>
 */
const [url, campaignId] = process.argv.slice(2);
if (!url || !campaignId) throw new Error('usage: lifecycle.crash-child.ts <database url> <campaign id>');
const database = createDatabase({ kind: 'postgres', url, max: 1 });
await processCampaignRewards(
  { db: database.db, clock: () => new Date(), logger: createLogger('silent') },
  campaignId,
  {
    afterWrites: async () => {
      process.stdout.write('WRITTEN\n');
      await new Promise(() => {});
    },
  },
);
