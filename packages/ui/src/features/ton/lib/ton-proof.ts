import type { TonProofBody } from '@khel/core/contract';

/**
 * What TON Connect reports for a connected wallet, as far as the ton_proof check needs it. Declared
 * here (structurally the same as @tonconnect/sdk's `Wallet`) so the shared package never imports a
 * wallet library; the Mini App passes the SDK's object as it is.
 */
export interface TonConnectedWallet {
  account: {
    /** Raw form `<workchain>:<hex>`. */
    address: string;
    /** `-239` mainnet, `-3` testnet. */
    chain: string;
    /** Base64 BOC of the wallet contract's StateInit. */
    walletStateInit: string;
    publicKey?: string;
  };
  connectItems?: {
    tonProof?:
      | {
          name: 'ton_proof';
          proof: {
            timestamp: number;
            domain: { lengthBytes: number; value: string };
            payload: string;
            signature: string;
          };
        }
      | { name: 'ton_proof'; error: { code: number; message?: string } };
  };
}

/** Why a connected wallet cannot be sent to the API. */
export type TonProofProblem =
  /** Connected without a proof: a restored session, or a wallet that ignored the request. */
  | 'no-proof'
  /** The wallet answered the proof request with an error (declined, unsupported). */
  | 'proof-refused'
  /** A network the API does not know (neither mainnet nor testnet). */
  | 'unsupported-network'
  /** The proof signs another payload than the one this screen asked for (an old request). */
  | 'stale-payload';

export type TonProofRequest = { ok: true; body: TonProofBody } | { ok: false; problem: TonProofProblem };

const NETWORKS = new Set<string>(['-239', '-3']);

/**
 * The body of POST /authentication/ton and POST /social-auth/ton from a TON Connect wallet: the
 * account, and the proof with the state init the server reads the public key from. `expectedPayload`
 * is the payload this screen put in the connect request.
 */
export function tonProofRequest(
  wallet: TonConnectedWallet,
  expectedPayload?: string | null,
): TonProofRequest {
  const item = wallet.connectItems?.tonProof;
  if (!item) return { ok: false, problem: 'no-proof' };
  if (!('proof' in item)) return { ok: false, problem: 'proof-refused' };
  const network = wallet.account.chain;
  if (!NETWORKS.has(network)) return { ok: false, problem: 'unsupported-network' };
  if (expectedPayload && item.proof.payload !== expectedPayload)
    return { ok: false, problem: 'stale-payload' };
  const { timestamp, domain, payload, signature } = item.proof;
  return {
    ok: true,
    body: {
      address: wallet.account.address,
      network: network as TonProofBody['network'],
      ...(wallet.account.publicKey ? { public_key: wallet.account.publicKey } : {}),
      proof: {
        timestamp,
        domain: { lengthBytes: domain.lengthBytes, value: domain.value },
        payload,
        signature,
        state_init: wallet.account.walletStateInit,
      },
    },
  };
}

/** `0:83dfd5…` → `0:83df…a1c9`: enough of the address to recognise it in a list. */
export function shortTonAddress(address: string): string {
  const [workchain, hash] = address.includes(':') ? address.split(':', 2) : [null, address];
  const body = hash ?? '';
  const short = body.length > 10 ? `${body.slice(0, 4)}…${body.slice(-4)}` : body;
  return workchain === null ? short : `${workchain}:${short}`;
}
