import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { MasterKey } from '@khel/db';
import type { Env } from '../env.ts';
import { readDevKeyFile, writeDevKeyFileOnce } from './dev-key-file.ts';

// The envelope encryption itself lives in @khel/db (packages/db/src/envelope-crypto.ts): the notifier opens Web
// Push keys with it too.
export {
  DecryptionError,
  type EnvelopeCiphertext,
  envelopeDecrypt,
  envelopeEncrypt,
  type MasterKey,
  open,
  seal,
} from '@khel/db';

const KEY_BYTES = 32;

interface DevMasterKeyFile {
  id: string;
  key: string;
}

/**
 * The wallets' master key: WALLET_MASTER_KEY (required in production), else a development key
 * generated once under DATA_DIR/keys (mode 0600), like the other development secrets.
 */
export function loadWalletMasterKey(env: Env): MasterKey {
  if (env.WALLET_MASTER_KEY) {
    return { id: env.WALLET_MASTER_KEY_ID, key: Buffer.from(env.WALLET_MASTER_KEY, 'base64') };
  }
  if (env.NODE_ENV === 'production') throw new Error('WALLET_MASTER_KEY must be set in production');
  const file = join(env.DATA_DIR, 'keys', 'wallet-master-key.json');
  const generate = (): DevMasterKeyFile => ({
    id: `dev-${randomBytes(4).toString('hex')}`,
    key: randomBytes(KEY_BYTES).toString('base64'),
  });
  const stored = JSON.parse(
    readDevKeyFile(file) ?? writeDevKeyFileOnce(file, JSON.stringify(generate(), null, 2)),
  ) as DevMasterKeyFile;
  const key = Buffer.from(stored.key, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a 32-byte key`);
  return { id: stored.id, key };
}
