/** How late a timer may fire (it counts whole milliseconds) without the schedule sliding by it. */
const TIMER_SLACK_MS = 1;

/**
 * Paces sends at a configured rate: `limit` sends per `windowMs` (e.g. 30 per second, or 1 000 with paid
 * broadcasts). Two rules, both must allow a send:
 *
 * - **A token bucket** (kept as its theoretical arrival time, GCRA): a token every `windowMs / limit`, at most
 *   `burst` of them saved up (default 1), so sends go out evenly spaced instead of in bursts at the start of each
 *   second. N sends take (N − 1) / rate, never less.
 * - **A sliding window counted from the answers**: at most `limit` sends in any `windowMs`, a send counting from
 *   when it starts until `windowMs` after its answer came back. However long a request took on the way, the server
 *   never sees more than `limit` arrivals in one window (its arrival is before our answer), whatever the network
 *   did to the spacing. Refused sends count too: Telegram does not say they are free.
 *
 * Waiters are served first come first served from one queue with one timer, so a thousand sends waiting cost one
 * wake-up per send, not one per waiter.
 */
export class SendPacer {
  private readonly intervalMs: number;
  /** When the next token is due (GCRA's theoretical arrival time). */
  private nextTokenAt = Number.NEGATIVE_INFINITY;
  /** When each finished send leaves the window, oldest first. */
  private readonly finished: number[] = [];
  private inFlight = 0;
  private readonly queue: Array<(admitted: boolean) => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
    private readonly burst = 1,
  ) {
    if (!(limit >= 1) || !(windowMs > 0) || !(burst >= 1) || burst > limit)
      throw new RangeError('SendPacer: limit ≥ 1, windowMs > 0 and 1 ≤ burst ≤ limit');
    this.intervalMs = windowMs / limit;
  }

  /** Sends per second this pacer allows. */
  get perSecond(): number {
    return (this.limit * 1_000) / this.windowMs;
  }

  /** Runs `send` once the rate allows it; rejects with the send's error. Resolves undefined when aborted first. */
  async run<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T | undefined> {
    if (!(await this.acquire(signal))) return undefined;
    try {
      return await send();
    } finally {
      this.inFlight -= 1;
      this.finished.push(this.clock() + this.windowMs);
      this.pump();
    }
  }

  private acquire(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onAbort = () => {
        const at = this.queue.indexOf(admit);
        if (at >= 0) this.queue.splice(at, 1);
        resolve(false);
        this.pump();
      };
      const admit = (admitted: boolean) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(admitted);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(admit);
      this.pump();
    });
  }

  /** Admits queued sends while both rules allow, then sets one timer for when the next may go. */
  private pump(): void {
    for (;;) {
      if (this.queue.length === 0) {
        this.clearTimer();
        return;
      }
      const now = this.clock();
      while (this.finished.length > 0 && (this.finished[0] as number) <= now) this.finished.shift();
      const tokenAt = this.nextTokenAt - (this.burst - 1) * this.intervalMs;
      const windowFull = this.inFlight + this.finished.length >= this.limit;
      if (now >= tokenAt && !windowFull) {
        // A timer fires up to a millisecond late (whole milliseconds): keep the schedule rather than drift by it.
        this.nextTokenAt = Math.max(this.nextTokenAt, now - TIMER_SLACK_MS) + this.intervalMs;
        this.inFlight += 1;
        this.queue.shift()?.(true);
        continue;
      }
      // A send in flight that finishes calls pump() again; otherwise wait for a token or the window to move.
      const windowAt = windowFull ? (this.finished[0] ?? Number.POSITIVE_INFINITY) : now;
      const at = Math.max(tokenAt, windowAt);
      if (at === Number.POSITIVE_INFINITY) {
        this.clearTimer();
        return;
      }
      if (this.timer !== undefined && this.timerAt <= at) return;
      this.clearTimer();
      this.timerAt = at;
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.timerAt = Number.POSITIVE_INFINITY;
          this.pump();
        },
        Math.max(0, Math.ceil(at - now)),
      );
      return;
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
