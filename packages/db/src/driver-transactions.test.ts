import { once } from 'node:events';
import { connect } from 'node:net';
import postgres from 'postgres';
import { afterAll, expect, inject, it } from 'vitest';
import { createTestPostgresDatabase } from './test-database.ts';

/**
 * postgres.js 3.4.9 could write a transaction's BEGIN without reserving its connection for it: the hook
 * that reserves it (`onexecute`) sat at the end of an `&&` chain after "the pipeline has room" and "the
 * socket took it", so when BEGIN was the query that filled a connection's pipeline, or met the socket's
 * backpressure, the hook was skipped and the BEGIN's answer failed with UNSAFE_TRANSACTION (upstream
 * porsager/postgres#823, #1189, #1210). A burst of 500 quest starts on a 10-connection pool met it on this
 * project's CI. `patches/postgres@3.4.9.patch` runs the hook whenever BEGIN is written. The test reaches
 * that path on every BEGIN (`max_pipeline: 0`: the capacity term is always false), as the default 100 does
 * only now and then.
 */
const database = await createTestPostgresDatabase(inject('postgresAdminUrl'));
afterAll(() => database.close());

it('PostgreSQL: sql.begin reserves its connection when its BEGIN fills the pipeline (max_pipeline 0)', async () => {
  // max_pipeline is a connection option postgres.js reads but its types do not declare.
  const options = { max: 2, max_pipeline: 0, onnotice: () => {} } as postgres.Options<
    Record<string, postgres.PostgresType>
  >;
  const sql = postgres(database.url, options);
  try {
    expect(await Promise.all(Array.from({ length: 6 }, (_, i) => inTransaction(sql, i)))).toEqual(
      Array.from({ length: 6 }, (_, i) => ({ i, same: true })),
    );
  } finally {
    await sql.end({ timeout: 2 });
  }
});

/** A transaction of two statements that reads its own transaction id twice: the same one, if it held its connection. */
function inTransaction(sql: postgres.Sql, i: number): Promise<{ i: number; same: boolean }> {
  return sql.begin(async (tx) => {
    const [row] = await tx`select ${i}::int as i, txid_current() as txid`;
    const [again] = await tx`select txid_current() as txid`;
    return { i: row!.i as number, same: String(row!.txid) === String(again!.txid) };
  }) as Promise<{ i: number; same: boolean }>;
}

/**
 * `patches/postgres@3.4.9.patch` also sends a plain BEGIN without waiting for its answer: once it has its
 * connection, the transaction's first statement follows it in the same socket write, and the BEGIN's answer
 * is checked before COMMIT. A transaction of two statements is then three writes (BEGIN and the first, the
 * second, COMMIT), not four; and still one transaction.
 */
it('PostgreSQL: sql.begin sends BEGIN with the first statement, one write, and stays one transaction', async () => {
  const url = new URL(database.url);
  let writes = 0;
  const counted = async () => {
    const socket = connect(Number(url.port || 5432), url.hostname);
    await once(socket, 'connect');
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((...args: unknown[]) => {
      writes++;
      return write(...args);
    }) as typeof socket.write;
    return socket;
  };
  // \`socket\` is a connection option postgres.js reads but its types do not declare.
  const options = { max: 1, onnotice: () => {}, socket: counted } as postgres.Options<
    Record<string, postgres.PostgresType>
  >;
  const sql = postgres(database.url, options);
  try {
    await sql`create table if not exists begin_pipeline (n int)`;
    const twoStatements = () =>
      sql.begin(async (tx) => {
        await tx`insert into begin_pipeline values (1)`;
        await tx`select txid_current() as txid`;
      });
    await twoStatements(); // connected, and each text prepared once
    const before = writes;
    await twoStatements();
    expect(writes - before).toBe(3);

    // A failure rolls back what the transaction wrote, BEGIN pipelined or not.
    await expect(
      sql.begin(async (tx) => {
        await tx`insert into begin_pipeline values (2)`;
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const [row] =
      await sql`select count(*)::int as n, count(*) filter (where n = 2)::int as twos from begin_pipeline`;
    expect(row).toEqual({ n: 2, twos: 0 });
  } finally {
    await sql.end({ timeout: 2 });
  }
});
