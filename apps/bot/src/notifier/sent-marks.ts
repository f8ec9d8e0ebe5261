import type { Database } from '@khel/db';
import { type ClaimedNotification, markSentMany } from './outbox-store.ts';

/**
 * Gathers the rows Telegram accepted and marks them sent many at a time: at 1 000 messages a second one UPDATE per
 * message was the notifier's bottleneck. A mark waits at most `delayMs` (or until `most` are waiting) and resolves
 * once its row is written, so an outcome is reported only after the database has it. Until then the row keeps its
 * lease, so no worker sends it again; a crash in between sends it again after the lease (at least once, as before).
 */
export class SentMarks {
  private waiting: Array<{ n: ClaimedNotification; at: Date; done: (error?: unknown) => void }> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly db: Database,
    private readonly perChatIntervalMs: number,
    private readonly delayMs = 20,
    private readonly most = 200,
  ) {}

  mark(n: ClaimedNotification, at: Date): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ n, at, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (this.waiting.length >= this.most) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
    });
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.waiting;
    this.waiting = [];
    if (rows.length === 0) return;
    markSentMany(this.db, rows, this.perChatIntervalMs).then(
      () => {
        for (const r of rows) r.done();
      },
      (error: unknown) => {
        for (const r of rows) r.done(error ?? new Error('marking sent failed'));
      },
    );
  }
}
