/**
 * Telegram's flood limits for bots: about one message per second in a chat and about 30 per second overall.
 * Only accepted sends count; a refused one does not push the window further.
 */
export class SendRateLimiter {
  private accepted: Array<{ at: number; chat: string }> = [];

  constructor(
    private readonly perChatPerWindow = 1,
    private readonly globalPerWindow = 30,
    private readonly windowMs = 1_000,
  ) {}

  /** Records the send and returns null when allowed; otherwise the `retry_after` seconds Telegram would give. */
  take(chat: string, now: number): number | null {
    const retryAfter = this.peek(chat, now);
    if (retryAfter === null) this.accepted.push({ at: now, chat });
    return retryAfter;
  }

  /** What `take` would answer, without recording the send. */
  peek(chat: string, now: number): number | null {
    this.accepted = this.accepted.filter((send) => now - send.at < this.windowMs);
    const inChat = this.accepted.filter((send) => send.chat === chat);
    if (inChat.length >= this.perChatPerWindow) {
      return this.secondsUntilFree(inChat[inChat.length - this.perChatPerWindow]?.at ?? now, now);
    }
    if (this.accepted.length >= this.globalPerWindow) {
      return this.secondsUntilFree(
        this.accepted[this.accepted.length - this.globalPerWindow]?.at ?? now,
        now,
      );
    }
    return null;
  }

  private secondsUntilFree(oldestCounted: number, now: number): number {
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - now) / 1_000));
  }
}
