import { describe, expect, it } from 'vitest';
import { shareLinks } from '../../../lib/share-links.ts';
import { campaign } from '../components/campaign-fixtures.ts';
import {
  campaignSlugFromPath,
  countdownParts,
  initialsOf,
  slotsTaken,
  tabQuery,
  variantBadge,
  visitorButton,
} from './campaign-view.ts';

describe('campaign view rules', () => {
  it('maps each tab to its by-state query', () => {
    expect(tabQuery('featured')).toEqual({ status: 'LIVE', featured: 'true', upcoming: 'true' });
    expect(tabQuery('upcoming')).toEqual({ status: 'UPCOMING' });
    expect(tabQuery('ended')).toEqual({ status: 'ENDED' });
  });

  it('reads the slug of a campaign page and of its verify page', () => {
    expect(campaignSlugFromPath('/k-drop/campaigns/summer-drop')).toBe('summer-drop');
    expect(campaignSlugFromPath('/k-drop/campaigns/summer-drop/verify/')).toBe('summer-drop');
    expect(campaignSlugFromPath('/k-drop/campaigns')).toBeNull();
  });

  it('badges each variant as a game would', () => {
    const fixed = campaign().reward;
    expect(variantBadge(fixed)).toEqual({ key: 'slots', count: 100 });
    expect(slotsTaken(fixed)).toBeCloseTo(0.25);
    expect(
      variantBadge({
        ...fixed,
        variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
        bands: [
          { fromRank: 1, toRank: 1, share: fixed.pool },
          { fromRank: 2, toRank: 10, share: fixed.pool },
        ],
      }),
    ).toEqual({ key: 'top', count: 10 });
    expect(variantBadge({ ...fixed, variant: 'OPEN_SLOT_RAFFLE_REWARD', winners: 5 })).toEqual({
      key: 'raffle',
      count: 5,
    });
    expect(slotsTaken({ ...fixed, totalSlots: null, remainingSlots: null })).toBeNull();
  });

  it('counts down in its two largest units', () => {
    expect(countdownParts((2 * 86_400 + 4 * 3600 + 59) * 1000)).toEqual([
      { unit: 'd', count: 2 },
      { unit: 'h', count: 4 },
    ]);
    expect(countdownParts(65_000)).toEqual([
      { unit: 'm', count: 1 },
      { unit: 's', count: 5 },
    ]);
    expect(countdownParts(-5)).toEqual([{ unit: 's', count: 0 }]);
  });

  it("gives a visitor SPEC §4's button by the clock", () => {
    const c = campaign();
    expect(visitorButton(c, Date.parse(c.startsAt) - 1)).toBe('COMING_SOON');
    expect(visitorButton(c, Date.parse(c.startsAt) + 1)).toBe('GET_STARTED');
    expect(visitorButton(c, Date.parse(c.endsAt))).toBe('ENDED');
  });

  it('builds the share addresses of Telegram, WhatsApp and X', () => {
    const links = shareLinks('https://khel.example/k-drop/campaigns/x?ref=AB12', 'Join me');
    expect(links.telegram).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fkhel.example%2Fk-drop%2Fcampaigns%2Fx%3Fref%3DAB12&text=Join%20me',
    );
    expect(links.whatsapp).toBe(
      'https://wa.me/?text=Join%20me%20https%3A%2F%2Fkhel.example%2Fk-drop%2Fcampaigns%2Fx%3Fref%3DAB12',
    );
    expect(links.x).toMatch(/^https:\/\/x\.com\/intent\/post\?text=Join%20me&url=https%3A/);
    expect(initialsOf('ravi kumar')).toBe('RK');
    expect(initialsOf('')).toBe('?');
  });
});
