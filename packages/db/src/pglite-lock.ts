import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process per embedded database folder. PGlite takes no lock of its own: a second process that
 * opens the same folder (a second `npm start`, a support script while the server runs) writes over the
 * first and leaves the folder unreadable (electric-sql/pglite#1106). So the opener writes its process
 * id into `khel.lock`; an opener that finds a live owner stops with a clear message instead.
 *
 * A lock whose owner is gone means that process crashed or was killed: it is taken over (PGlite
 * recovers the folder itself, see the SIGKILL test).
 */
export const PGLITE_LOCK_FILE = 'khel.lock';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${pid}). Stop that process first, or point DATABASE_URL at a PostgreSQL server to run several.`,
    );
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder for this process; returns the release. Throws DatabaseInUseError when it is taken. */
export function claimPgliteDir(dataDir: string): () => void {
  const lockPath = join(dataDir, PGLITE_LOCK_FILE);
  const mine = String(process.pid);
  for (;;) {
    try {
      writeFileSync(lockPath, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    } catch {
      // Removed between our write and read: try again.
    }
    if (owner !== process.pid && isAlive(owner)) throw new DatabaseInUseError(dataDir, owner);
    // Stale: the owner is gone, or it is this process (a handle whose close never ran).
    rmSync(lockPath, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (readFileSync(lockPath, 'utf8').trim() === mine) rmSync(lockPath, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}
