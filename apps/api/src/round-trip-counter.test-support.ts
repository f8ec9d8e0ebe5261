import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that counts round trips: on each connection, every time the client
 * writes after the server last spoke (or first) is one. Statements pipelined in one write, or in several
 * writes before any answer, count once; a statement sent after an answer came back counts again. A
 * machine-independent measure of what a request costs both processes (each round trip wakes both).
 */
export interface RoundTripCounter {
  /** A URL of the database given, through the proxy. */
  url: string;
  /** Round trips so far, over every connection. */
  count(): number;
  close(): Promise<void>;
}

export async function roundTripCounter(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  let trips = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let serverSpokeLast = true;
    client.on('data', (chunk) => {
      if (serverSpokeLast) trips++;
      serverSpokeLast = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      serverSpokeLast = true;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    count: () => trips,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
