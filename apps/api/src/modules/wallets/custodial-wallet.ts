import type { Database, Executor } from '@khel/db';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import type { Hex, SignableMessage } from 'viem';
import type { AppDeps, FirstSignInHook } from '../../lib/context.ts';
import { envelopeDecrypt, envelopeEncrypt, type MasterKey } from '../../lib/envelope-crypto.ts';
import type { Logger } from '../../lib/logger.ts';

/** masterKeyId of a wallet whose key material was destroyed when its account was purged. */
export const SHREDDED_KEY_ID = 'shredded';

/** viem's account code, loaded when a key is first made or used rather than at start. */
const loadViemAccounts = () => import('viem/accounts');

export class WalletKeyUnavailableError extends Error {}

/** The key is bound to its owner and address, so a ciphertext moved to another row does not open. */
const keyContext = (userId: string, address: string) => `custodial-wallet:${userId}:${address.toLowerCase()}`;

/**
 * The custodial EVM wallet every account gets at first sign-in (DESIGN §4). The private key is
 * envelope-encrypted at rest and only ever decrypted inside `sign`; it is never returned or logged.
 */
export class CustodialWalletService {
  constructor(
    private readonly db: Database,
    private readonly masterKey: MasterKey,
    private readonly logger: Logger,
  ) {}

  async getAddress(userId: string, db: Executor = this.db): Promise<string | null> {
    const [row] = await db
      .select({ address: schema.custodialWallets.evmAddress })
      .from(schema.custodialWallets)
      .where(eq(schema.custodialWallets.userId, userId));
    return row?.address ?? null;
  }

  /**
   * Creates the user's wallet unless it exists. Safe under concurrent sign-ins: the user id is the
   * primary key, so exactly one insert wins and the others read the winner's address.
   */
  async ensureWallet(userId: string): Promise<{ address: string; created: boolean }> {
    const existing = await this.getAddress(userId);
    if (existing) return { address: existing, created: false };
    const { generatePrivateKey, privateKeyToAccount } = await loadViemAccounts();
    const privateKey = generatePrivateKey();
    const { address } = privateKeyToAccount(privateKey);
    const keyBytes = Buffer.from(privateKey.slice(2), 'hex');
    const sealed = envelopeEncrypt(this.masterKey, keyBytes, keyContext(userId, address));
    keyBytes.fill(0);
    const [created] = await this.db
      .insert(schema.custodialWallets)
      .values({
        userId,
        evmAddress: address,
        encryptedDataKey: sealed.encryptedDataKey,
        encryptedPrivateKey: sealed.ciphertext,
        masterKeyId: sealed.masterKeyId,
      })
      .onConflictDoNothing({ target: schema.custodialWallets.userId })
      .returning({ address: schema.custodialWallets.evmAddress });
    if (created) {
      this.logger.info('custodial wallet created', { userId });
      return { address: created.address, created: true };
    }
    const winner = await this.getAddress(userId);
    if (!winner) throw new Error('custodial wallet insert lost a race but no wallet exists');
    return { address: winner, created: false };
  }

  /** Signs an EIP-191 message with the user's key (internal: for server-side actions on the user's behalf). */
  async signMessage(userId: string, message: SignableMessage): Promise<Hex> {
    const [row] = await this.db
      .select()
      .from(schema.custodialWallets)
      .where(eq(schema.custodialWallets.userId, userId));
    if (!row) throw new WalletKeyUnavailableError('The user has no custodial wallet');
    if (row.masterKeyId === SHREDDED_KEY_ID)
      throw new WalletKeyUnavailableError('The wallet key was destroyed with its account');
    const keyBytes = envelopeDecrypt(
      this.masterKey,
      {
        encryptedDataKey: row.encryptedDataKey,
        ciphertext: row.encryptedPrivateKey,
        masterKeyId: row.masterKeyId,
      },
      keyContext(userId, row.evmAddress),
    );
    try {
      const { privateKeyToAccount } = await loadViemAccounts();
      const account = privateKeyToAccount(`0x${keyBytes.toString('hex')}`);
      if (account.address !== row.evmAddress)
        throw new Error('custodial wallet key does not match its address');
      return await account.signMessage({ message });
    } finally {
      keyBytes.fill(0);
    }
  }

  /**
   * Crypto-shredding for a purged account: the address row stays (anything recorded against it stays
   * attached to the anonymous account), the key material is destroyed so nobody can sign for it again.
   */
  async shredKey(userId: string, db: Executor = this.db): Promise<void> {
    await db
      .update(schema.custodialWallets)
      .set({
        encryptedDataKey: Buffer.alloc(0),
        encryptedPrivateKey: Buffer.alloc(0),
        masterKeyId: SHREDDED_KEY_ID,
      })
      .where(eq(schema.custodialWallets.userId, userId));
  }
}

/** First-sign-in hook: every account that signs in has a custodial wallet afterwards. */
export const ensureCustodialWalletHook: FirstSignInHook = async (deps, user) => {
  if (user.deletedAt) return;
  await deps.wallets.ensureWallet(user.id);
};

/** Signs `message` with the user's custodial key; the key itself never leaves this module. */
export function signWithCustodialWallet(
  deps: AppDeps,
  userId: string,
  message: SignableMessage,
): Promise<Hex> {
  return deps.wallets.signMessage(userId, message);
}
