/**
 * Telegram's flood limits for bots: about one message per second in a chat and about 30 per second overall. A
 * send with `allow_paid_broadcast` ignores the overall broadcasting limit up to `paidGlobalPerWindow` (the Bot
 * API's 1 000 messages per second, for 0.1 Star each); the per-chat limit holds for it too. Paid and free sends
 * share one count: a free send is refused once 30 sends of any kind went out in the window, a paid one once 1 000
 * did. Only accepted sends count; a refused one does not push the window further.
 */
export class SendRateLimiter {
  private accepted: Array<{ at: number; chat: string }> = [];
  /** Index of the oldest send still in the window (the array is trimmed now and then, not on every call). */
  private start = 0;
  private readonly perChat = new Map<string, number[]>();

  constructor(
    private readonly perChatPerWindow = 1,
    private readonly globalPerWindow = 30,
    private readonly windowMs = 1_000,
    private readonly paidGlobalPerWindow = 1_000,
  ) {}

  /** Records the send and returns null when allowed; otherwise the `retry_after` seconds Telegram would give. */
  take(chat: string, now: number, paid = false): number | null {
    const retryAfter = this.peek(chat, now, paid);
    if (retryAfter === null) {
      this.accepted.push({ at: now, chat });
      const times = this.perChat.get(chat);
      if (times) times.push(now);
      else this.perChat.set(chat, [now]);
    }
    return retryAfter;
  }

  /** What `take` would answer, without recording the send. */
  peek(chat: string, now: number, paid = false): number | null {
    this.expire(now);
    const inChat = this.perChat.get(chat) ?? [];
    if (inChat.length >= this.perChatPerWindow) {
      return this.secondsUntilFree(inChat[inChat.length - this.perChatPerWindow] ?? now, now);
    }
    const limit = paid ? Math.max(this.globalPerWindow, this.paidGlobalPerWindow) : this.globalPerWindow;
    const inWindow = this.accepted.length - this.start;
    if (inWindow >= limit) {
      return this.secondsUntilFree(this.accepted[this.accepted.length - limit]?.at ?? now, now);
    }
    return null;
  }

  private expire(now: number): void {
    while (this.start < this.accepted.length) {
      const oldest = this.accepted[this.start] as { at: number; chat: string };
      if (now - oldest.at < this.windowMs) break;
      this.start += 1;
      const times = this.perChat.get(oldest.chat);
      times?.shift();
      if (times?.length === 0) this.perChat.delete(oldest.chat);
    }
    if (this.start > 4_096 && this.start * 2 > this.accepted.length) {
      this.accepted = this.accepted.slice(this.start);
      this.start = 0;
    }
  }

  private secondsUntilFree(oldestCounted: number, now: number): number {
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - now) / 1_000));
  }
}
