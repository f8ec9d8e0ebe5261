import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

/** The custodial EVM wallet made at first sign-in; the key is envelope-encrypted (AES-256-GCM). */
export const custodialWallets = pgTable('custodial_wallets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  evmAddress: text('evm_address').notNull().unique(),
  /** Data key encrypted with the master key (iv | tag | ciphertext). */
  encryptedDataKey: bytea('encrypted_data_key').notNull(),
  /** Private key encrypted with the data key (iv | tag | ciphertext). */
  encryptedPrivateKey: bytea('encrypted_private_key').notNull(),
  masterKeyId: text('master_key_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
