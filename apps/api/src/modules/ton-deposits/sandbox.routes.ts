import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, envelope } from '../../lib/http.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { TON_DEPOSIT_WATCH_JOB } from './watcher.ts';

const NOT_FOUND_MESSAGE = 'Not found';
const TRANSFER_MESSAGE = 'A transfer is from, to, amount (nanoton) and an optional payload (base64 BOC).';

/** TON Connect's message, as the gamer's wallet gets it, plus the wallet that sends it. */
const transferSchema = z
  .object({
    from: z.string().min(1).max(100),
    to: z.string().min(1).max(100),
    amount: z.string().regex(/^[1-9]\d{0,18}$/),
    payload: z.string().max(4000).optional(),
    bounce: z.boolean().optional(),
    bounced: z.boolean().optional(),
  })
  .strict();

/**
 * POST /api/sandbox/ton/transfers (outside the contract, 404 in production and on a real chain): the
 * gamer's wallet sending a message on the emulator, as TON Connect's sendTransaction makes a real
 * wallet do (the e2e wallet calls it). The emulator runs it; the watcher is asked to look now, as a
 * new block would have it look (the job runs it, so it is the same path as every 10 s).
 */
export function tonSandboxRouter() {
  const app = new Hono<AppEnv>();
  app.post('/sandbox/ton/transfers', async (c) => {
    const deps = c.get('deps');
    if (deps.env.NODE_ENV === 'production') throw new AppError(404, NOT_FOUND_MESSAGE);
    const chain = await deps.tonDeposits.chain();
    if (!chain?.sandboxSend) throw new AppError(404, NOT_FOUND_MESSAGE);
    const parsed = transferSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new AppError(400, TRANSFER_MESSAGE);
    const { Address, Cell } = await import('@ton/core');
    const input = parsed.data;
    let message: Parameters<NonNullable<typeof chain.sandboxSend>>[0];
    try {
      message = {
        from: Address.parse(input.from),
        to: Address.parse(input.to),
        value: BigInt(input.amount),
        body: input.payload ? Cell.fromBase64(input.payload) : null,
        // The deposit address is given non-bounceable (UQ…): wallets send to it without bounce.
        bounce: input.bounce ?? false,
        bounced: input.bounced ?? false,
      };
    } catch {
      throw new AppError(400, TRANSFER_MESSAGE);
    }
    const inbound = await chain.sandboxSend(message);
    await enqueueJob(deps.db, {
      kind: TON_DEPOSIT_WATCH_JOB,
      runAt: deps.clock(),
      dedupeKey: `${TON_DEPOSIT_WATCH_JOB}:now`,
    });
    return envelope(c, 200, { txHash: inbound?.hash ?? null }, 'Sent');
  });
  return app;
}
