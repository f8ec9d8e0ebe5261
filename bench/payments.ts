/**
 * Payment paths bench (issue 27): what booking a Telegram Stars payment costs against the existing checkout path,
 * on PostgreSQL, in one run. The API runs as a process of its own (`main-api.ts` on a throwaway database, Telegram
 * played by the fake Bot API in this process); this process is the load generator. Three figures, each the
 * requests a second at `BENCH_CONCURRENCY` (8) in flight and the latency of each, over `BENCH_PAYMENTS` (200)
 * payments by as many gamers:
 *
 * - **checkout webhook** (the baseline): the payment provider's signed `payment.succeeded` for a deposit, which
 *   credits bought K-Cash (`POST /api/onramp/webhook/sandbox`);
 * - **Stars pre-checkout**: the bot's hand-over of a `pre_checkout_query` (`POST /api/bot/stars/pre-checkout`),
 *   which Telegram wants answered within 10 s;
 * - **Stars payment**: the bot's hand-over of a `successful_payment` (`POST /api/bot/stars/payments`), which
 *   books the Stars and the pack's K-Cash.
 *
 * Each is printed with its ratio to the baseline. It asserts nothing and exits 0 whatever it finds.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { botActorAuthorization } from '@khel/core/bot-actor';
import { createDatabase, createTestPostgresDatabase, schema } from '@khel/db';
import { startFakeTelegram } from '@khel/tests/fake-telegram';
import { eq } from 'drizzle-orm';
import { signWebhook } from '../apps/api/src/modules/payments/signature.ts';
import { signInitData } from '../apps/api/src/test-support.ts';
import { startServer } from './server.ts';
import { ADMIN_URL, positive } from './support.ts';

const PAYMENTS = Math.round(positive('BENCH_PAYMENTS', 200));
const CONCURRENCY = Math.round(positive('BENCH_CONCURRENCY', 8));
const TOKEN = '7000000003:AABench_khel-payments-bench-token-0001';
const WEBHOOK_SECRET = 'bench-payments-webhook-secret-0123456789abcdef';

interface Gamer {
  telegramId: number;
  auth: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/** Runs `work` for each index with `CONCURRENCY` in flight; the rate and each one's latency. */
async function timed(count: number, work: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        await work(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  return { rate: count / seconds, p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  const admin = new URL(ADMIN_URL);
  const database = await createTestPostgresDatabase(admin.toString());
  const work = mkdtempSync(join(tmpdir(), 'khel-bench-payments-'));
  const fake = await startFakeTelegram({ token: TOKEN });
  const load = loadavg();
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    api = await startServer({
      args: ['apps/api/src/main-api.ts'],
      env: {
        NODE_ENV: 'development',
        DATABASE_URL: database.url,
        DATA_DIR: join(work, 'data'),
        LOG_LEVEL: 'warn',
        SERVE_FRONT_ENDS: 'false',
        SEED_DEMO_DATA: 'true',
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: fake.apiRoot,
        PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      ready: '/api/health/ready',
    });
    const base = api.base;
    const handle = createDatabase({ kind: 'postgres', url: database.url, max: 2 });
    const db = handle.db;

    // Gamers signed in from the Mini App (a Telegram account each: Stars need one), made before any timing.
    const gamers: Gamer[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const telegramId = 800_000_000 + i;
      const initData = signInitData({ id: telegramId, first_name: `Bench ${i}` }, new Date(), TOKEN);
      const signed = await call(base, 'POST', '/authentication/telegram', {
        authorization: `tma ${initData}`,
      });
      gamers.push({ telegramId, auth: `Bearer ${signed.data.accessToken as string}` });
    }
    const [pack] = (await call(base, 'GET', '/stars/packs', {})).data.packs as {
      id: string;
      stars: number;
    }[];
    if (!pack) throw new Error('no Stars pack seeded');

    // The checkout path: a deposit each, its sandbox payment, then the provider's signed webhook (timed).
    const deposits: { depositId: string; body: string }[] = [];
    for (const g of gamers) {
      const { depositId } = (
        await call(
          base,
          'POST',
          '/onramp/deposit',
          { authorization: g.auth },
          { amount: '5000000', currency: 'USDT' },
        )
      ).data as unknown as { depositId: string };
      const [payment] = await db
        .select()
        .from(schema.sandboxPayments)
        .where(eq(schema.sandboxPayments.reference, depositId));
      if (!payment) throw new Error('no sandbox payment for the deposit');
      deposits.push({
        depositId,
        body: JSON.stringify({
          id: `evt_${randomUUID()}`,
          type: 'payment.succeeded',
          data: {
            paymentId: payment.id,
            reference: depositId,
            amount: payment.amount.toString(),
            currency: payment.currency,
          },
        }),
      });
    }
    const checkout = await timed(PAYMENTS, (i) => {
      const d = deposits[i]!;
      return call(
        base,
        'POST',
        '/onramp/webhook/sandbox',
        { 'khel-signature': signWebhook(WEBHOOK_SECRET, d.body, new Date()) },
        d.body,
      );
    });

    // The Stars path: an invoice each (untimed), the pre-checkout hand-over (timed), the payment (timed).
    const invoices: string[] = [];
    for (const g of gamers) {
      const invoice = await call(
        base,
        'POST',
        '/stars/invoices',
        { authorization: g.auth },
        { product: 'kcash_pack', packId: pack.id },
      );
      invoices.push(invoice.data.invoiceId as string);
    }
    const bot = async (telegramId: number) => ({
      authorization: await botActorAuthorization(TOKEN, telegramId, new Date()),
    });
    const preCheckout = await timed(PAYMENTS, async (i) => {
      const g = gamers[i]!;
      const answer = await call(base, 'POST', '/bot/stars/pre-checkout', await bot(g.telegramId), {
        queryId: `q${randomUUID()}`,
        currency: 'XTR',
        invoicePayload: invoices[i],
        totalAmount: pack.stars,
      });
      if (answer.data.ok !== true) throw new Error(`pre-checkout refused: ${JSON.stringify(answer.data)}`);
    });
    const payment = await timed(PAYMENTS, async (i) => {
      const g = gamers[i]!;
      await call(base, 'POST', '/bot/stars/payments', await bot(g.telegramId), {
        currency: 'XTR',
        telegramPaymentChargeId: `stxBench${randomUUID()}`,
        invoicePayload: invoices[i],
        totalAmount: pack.stars,
      });
    });
    await handle.close();

    console.log(
      `\nKhel payment paths on PostgreSQL: ${PAYMENTS} payments by as many gamers, ${CONCURRENCY} in flight, the API a process of its own; load average ${load.map((l) => l.toFixed(1)).join(' ')} at the start\n`,
    );
    const row = (name: string, f: { rate: number; p50: number; p99: number }) =>
      console.log(
        `${name.padEnd(34)}${f.rate.toFixed(1).padStart(9)}/s${f.p50.toFixed(1).padStart(9)} ms${f.p99.toFixed(1).padStart(9)} ms${`${(f.rate / checkout.rate).toFixed(2)} ×`.padStart(10)}`,
      );
    console.log(
      `${'path'.padEnd(34)}${'rate'.padStart(11)}${'p50'.padStart(12)}${'p99'.padStart(12)}${'÷ checkout'.padStart(11)}`,
    );
    row('checkout webhook (baseline)', checkout);
    row('Stars pre-checkout (10 s limit)', preCheckout);
    row('Stars successful payment', payment);
  } finally {
    await api?.stop();
    await fake.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(0);
  },
);
