import { customType } from 'drizzle-orm/pg-core';

/** A `bytea` column as a Buffer (PGlite hands back a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
