import { describe, expect, it } from 'vitest';
import { signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import {
  campaignListQueryKey,
  campaignProgressQueryKey,
  campaignQueryKey,
  campaignRaffleQueryKey,
  campaignReferralQueryKey,
  contributionQueryKey,
  leaderboardTopQueryKey,
} from '../api/campaign-keys.ts';
import { tabQuery } from '../lib/campaign-view.ts';
import { CampaignDetailsScreen, CampaignView, RaffleVerifyScreen } from './campaign-details-screen.tsx';
import {
  BOARD_ID,
  CAMPAIGN_ID,
  campaign,
  campaignDetails,
  contribution,
  ENDS_AT,
  leaderboard,
  progress,
  referral,
} from './campaign-fixtures.ts';
import { CampaignsScreen } from './campaigns-screen.tsx';

const page = (campaigns: unknown[]) => ({
  page: 1,
  limit: 100,
  total: campaigns.length,
  offset: 0,
  isLastCard: true,
  campaigns,
});
const listKey = (tab: Parameters<typeof tabQuery>[0]) => campaignListQueryKey(tabQuery(tab));
const kcash = (amount: string) => ({ amount, currency: 'KCASH' as const, decimals: 3 });

describe('/k-drop/campaigns', () => {
  it('shows the four tabs and each variant as a game would badge it, with timer, reward and slots', () => {
    const upcoming = campaign({
      id: '77777777-7777-4777-8777-777777777777',
      slug: 'raffle-night',
      title: 'Raffle Night',
      status: 'PUBLISHED',
      startsAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
      reward: {
        ...campaign().reward,
        variant: 'OPEN_SLOT_RAFFLE_REWARD',
        amount: null,
        totalSlots: null,
        remainingSlots: null,
        winners: 5,
      },
    });
    const pool = campaign({
      id: '88888888-8888-4888-8888-888888888888',
      slug: 'pool-party',
      title: 'Pool Party',
      reward: {
        ...campaign().reward,
        variant: 'OPEN_SLOT_DYNAMIC_REWARD',
        amount: null,
        totalSlots: null,
        remainingSlots: null,
      },
    });
    const top = campaign({
      id: '99999999-9999-4999-8999-999999999999',
      slug: 'top-ten',
      title: 'Top Ten',
      reward: {
        ...campaign().reward,
        variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
        amount: null,
        totalSlots: null,
        remainingSlots: null,
        bands: [{ fromRank: 1, toRank: 10, share: kcash('5000000') }],
      },
    });
    const html = renderScreen(<CampaignsScreen />, {
      at: '/k-drop/campaigns',
      queries: [[listKey('featured'), page([campaign(), upcoming, pool, top])]],
    });
    const plain = text(html);
    for (const tab of ['Featured', 'Live', 'Upcoming', 'Ended']) expect(plain).toContain(tab);
    expect(html).toMatch(/<a(?=[^>]*href="\/k-drop\/campaigns")(?=[^>]*aria-current="page")[^>]*>Featured</);
    expect(html).toContain('href="/k-drop/campaigns?tab=ended"');
    expect(plain).toContain('100 slots');
    expect(plain).toContain('500 K\u2011Cash each');
    expect(plain).toContain('75 of 100 slots left');
    expect(plain).toContain('Raffle: 5 winners');
    expect(plain).toContain('Pool 50,000 K\u2011Cash');
    expect(plain).toContain('Top 10 win');
    expect(plain).toMatch(/Ends in 2[45]d \d+h/);
    expect(plain).toMatch(/Starts in 2d [0-9]h/);
    expect(plain).toContain('Coming soon');
    expect(html).toContain('href="/k-drop/campaigns/monsoon-drop"');
    // K-Quest and K-Drop side by side.
    expect(html).toMatch(/<a(?=[^>]*href="\/k-drop\/campaigns")(?=[^>]*aria-current="page")[^>]*>K-Drop</);
    expect(html).toContain('href="/k-quest"');
  });

  it('says the SPEC §2 empty text, and shows card skeletons while loading', () => {
    const empty = text(
      renderScreen(<CampaignsScreen />, {
        at: '/k-drop/campaigns?tab=ended',
        queries: [[listKey('ended'), page([])]],
      }),
    );
    expect(empty).toContain('Looks like there is nothing here yet');
    const loading = renderScreen(<CampaignsScreen />, { at: '/k-drop/campaigns?tab=live' });
    expect(loading).toContain('campaign-card--skeleton');
    expect(text(loading)).toContain('Loading…');
  });

  it('speaks Hindi and Portuguese', () => {
    const queries = [[listKey('featured'), page([campaign()])]] as const;
    expect(
      text(renderScreen(<CampaignsScreen />, { at: '/k-drop/campaigns', language: 'hi', queries })),
    ).toContain('100 स्लॉट');
    const pt = text(
      renderScreen(<CampaignsScreen />, { at: '/k-drop/campaigns', language: 'pt-BR', queries }),
    );
    expect(pt).toContain('100 vagas');
    expect(pt).toContain('Drop das Monções');
  });
});

describe('/k-drop/campaigns/<slug>', () => {
  const signedInQueries = (p = progress()) =>
    [
      [campaignQueryKey('monsoon-drop'), campaignDetails()],
      [campaignProgressQueryKey(CAMPAIGN_ID), p],
      [leaderboardTopQueryKey(BOARD_ID), leaderboard(5)],
      [contributionQueryKey(BOARD_ID), contribution()],
      [campaignReferralQueryKey(CAMPAIGN_ID), referral()],
    ] as const;

  it('a visitor sees the hero, timer, rules, tasks with points, the podium and Get started (sign-in)', () => {
    const html = renderScreen(<CampaignDetailsScreen />, {
      at: '/k-drop/campaigns/monsoon-drop',
      queries: [
        [campaignQueryKey('monsoon-drop'), campaignDetails()],
        [leaderboardTopQueryKey(BOARD_ID), leaderboard(5)],
      ],
    });
    const plain = text(html);
    expect(plain).toContain('Monsoon Drop');
    expect(plain).toMatch(/Ends in \d+d \d+h/);
    expect(plain).toContain('The first 100 players to finish every task get 500 K\u2011Cash each.');
    expect(plain).toContain('Up to 2 entries per device');
    expect(plain).toContain('Follow Khel on X');
    expect(plain).toContain('Task 2 · +20 pts');
    expect(html).toMatch(/data-state="GET_STARTED"/);
    expect(plain).toContain('Get started');
    expect(html).toContain('podium__place--1');
    expect(plain).toContain('player1');
    expect(plain).toContain('#4');
    expect(plain).toContain('Gamer earnings: 500 K\u2011Cash');
    expect(plain).toContain('Fixed reward');
    expect(plain).not.toContain('Invite friends');
  });

  const player = (p = progress(), options: { platform?: 'telegram' | 'website' } = {}) =>
    renderScreen(<CampaignView campaign={campaignDetails()} signedIn />, {
      at: '/k-drop/campaigns/monsoon-drop',
      api: signedIn(),
      queries: signedInQueries(p),
      ...options,
    });

  it('a player in progress sees CONTINUE_TASKS with the progress bar, points, rank, my rank and invites', () => {
    const html = player();
    const plain = text(html);
    expect(html).toMatch(/data-state="CONTINUE_TASKS"/);
    expect(plain).toContain('1 of 2 tasks done');
    expect(html).toContain('role="progressbar"');
    expect(html).toMatch(/data-stat="points">10</);
    expect(html).toMatch(/data-stat="rank">#4</);
    expect(plain).toContain('Your rank');
    expect(html).toContain('board-row--mine');
    expect(plain).toContain('Invite friends');
    expect(html).toContain(
      'https://t.me/share/url?url=https%3A%2F%2Fkhel.example%2Fk-drop%2Fcampaigns%2Fmonsoon-drop%3Fref%3DAB12CD',
    );
    expect(html).toContain('https://wa.me/?text=');
    expect(html).toContain('https://x.com/intent/post?text=');
    expect(html).toMatch(/data-stat="joined">3</);
    expect(plain).toContain('VERIFIED');
  });

  it.each([
    ['en', 'You finished every task.', 'Rewards are worked out when the campaign ends on'],
    ['hi', 'आपने सारे टास्क पूरे कर लिए।', 'इनाम कैंपेन के'],
    [
      'pt-BR',
      'Você completou todas as tarefas.',
      'As recompensas são calculadas quando a campanha termina, em',
    ],
  ] as const)(
    '%s: every task done before the end: no "Continue tasks" under "finished", but when the reward comes',
    (language, finished, later) => {
      const html = renderScreen(<CampaignView campaign={campaignDetails()} signedIn />, {
        at: '/k-drop/campaigns/monsoon-drop',
        api: signedIn(),
        language,
        queries: signedInQueries(
          progress({ entryStatus: 'FINISHED', completedTasks: 2, button: 'CONTINUE_TASKS' }),
        ),
      });
      const plain = text(html);
      expect(plain).toContain(finished);
      expect(plain).toContain(later);
      expect(html).not.toMatch(/data-state="CONTINUE_TASKS"/);
      expect(plain).not.toMatch(/Continue tasks|टास्क जारी|Continuar tarefas/);
    },
  );

  it('in the Mini App the invite is the startapp=ref_ link', () => {
    const html = player(progress(), { platform: 'telegram' });
    expect(html).toContain('https://t.me/khel_bot/app?startapp=ref_AB12CD');
    expect(html).toContain(encodeURIComponent('https://t.me/khel_bot/app?startapp=ref_AB12CD'));
  });

  it('shows a held entry plainly, why a user is not eligible, and the claim with its rewards', () => {
    const held = text(
      player(progress({ entryStatus: 'HELD', heldReason: 'Too many entries from one device' })),
    );
    expect(held).toContain('Your entry is held for review: Too many entries from one device');
    expect(held).toContain('A held entry gets no reward unless our team releases it.');

    const notEligible = player(
      progress({
        entryStatus: null,
        button: 'GET_STARTED',
        ineligible: ['KYC', 'COUNTRY'],
        completedTasks: 0,
      }),
    );
    expect(text(notEligible)).toContain('You cannot take part yet');
    expect(text(notEligible)).toContain('Verify your identity (KYC) first.');
    expect(text(notEligible)).toContain('This campaign is not open in your country.');
    expect(notEligible).toMatch(/<button[^>]*disabled=""[^>]*data-state="GET_STARTED"/);

    const claim = player(
      progress({
        entryStatus: 'FINISHED',
        completedTasks: 2,
        button: 'CLAIM_REWARDS',
        claims: [
          {
            earningType: 'FIXED_REWARD',
            amount: kcash('500000'),
            status: 'CLAIMABLE',
            rank: null,
            claimedAt: null,
            earningId: null,
          },
        ],
      }),
    );
    expect(claim).toMatch(/data-state="CLAIM_REWARDS"/);
    expect(text(claim)).toContain('Claim rewards');
    expect(text(claim)).toContain('Ready to claim');
    expect(text(claim)).toContain('You finished every task.');
  });

  it('the SPEC §4 buttons after the end and before the start', () => {
    const ended = renderScreen(<CampaignDetailsScreen />, {
      at: '/k-drop/campaigns/monsoon-drop',
      queries: [
        [
          campaignQueryKey('monsoon-drop'),
          campaignDetails({ status: 'ENDED', endsAt: new Date(Date.now() - 1000).toISOString() }),
        ],
      ],
    });
    expect(ended).toMatch(/<button[^>]*disabled=""[^>]*data-state="ENDED"/);
    // Tasks of a campaign that is over say what they were, with no field or button.
    expect(ended).toContain('Campaign code');
    expect(ended).not.toContain('VALIDATE');
    expect(text(ended)).not.toMatch(/Ends in|Starts in/);
    const soon = renderScreen(<CampaignDetailsScreen />, {
      at: '/k-drop/campaigns/monsoon-drop',
      queries: [
        [
          campaignQueryKey('monsoon-drop'),
          campaignDetails({
            status: 'PUBLISHED',
            startsAt: new Date(Date.now() + 3_600_000).toISOString(),
            endsAt: ENDS_AT,
          }),
        ],
      ],
    });
    expect(soon).toMatch(/<button[^>]*disabled=""[^>]*data-state="COMING_SOON"/);
    expect(text(soon)).toMatch(/Starts in (59m|1h)/);
    // Notify me: a visitor is offered it (sign-in first); an ended campaign never.
    expect(soon).toMatch(/data-action="remind"[^>]*>Notify me when it goes live/);
    expect(ended).not.toContain('data-action="remind"');
  });

  it('Notify me on an upcoming campaign: asked, or set with a way to turn it off', () => {
    const upcoming = campaignDetails({
      status: 'PUBLISHED',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: ENDS_AT,
    });
    const at = (reminded: boolean, language?: 'hi' | 'pt-BR') =>
      renderScreen(<CampaignView campaign={upcoming} signedIn />, {
        at: '/k-drop/campaigns/monsoon-drop',
        api: signedIn(),
        queries: [
          [
            campaignProgressQueryKey(CAMPAIGN_ID),
            { ...progress(), entryStatus: null, reminded, button: 'COMING_SOON' },
          ],
          [leaderboardTopQueryKey(BOARD_ID), leaderboard(0)],
        ],
        ...(language ? { language } : {}),
      });
    expect(at(false)).toMatch(/data-action="remind"[^>]*>Notify me when it goes live/);
    const set = text(at(true));
    expect(set).toContain('Our Telegram bot will tell you when it goes live.');
    expect(set).toContain('Turn off the reminder');
    expect(text(at(false, 'hi'))).toContain('लाइव होने पर मुझे बताएं');
    expect(text(at(true, 'pt-BR'))).toContain('Desativar o aviso');
  });

  it('a raffle shows its commitment before the draw, and the verify page lists entrants and winners', () => {
    const raffleCampaign = campaignDetails({
      reward: {
        ...campaign().reward,
        variant: 'OPEN_SLOT_RAFFLE_REWARD',
        amount: null,
        totalSlots: null,
        remainingSlots: null,
        winners: 3,
      },
      seedHash: '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b',
    });
    const raffle = {
      campaignId: CAMPAIGN_ID,
      seedHash: raffleCampaign.seedHash,
      seed: null,
      drawnAt: null,
      winners: 3,
      entrants: [],
      drawn: [],
      algorithm: 'khel-raffle-v1',
    };
    const before = text(
      renderScreen(<CampaignDetailsScreen />, {
        at: '/k-drop/campaigns/monsoon-drop',
        queries: [
          [campaignQueryKey('monsoon-drop'), raffleCampaign],
          [campaignRaffleQueryKey(CAMPAIGN_ID), raffle],
        ],
      }),
    );
    expect(before).toContain('Raffle: 3 winners');
    expect(before).toContain('6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b');
    expect(before).toContain('The winners are drawn after the campaign ends.');
    const drawn = {
      ...raffle,
      seed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      drawnAt: new Date().toISOString(),
      entrants: ['3', '5', '8', '13', '21', '34', '55', '89'],
      drawn: ['55', '3', '21'],
    };
    const page = text(
      renderScreen(<RaffleVerifyScreen />, {
        at: '/k-drop/campaigns/monsoon-drop/verify',
        queries: [
          [campaignQueryKey('monsoon-drop'), raffleCampaign],
          [campaignRaffleQueryKey(CAMPAIGN_ID), drawn],
        ],
      }),
    );
    expect(page).toContain('Entrants: 8');
    expect(page).toContain('#89');
    expect(page).toContain('Winners, in draw order');
    expect(page).toContain('Checking the draw…');
  });

  it('not found', () => {
    expect(text(renderScreen(<CampaignDetailsScreen />, { at: '/k-drop/campaigns' }))).toContain(
      'This campaign is not available.',
    );
  });
});
