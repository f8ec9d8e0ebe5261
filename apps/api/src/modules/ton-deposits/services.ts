import type { Env } from '../../env.ts';
import type { TonDepositChain } from './chain.ts';
import { SANDBOX_TON_RATE, sandboxTonRates, type TonRateProvider } from './rates.ts';

export interface TonDepositServices {
  /** Khel's deposit wallet on the chain engine (made on first use), or null when there is none. */
  chain(): Promise<TonDepositChain | null>;
  /**
   * What the watcher reads: the real network's wallet; the emulator only once something made it (nothing
   * can have arrived on an emulator nobody started, and it costs memory: the watcher never starts it).
   */
  watched(): Promise<TonDepositChain | null>;
  rates: TonRateProvider;
}

export function createTonDepositServices(env: Env, clock: () => Date): TonDepositServices {
  const rates = sandboxTonRates(
    env.TON_KCASH_PER_TON ? { fromMajor: 1n, toMajor: BigInt(env.TON_KCASH_PER_TON) } : SANDBOX_TON_RATE,
  );
  return {
    chain: () => tonDepositChain(env, clock),
    watched: () =>
      env.TON_API_URL ? tonDepositChain(env, clock) : (chains.get(env) ?? Promise.resolve(null)),
    rates,
  };
}

const chains = new WeakMap<Env, Promise<TonDepositChain | null>>();

/**
 * The deposit chain for this configuration, made once per env: null in production without TON_API_URL,
 * or with TON_API_URL but no TON_DEPOSIT_ADDRESS (TON payments are then unavailable).
 */
export function tonDepositChain(env: Env, clock: () => Date): Promise<TonDepositChain | null> {
  let chain = chains.get(env);
  if (!chain) {
    chain = makeChain(env, clock);
    chain.catch(() => chains.delete(env));
    chains.set(env, chain);
  }
  return chain;
}

async function makeChain(env: Env, clock: () => Date): Promise<TonDepositChain | null> {
  if (env.TON_API_URL) {
    if (!env.TON_DEPOSIT_ADDRESS || !env.TON_NETWORK) return null;
    const { tonApiDepositChain } = await import('./api-chain.ts');
    return tonApiDepositChain({
      url: env.TON_API_URL,
      apiKey: env.TON_API_KEY,
      network: env.TON_NETWORK,
      address: env.TON_DEPOSIT_ADDRESS,
    });
  }
  if (env.NODE_ENV === 'production') return null;
  const { sandboxTonDepositChain } = await import('./sandbox-chain.ts');
  return sandboxTonDepositChain(clock);
}
