import { join } from 'node:path';
import type { Env } from '../../../../env.ts';
import type { PogChain } from '../types.ts';

/**
 * The Mini App's POG chain: TEP-85 soulbound items of a TEP-62 collection (pog.tact). TON_API_URL names
 * a real network (a toncenter v2-compatible API, with POG_TON_COLLECTION, POG_TON_MINTER_MNEMONIC and
 * TON_NETWORK). Without it, outside production, the chain is TON's emulator (@ton/sandbox) in this
 * process, saved under DATA_DIR/chains/ton.json after each mint; in production without it, none.
 * @ton/core, @ton/crypto and @ton/sandbox load on the first use, not at start.
 */
const chains = new WeakMap<Env, Promise<PogChain | null>>();

/** Where the emulator's collection says its metadata is (TEP-64 off-chain content). */
export const POG_TON_COLLECTION_METADATA_PATH = '/api/pog/ton/collection.json';

/** The chain for this configuration, made once; null in production without TON_API_URL. */
export function pogTonChain(env: Env): Promise<PogChain | null> {
  let chain = chains.get(env);
  if (!chain) {
    chain = makeChain(env);
    // A failed start is not kept: the next call tries again.
    chain.catch(() => chains.delete(env));
    chains.set(env, chain);
  }
  return chain;
}

async function makeChain(env: Env): Promise<PogChain | null> {
  if (env.TON_API_URL) {
    const missing = (['POG_TON_COLLECTION', 'POG_TON_MINTER_MNEMONIC', 'TON_NETWORK'] as const).filter(
      (name) => !env[name],
    );
    if (missing.length) throw new Error(`TON_API_URL is set but ${missing.join(', ')} missing`);
    const { tonApiPogChain } = await import('./api-chain.ts');
    return tonApiPogChain({
      url: env.TON_API_URL,
      apiKey: env.TON_API_KEY,
      network: env.TON_NETWORK!,
      collection: env.POG_TON_COLLECTION!,
      mnemonic: env.POG_TON_MINTER_MNEMONIC!,
    });
  }
  if (env.NODE_ENV === 'production') return null;
  const { sandboxPogChain } = await import('./sandbox-chain.ts');
  const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return sandboxPogChain({
    file: join(env.DATA_DIR, 'chains', 'ton.json'),
    collectionUrl: `${origin}${POG_TON_COLLECTION_METADATA_PATH}`,
  });
}
