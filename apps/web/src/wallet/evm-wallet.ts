import { type EvmWallet, EvmWalletError } from '@khel/ui';
import { getAddress } from 'viem';
import { arbitrum, base, baseSepolia, mainnet, polygon, polygonAmoy, sepolia } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { createConfig, http, injected } from 'wagmi';
import { connect, disconnect, signMessage, switchChain } from 'wagmi/actions';

/**
 * The website's browser-wallet sign-in: wagmi with the injected connector (EIP-1193 wallets in the
 * browser: MetaMask, Rabby, Brave, …) and viem's EIP-4361 message builder. This module is its own
 * chunk, imported only when the user picks "wallet" (main.tsx); bench/bundle-size.ts checks that
 * wagmi and viem stay out of the first download.
 *
 * Connectors that need an outside relay (WalletConnect) are not included; they would be added to
 * `connectors` here, each behind its own setting.
 */

/** Chains a wallet may be moved to; the server's accepted list (SIWE_CHAIN_IDS) picks among them. */
const CHAINS = [mainnet, polygon, base, arbitrum, sepolia, polygonAmoy, baseSepolia] as const;

/** How long the signed message stays valid; the server's nonce lives 10 minutes too. */
const MESSAGE_LIFETIME_MS = 10 * 60 * 1000;

const USER_REJECTED = 4001;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** Maps what wagmi and wallets throw to the outcomes the screen explains; others pass through. */
function walletError(error: unknown, fallback: 'chain' | null = null): unknown {
  for (const e of causes(error)) {
    const { name, code } = e as { name?: string; code?: number };
    if (name === 'ProviderNotFoundError' || name === 'ConnectorNotFoundError') {
      return new EvmWalletError('no-wallet', 'No browser wallet', { cause: error });
    }
    if (code === USER_REJECTED || name === 'UserRejectedRequestError') {
      return new EvmWalletError('rejected', 'Rejected in the wallet', { cause: error });
    }
  }
  return fallback ? new EvmWalletError(fallback, 'Could not switch the chain', { cause: error }) : error;
}

export function createEvmWallet(): EvmWallet {
  const config = createConfig({
    chains: CHAINS,
    connectors: [injected()],
    // No RPC calls are made: connecting and signing go through the wallet itself.
    transports: Object.fromEntries(CHAINS.map((chain) => [chain.id, http()])) as Record<
      (typeof CHAINS)[number]['id'],
      ReturnType<typeof http>
    >,
    // The wallet is connected for one signature, then let go: nothing to remember between visits.
    storage: null,
    multiInjectedProviderDiscovery: false,
  });
  const connector = config.connectors[0];

  return {
    async signInWithEthereum({ getChallenge, statement, onStep }) {
      if (!connector) throw new EvmWalletError('no-wallet');
      onStep?.('connecting');
      const connected = await connect(config, { connector }).catch((error: unknown) => {
        throw walletError(error);
      });
      try {
        const [first] = connected.accounts;
        if (!first) throw new EvmWalletError('no-wallet', 'The wallet shared no account');
        const address = getAddress(first);
        const challenge = await getChallenge();
        let chainId = connected.chainId;
        if (!challenge.chainIds.includes(chainId)) {
          const target = CHAINS.find((chain) => challenge.chainIds.includes(chain.id));
          if (!target)
            throw new EvmWalletError('chain', `No known chain among ${challenge.chainIds.join(', ')}`);
          const switched = await switchChain(config, { chainId: target.id }).catch((error: unknown) => {
            throw walletError(error, 'chain');
          });
          chainId = switched.id;
        }
        const issuedAt = new Date();
        const message = createSiweMessage({
          domain: window.location.host,
          uri: window.location.origin,
          address,
          chainId,
          nonce: challenge.nonce,
          version: '1',
          statement,
          issuedAt,
          expirationTime: new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS),
        });
        onStep?.('signing');
        const signature = await signMessage(config, { account: address, message, connector }).catch(
          (error: unknown) => {
            throw walletError(error);
          },
        );
        return { message, signature, address, chainId };
      } finally {
        await disconnect(config, { connector }).catch(() => undefined);
      }
    },
  };
}
