import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/**
 * The local admin door of a server that holds the embedded database. PGlite is one process's folder, so while
 * `npm start` runs, the operator CLI cannot open it to make an operator token. Instead the server, at each start,
 * writes a fresh random secret and its own address to `DATA_DIR/keys/local-admin.json` (mode 0600, readable only
 * by the account that runs it, like the other keys there) and removes it when it stops. The CLI, run on the same
 * machine by that account, reads the file and asks the server (`POST /operator/local/operators`), which makes the
 * operator in its own database. The server answers only a request that carries the secret of the file it wrote
 * itself (its process id), comes from this machine (loopback or one of its own addresses, read from the socket)
 * and passed no proxy (no forwarding header): reading the file is what it takes, which is what opening the folder
 * would take.
 */

export const LOCAL_ADMIN_FILE = 'local-admin.json';
export const LOCAL_ADMIN_SCHEME = 'Local';

export interface LocalAdminDoor {
  /** The API root to knock at, e.g. `http://127.0.0.1:8080/api`. */
  url: string;
  secret: string;
  /** The server process that wrote it. */
  pid: number;
}

export const localAdminFile = (dataDir: string) => join(dataDir, 'keys', LOCAL_ADMIN_FILE);

/** The door's file, or null when there is none or it is not one. */
export function readLocalAdmin(dataDir: string): LocalAdminDoor | null {
  try {
    const door = JSON.parse(readFileSync(localAdminFile(dataDir), 'utf8')) as Partial<LocalAdminDoor>;
    if (typeof door.url !== 'string' || typeof door.secret !== 'string' || typeof door.pid !== 'number')
      return null;
    return { url: door.url, secret: door.secret, pid: door.pid };
  } catch {
    return null;
  }
}

/**
 * Opens the door for this server process: a fresh secret and `apiUrl` in the file (written aside, then renamed,
 * so a reader never sees half of it). Returns the close, which removes the file if it is still this process's.
 */
export function openLocalAdmin(dataDir: string, apiUrl: string): () => void {
  const file = localAdminFile(dataDir);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const door: LocalAdminDoor = {
    url: apiUrl,
    secret: randomBytes(32).toString('base64url'),
    pid: process.pid,
  };
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, JSON.stringify(door), { mode: 0o600 });
  chmodSync(aside, 0o600);
  renameSync(aside, file);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    process.off('exit', close);
    if (readLocalAdmin(dataDir)?.secret === door.secret) rmSync(file, { force: true });
  };
  process.on('exit', close);
  return close;
}

/** Where a CLI on this machine reaches a server listening on `host:port`. */
export function localApiUrl(host: string, port: number, scheme: 'http' | 'https' = 'http'): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost';
  const address = wildcard ? '127.0.0.1' : host;
  return `${scheme}://${isIP(address) === 6 ? `[${address}]` : address}:${port}/api`;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function isThisMachine(address: string): boolean {
  const ip = address.replace(/^::ffff:/i, '');
  if (ip === '::1' || /^127\./.test(ip)) return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === ip));
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether a request may use the door: its secret, from this machine, through no proxy. */
export function mayUseLocalAdmin(c: Context<AppEnv>): boolean {
  const door = readLocalAdmin(c.get('deps').env.DATA_DIR);
  if (!door || door.pid !== process.pid) return false;
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!remote || !isThisMachine(remote)) return false;
  const scheme = new RegExp(`^${LOCAL_ADMIN_SCHEME}\\s+(\\S+)$`);
  const given = scheme.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  // Compared as digests: equal lengths, constant time.
  return timingSafeEqual(digest(given), digest(door.secret));
}
