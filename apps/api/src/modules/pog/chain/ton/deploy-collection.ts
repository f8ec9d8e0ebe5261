/**
 * Deploys the POG collection on TON_API_URL's network, owned by the POG_TON_MINTER_MNEMONIC wallet (send
 * that wallet some TON first), unless it is there already, and prints its address for POG_TON_COLLECTION:
 *   TON_API_URL=https://testnet.toncenter.com/api/v2 TON_NETWORK=testnet POG_TON_MINTER_MNEMONIC="w1 … w24" \
 *     npx tsx apps/api/src/modules/pog/chain/ton/deploy-collection.ts https://khel.example/api/pog/ton/collection.json
 * The argument is the collection's metadata URL (TEP-64 off-chain content); it is part of the address.
 */
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../../../../env.ts';
import { deployPogTonCollection } from './api-chain.ts';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const collectionUrl = process.argv[2];
  const env = loadEnv();
  if (!collectionUrl || !env.TON_API_URL || !env.TON_NETWORK || !env.POG_TON_MINTER_MNEMONIC) {
    console.error(
      'usage: TON_API_URL=… TON_NETWORK=mainnet|testnet POG_TON_MINTER_MNEMONIC="…" [TON_API_KEY=…] deploy-collection.ts <collection metadata URL>',
    );
    process.exit(1);
  }
  const address = await deployPogTonCollection(
    {
      url: env.TON_API_URL,
      apiKey: env.TON_API_KEY,
      network: env.TON_NETWORK,
      mnemonic: env.POG_TON_MINTER_MNEMONIC,
    },
    collectionUrl,
  );
  console.log(`POG_TON_COLLECTION=${address}`);
}
