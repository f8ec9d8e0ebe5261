import { sleep } from '../backoff.ts';

/**
 * Keeps sends within Telegram's overall flood limit: at most `limit` sends in any `windowMs`. A send counts from
 * when it starts until `windowMs` after its answer came back, so however long the request took on the way, the
 * server never sees more than `limit` arrivals in one window (its arrival is before our answer). Refused sends
 * count too: Telegram does not say they are free.
 */
export class SendPacer {
  private readonly finished: number[] = [];
  private inFlight = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    if (!(limit >= 1) || !(windowMs > 0)) throw new RangeError('SendPacer: limit ≥ 1 and windowMs > 0');
  }

  /** Runs `send` once a slot is free; rejects with the send's error. Resolves undefined when aborted first. */
  async run<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T | undefined> {
    if (!(await this.acquire(signal))) return undefined;
    try {
      return await send();
    } finally {
      this.inFlight -= 1;
      this.finished.push(this.clock());
      for (const wake of [...this.waiters]) wake();
    }
  }

  private async acquire(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal?.aborted) return false;
      const now = this.clock();
      while (this.finished.length > 0 && (this.finished[0] as number) + this.windowMs <= now)
        this.finished.shift();
      if (this.inFlight + this.finished.length < this.limit) {
        this.inFlight += 1;
        return true;
      }
      // Wake when the oldest finished send leaves the window, or when a send in flight finishes.
      const oldest = this.finished[0];
      const wait = oldest === undefined ? this.windowMs : oldest + this.windowMs - now + 1;
      const controller = new AbortController();
      const wake = () => controller.abort();
      this.waiters.add(wake);
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      await sleep(wait, controller.signal);
      signal?.removeEventListener('abort', onAbort);
      this.waiters.delete(wake);
    }
  }
}
