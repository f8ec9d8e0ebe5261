import type { Friends, Referral } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { friendsQueryKey, referralQueryKey } from '../api/get-friends.ts';
import { FriendsScreen } from './friends-screen.tsx';

const referral: Referral = {
  code: 'ABCD2345',
  links: {
    website: 'https://khel.example/?ref=ABCD2345',
    miniApp: 'https://t.me/khel_bot/play?startapp=ref_ABCD2345',
  },
  invited: 2,
};
const friends = (list: Friends['friends'], nextCursor: string | null = null) => ({
  pages: [{ invited: list.length, xpEarned: 100 * list.length, friends: list, nextCursor }],
  pageParams: [undefined],
});
const ravi = {
  id: '6f1c9b3e-2d4a-4b8c-9e1f-0a2b3c4d5e6f',
  name: 'ravi07',
  level: 3,
  xp: 340,
  joinedAt: '2026-11-20T10:00:00.000Z',
};
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the friends screen', () => {
  it('shows the invite links to copy and share, what friends gave, and each friend with their level', () => {
    const html = renderScreen(<FriendsScreen />, {
      queries: [
        [referralQueryKey, referral],
        [friendsQueryKey, friends([ravi], ravi.id)],
      ],
    });
    const text = plain(html);
    expect(text).toContain('Link to the website');
    expect(text).toContain('Link to the Telegram app');
    expect(html).toContain(encodeURIComponent(referral.links!.website));
    expect(text).toContain('Friends who joined 1');
    expect(text).toContain('XP from friends 100 XP');
    expect(text).toMatch(/ravi07 Joined 20\/Nov\/26 Level 3 340 XP/);
    expect(text).toContain('Show more');
  });

  it('offers to make the link, and says who will show up while nobody joined', () => {
    const html = renderScreen(<FriendsScreen />, {
      queries: [
        [referralQueryKey, { code: null, links: null, invited: 0 }],
        [friendsQueryKey, friends([])],
      ],
    });
    expect(plain(html)).toContain('Get my invite link');
    expect(plain(html)).toContain('No friends here yet');
    expect(plain(html)).not.toContain('Show more');
  });

  it('speaks Hindi and Portuguese', () => {
    const q = {
      queries: [
        [referralQueryKey, referral],
        [friendsQueryKey, friends([ravi])],
      ] as const,
    };
    expect(plain(renderScreen(<FriendsScreen />, { ...q, language: 'hi' }))).toContain('आपके दोस्त');
    expect(plain(renderScreen(<FriendsScreen />, { ...q, language: 'pt-BR' }))).toContain('Seus amigos');
  });
});
