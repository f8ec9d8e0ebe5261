import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

/**
 * Servers a test starts for itself: a PostgreSQL primary with a streaming standby, and PgBouncer in
 * transaction mode. PostgreSQL and PgBouncer refuse to run as root, so as root they run as the `postgres`
 * user (its folders are made over to it). Each has a `close()` that stops it and removes its folder, and
 * a process exit stops whatever a test left running.
 */

const run = promisify(execFile);

/** The `postgres` account's ids when this process is root, else nothing (run as ourselves). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup): those of Debian's newest version. */
function postgresBin(program: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', program)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(`${program} not found under ${root}: install PostgreSQL's server package`);
  return join(root, versions[0], 'bin', program);
}

/** A folder of our own that the server user owns. */
function serverDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const user = serverUser();
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

const asServerUser = (program: string, args: string[]) =>
  run(program, args, { ...serverUser(), timeout: 60_000 });

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Resolves once something accepts TCP connections on the port (polled, up to `timeoutMs`). */
async function accepting(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** What a process exit must stop: each entry stops one server synchronously (the hook is set at the first start). */
const leftRunning = new Set<() => void>();
let exitHook = false;
function stopAtExit(stop: () => void) {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const each of leftRunning) each();
    });
  }
  leftRunning.add(stop);
}

export interface ReplicatedPostgres {
  /** A URL of database `name` on the primary, or on the standby. */
  primaryUrl(name?: string): string;
  standbyUrl(name?: string): string;
  /** Creates database `name` on the primary (the standby gets it by replay). */
  createDatabase(name: string): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the standby (fast shutdown: its connections are cut). */
  stopStandby(): Promise<void>;
  /** How long the start took, from initdb to a standby in recovery (ms). */
  startMs: number;
  close(): Promise<void>;
}

/**
 * A PostgreSQL primary of the test's own (initdb in a temp folder, trust authentication, replication
 * allowed from 127.0.0.1) and a standby made from it with `pg_basebackup -R`, streaming from it. Both
 * listen on free ports of 127.0.0.1, with durability off (fsync) since the data is thrown away.
 */
export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const started = performance.now();
  const dir = serverDir('khel-replica-');
  const primaryData = join(dir, 'primary');
  const standbyData = join(dir, 'standby');
  const running = new Set<string>();
  const stopNow = (data: string) => {
    try {
      execFileSync(postgresBin('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], {
        ...serverUser(),
        stdio: 'ignore',
      });
    } catch {
      // Already stopped.
    }
  };
  const emergencyStop = () => {
    for (const data of running) stopNow(data);
    rmSync(dir, { recursive: true, force: true });
  };
  stopAtExit(emergencyStop);
  const common = [
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c shared_buffers=16MB',
    '-c max_connections=40',
  ];
  const pgCtlStart = async (data: string, port: number, extra: string[]) => {
    await asServerUser(postgresBin('pg_ctl'), [
      '-D',
      data,
      '-w',
      '-l',
      `${data}.log`,
      '-o',
      [`-p ${port}`, ...common, ...extra].join(' '),
      'start',
    ]);
    running.add(data);
  };
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const url = (port: number, name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const admin = postgres(url(primaryPort, 'postgres'), { max: 1, onnotice: () => {} });
  const standbyAdmin = postgres(url(standbyPort, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    await asServerUser(postgresBin('initdb'), [
      '-D',
      primaryData,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    writeFileSync(
      join(primaryData, 'pg_hba.conf'),
      'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
    );
    await pgCtlStart(primaryData, primaryPort, ['-c wal_level=replica', '-c max_wal_senders=4']);
    await asServerUser(postgresBin('pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyData,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    await pgCtlStart(standbyData, standbyPort, []);
  } catch (error) {
    await Promise.all([admin.end({ timeout: 1 }), standbyAdmin.end({ timeout: 1 })]);
    emergencyStop();
    leftRunning.delete(emergencyStop);
    throw error;
  }

  const replicated: ReplicatedPostgres = {
    primaryUrl: (name = 'postgres') => url(primaryPort, name),
    standbyUrl: (name = 'postgres') => url(standbyPort, name),
    async createDatabase(name) {
      await admin.unsafe(`create database "${name}"`);
    },
    async caughtUp() {
      const [{ lsn: target }] = (await admin`select pg_current_wal_lsn()::text as lsn`) as unknown as [
        { lsn: string },
      ];
      const until = Date.now() + 20_000;
      for (;;) {
        const [row] = await standbyAdmin`select pg_last_wal_replay_lsn() >= ${target}::pg_lsn as done`;
        if (row!.done) return;
        if (Date.now() > until) throw new Error(`the standby did not replay up to ${target} in 20 s`);
        await new Promise((done) => setTimeout(done, 10));
      }
    },
    async pauseReplay() {
      await standbyAdmin`select pg_wal_replay_pause()`;
    },
    async resumeReplay() {
      await standbyAdmin`select pg_wal_replay_resume()`;
    },
    async stopStandby() {
      await standbyAdmin.end({ timeout: 1 });
      await asServerUser(postgresBin('pg_ctl'), ['-D', standbyData, '-m', 'fast', '-w', 'stop']);
      running.delete(standbyData);
    },
    startMs: 0,
    async close() {
      await Promise.all([
        admin.end({ timeout: 1 }),
        standbyAdmin.end({ timeout: 1 }),
        ...[...running].map((data) =>
          asServerUser(postgresBin('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']).catch(() => {}),
        ),
      ]);
      running.clear();
      rmSync(dir, { recursive: true, force: true });
      leftRunning.delete(emergencyStop);
    },
  };
  // In recovery and streaming: the standby answers, and the primary sees its WAL receiver.
  await replicated.caughtUp();
  replicated.startMs = Math.round(performance.now() - started);
  return replicated;
}

export interface PgBouncer {
  /** A URL of database `name` through the pooler. */
  url(name: string): string;
  close(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of `serverUrl`'s server (every database, as user postgres, trust
 * authentication), with `poolSize` server connections per database: fewer than the clients' pool, so
 * consecutive transactions of one client connection do run on different server connections.
 */
export async function startPgBouncer(serverUrl: string, poolSize = 2): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const dir = serverDir('khel-pgbouncer-');
  const port = await freePort();
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const user = serverUser();
  if (user) for (const file of ['pgbouncer.ini', 'users.txt']) chownSync(join(dir, file), user.uid, user.gid);
  const child: ChildProcess = spawn('pgbouncer', [ini], { ...user, stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const failed = new Promise<never>((_, fail) =>
    child.once('error', (error) => fail(new Error(`pgbouncer did not start: ${error.message}`))),
  );
  failed.catch(() => {});
  const emergencyStop = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  stopAtExit(emergencyStop);
  try {
    await Promise.race([accepting(port), failed]);
  } catch (error) {
    emergencyStop();
    leftRunning.delete(emergencyStop);
    throw error;
  }
  return {
    url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    async close() {
      // SIGTERM: PgBouncer's immediate shutdown.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
      leftRunning.delete(emergencyStop);
    },
  };
}
