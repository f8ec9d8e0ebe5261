/// <reference lib="dom" />
// page.addInitScript() callbacks run in the browser.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { root as REPO_ROOT } from '../../../tooling/scripts/lib.mjs';

type Hex = `0x${string}`;

/** The part of a viem local account the wallet uses. */
interface LocalAccount {
  address: Hex;
  signMessage(args: { message: string | { raw: Hex } }): Promise<Hex>;
}
interface ViemAccounts {
  generatePrivateKey(): Hex;
  privateKeyToAccount(privateKey: Hex): LocalAccount;
}

let accounts: Promise<ViemAccounts> | undefined;

/**
 * viem's local accounts, from the website's own dependency (the tests package does not list viem;
 * the wallet must sign with the same library the website builds its messages with).
 */
export function viemAccounts(): Promise<ViemAccounts> {
  const fromWeb = createRequire(`${REPO_ROOT}/apps/web/package.json`);
  accounts ??= import(pathToFileURL(fromWeb.resolve('viem/accounts')).href) as Promise<ViemAccounts>;
  return accounts;
}

export interface WalletCall {
  method: string;
  params: unknown;
}

export interface InjectedWallet {
  address: Hex;
  privateKey: Hex;
  /** Every EIP-1193 request the page made, in order. */
  calls: WalletCall[];
  /** The messages signed with personal_sign and their signatures. */
  signed: { message: string; signature: Hex }[];
}

export interface InjectedWalletOptions {
  privateKey?: Hex;
  /** The chain the wallet starts on (EIP-155 id). Default 1. */
  chainId?: number;
  /** Answer personal_sign with the user's refusal (EIP-1193 code 4001). */
  rejectSignature?: boolean;
}

type RpcAnswer = { result: unknown } | { error: { code: number; message: string } };

/**
 * A browser wallet for the page: `window.ethereum` (EIP-1193, added before any page script runs)
 * whose requests are answered in Node by a viem local account, so personal_sign returns a real
 * signature the server verifies. Call before the first `page.goto`.
 */
export async function installInjectedWallet(
  page: Page,
  options: InjectedWalletOptions = {},
): Promise<InjectedWallet> {
  const viem = await viemAccounts();
  const privateKey = options.privateKey ?? viem.generatePrivateKey();
  const account = viem.privateKeyToAccount(privateKey);
  const wallet: InjectedWallet = { address: account.address, privateKey, calls: [], signed: [] };
  let chainId = options.chainId ?? 1;

  const answer = async (method: string, params: unknown): Promise<RpcAnswer> => {
    wallet.calls.push({ method, params });
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [account.address] };
      case 'eth_chainId':
        return { result: `0x${chainId.toString(16)}` };
      case 'wallet_switchEthereumChain': {
        const [{ chainId: wanted }] = params as [{ chainId: Hex }];
        chainId = Number.parseInt(wanted, 16);
        return { result: null };
      }
      case 'wallet_revokePermissions':
        return { result: null };
      case 'personal_sign': {
        if (options.rejectSignature) return { error: { code: 4001, message: 'User rejected the request.' } };
        const [raw] = params as [Hex, Hex];
        const signature = await account.signMessage({ message: { raw } });
        wallet.signed.push({ message: Buffer.from(raw.slice(2), 'hex').toString('utf8'), signature });
        return { result: signature };
      }
      default:
        return { error: { code: 4200, message: `${method} is not supported by this test wallet` } };
    }
  };

  await page.exposeFunction('__khelTestWallet', answer);
  await page.addInitScript(() => {
    type Listener = (...args: unknown[]) => void;
    const listeners = new Map<string, Set<Listener>>();
    // The binding page.exposeFunction adds; read at each call, after it exists.
    const bridge = (method: string, params: unknown) =>
      (
        window as unknown as { __khelTestWallet: (m: string, p: unknown) => Promise<RpcAnswer> }
      ).__khelTestWallet(method, params);
    const provider = {
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        const reply = await bridge(method, params ?? null);
        if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        if (method === 'wallet_switchEthereumChain') {
          const id = (params as [{ chainId: string }])[0].chainId;
          for (const listener of listeners.get('chainChanged') ?? []) listener(id);
        }
        return reply.result;
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)?.add(listener);
        return provider;
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
  });
  return wallet;
}
