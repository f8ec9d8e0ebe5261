import { randomInt } from 'node:crypto';
import { verhoeffCheckDigit } from '@khel/core/validation';
import { type Executor, schema } from '@khel/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { runDueJobs } from '../../lib/jobs.ts';
import type { TestContext } from '../../test-support.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = () => LETTERS[randomInt(0, 26)]!;

/** A fresh individual PAN; `digits` picks a sandbox rule (9999 name mismatch, 0000 not found). */
export function randomPan(digits?: string): string {
  let d = digits;
  while (d === undefined || (digits === undefined && (d === '0000' || d === '9999')))
    d = String(randomInt(0, 10_000)).padStart(4, '0');
  return `${letter()}${letter()}${letter()}P${letter()}${d}${letter()}`;
}

/** A fresh valid Aadhaar (Verhoeff); `prefix` 9999 is the sandbox's "not found". */
export function randomAadhaar(prefix = ''): string {
  let body = prefix;
  while (body.length < 11) body += String(body.length === 0 ? randomInt(2, 10) : randomInt(0, 10));
  // A random body starting 9999 would hit the sandbox rule by chance.
  if (prefix === '' && body.startsWith('9999')) body = `8${body.slice(1)}`;
  return `${body}${verhoeffCheckDigit(body)}`;
}

/** As printed on the card: `2341 2341 2346`. */
export const spaced = (aadhaar: string) => aadhaar.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A fresh account number (12 digits), never ending 0000 unless asked. */
export function randomAccount(suffix = ''): string {
  let n = '';
  while (n.length < 12 - suffix.length) n += String(randomInt(0, 10));
  if (suffix === '' && n.endsWith('0000')) n = `${n.slice(0, -1)}7`;
  return `${n}${suffix}`;
}

/** Known branches in razorpay's data. */
export const SBI_NEW_DELHI = 'SBIN0000691';
export const KOTAK = 'KKBK0000261';

export async function post(ctx: TestContext, auth: Record<string, string>, path: string, body: unknown) {
  return ctx.json(path, { method: 'POST', body, headers: auth });
}

/** Runs every due job (the provider's decisions) until none is left. */
export async function decide(ctx: TestContext) {
  let total = 0;
  for (;;) {
    const r = await runDueJobs(ctx.deps, { limit: 50 });
    total += r.taken;
    if (r.taken === 0) return total;
  }
}

export async function kycRows(ctx: TestContext, userId: string) {
  return ctx.deps.db.select().from(schema.kycDocuments).where(eq(schema.kycDocuments.userId, userId));
}

export async function kycJobs(ctx: TestContext) {
  return ctx.deps.db.select().from(schema.jobs).where(eq(schema.jobs.kind, 'kyc.check'));
}

/** Rows of a raw query on either driver. */
export async function rawRows<T = Record<string, unknown>>(db: Executor, query: SQL | string): Promise<T[]> {
  const result = (await db.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface SseBlock {
  event: string | null;
  data: string | null;
  id: string | null;
  retry: number | null;
  comments: string[];
}

/** Reads a server-sent event stream from `app.request`'s body, one block (up to a blank line) at a time. */
export async function openEventStream(ctx: TestContext, headers: Record<string, string>) {
  const res = await ctx.app.request('/kyc/verification-check', { headers });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const parse = (block: string): SseBlock => {
    const out: SseBlock = { event: null, data: null, id: null, retry: null, comments: [] };
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) out.comments.push(line.slice(1).trim());
      else if (line.startsWith('data: '))
        out.data = (out.data === null ? '' : `${out.data}\n`) + line.slice(6);
      else if (line.startsWith('event: ')) out.event = line.slice(7);
      else if (line.startsWith('id: ')) out.id = line.slice(4);
      else if (line.startsWith('retry: ')) out.retry = Number(line.slice(7));
    }
    return out;
  };
  return {
    res,
    /** The next block, or null when the stream ended. Fails after `timeoutMs`. */
    async next(timeoutMs = 8_000): Promise<SseBlock | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return parse(block);
        }
        if (ended) return null;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no server-sent event in time');
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), left);
          }),
        ]);
        clearTimeout(timer);
        if (chunk === 'timeout') throw new Error('no server-sent event in time');
        if (chunk.done) ended = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** The next block that carries data, skipping keep-alive comments. */
    async nextEvent(timeoutMs = 8_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = await this.next(Math.max(1, deadline - Date.now()));
        if (block === null || block.data !== null) return block;
      }
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}
