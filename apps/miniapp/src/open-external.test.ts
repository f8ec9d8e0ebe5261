import { describe, expect, it } from 'vitest';
import { botChatLink } from './open-external.ts';

describe('botChatLink', () => {
  it("is the bot's chat from the Mini App's t.me link, or null without one", () => {
    expect(botChatLink('https://t.me/khel_bot/app')).toBe('https://t.me/khel_bot');
    expect(botChatLink(null)).toBeNull();
  });
});
