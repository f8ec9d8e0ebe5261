import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The development key file's content, or null when it does not exist yet. */
export function readDevKeyFile(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * Puts a development key file under DATA_DIR/keys (mode 0600) unless it exists, and returns what the
 * file holds, whoever wrote it. Every process that uses the folder (the all-in-one server, or API
 * replicas and job workers started side by side) ends up with one key: the content is written to a
 * temporary file and hard-linked into place, so the first maker wins and a reader never sees a
 * half-written file.
 */
export function writeDevKeyFileOnce(file: string, content: string): string {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return content;
  } catch (err) {
    // Another process linked its key first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8');
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * A development shared secret (32 random bytes, base64url) kept in DATA_DIR/keys/<name>: made by the
 * first process that asks, the same for every process using the folder (writeDevKeyFileOnce).
 */
export function devSecretFile(dataDir: string, name: string): string {
  const file = join(dataDir, 'keys', name);
  return (readDevKeyFile(file) ?? writeDevKeyFileOnce(file, randomBytes(32).toString('base64url'))).trim();
}
