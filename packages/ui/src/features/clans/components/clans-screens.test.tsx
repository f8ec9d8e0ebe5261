import { ApiError } from '@khel/core/client';
import { CLAN_ERROR_CODES, CLAN_JOIN_TOO_EARLY_MESSAGE } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { usersDetailsQueryKey } from '../../../api/get-users-details.ts';
import { signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import {
  clanBoardQueryKey,
  clanConfigQueryKey,
  clanDashboardQueryKey,
  clanListQueryKey,
  clanMembersQueryKey,
  clanPogScoresQueryKey,
  clanQueryKey,
  clanQuestsQueryKey,
  clanRequestsQueryKey,
  clanStatsQueryKey,
  clanStatusQueryKey,
} from '../api/clan-keys.ts';
import { clanIdFromSearch, initialsOf, waitingPeriodOf } from '../lib/clan-view.ts';
import { promoSession } from '../promo/promo-session.ts';
import { WaitNotice } from './clan-bits.tsx';
import { ClanChiefScreen, SignedInChief } from './clan-chief-screen.tsx';
import {
  CHIEF_ID,
  CLAN_ID,
  clanDetail,
  clanPage,
  clanSummary,
  dashboard,
  globalBoard,
  INVITE,
  MEMBER_ID,
  member,
  membersPage,
  pogScores,
  QUEST_ID,
  RULES,
  stats,
  status,
} from './clan-fixtures.ts';
import { ClanView } from './clan-page.tsx';
import { ClanPromoCard } from './clan-promo-overlay.tsx';
import { ClanFinder, DiscoverClanScreen } from './discover-clan-screen.tsx';
import { MyClanLoaded, MyClanScreen } from './my-clan-screen.tsx';

const CONFIG = {
  minDaysBeforeClanDelete: 7,
  minDaysToJoinClanAfterLeaving: 3,
  minDaysToRecreateClanAfterDelete: 30,
  memberCap: 50,
  tiers: [],
  dashboardTypes: ['k_drop', 'k_quest'],
  maxClanQuests: 5,
  handbookUrl: 'https://khel.example/clan-handbook.pdf',
};

const clanPageQueries = (detail = clanDetail()) =>
  [
    [clanQueryKey(CLAN_ID), detail],
    [clanStatsQueryKey(CLAN_ID), stats],
    [clanPogScoresQueryKey(CLAN_ID), pogScores],
    [
      clanMembersQueryKey(CLAN_ID),
      membersPage([member({ userId: CHIEF_ID, displayName: 'Ravi', role: 'Chief' }), member()]),
    ],
  ] as const;

describe('/discover-clan', () => {
  it('shows clan cards with logo initials, place, tier badge, members n/cap and the join policy, and Load more', () => {
    const approval = clanSummary({
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      clanName: 'São Paulo Snipers',
      city: 'São Paulo',
      country: 'BR',
      joinPolicy: 'APPROVAL',
      tier: 'Gold',
      memberCount: 50,
    });
    const html = renderScreen(<DiscoverClanScreen />, {
      at: '/discover-clan',
      queries: [[clanListQueryKey('list'), clanPage([clanSummary(), approval], false)]],
    });
    const plain = text(html);
    expect(plain).toContain('Discover clans');
    expect(plain).toContain('Mumbai Mavericks');
    expect(plain).toContain('Mumbai, India');
    expect(plain).toContain('12 / 50 members');
    expect(plain).toContain('Open to all');
    expect(plain).toContain('Full');
    expect(plain).toContain('Rank #7');
    expect(html).toContain('data-tier="Silver"');
    expect(html).toContain('data-tier="Gold"');
    expect(plain).toContain('MM');
    expect(html).toContain(`href="/discover-clan?clanId=${CLAN_ID}"`);
    expect(plain).toContain('Load more');
    expect(html).toContain('type="search"');
    // Visitors are asked to sign in for recommendations.
    expect(plain).toContain('Sign in to see clans picked for you');
  });

  it('says the SPEC §2 empty text, shows skeletons while loading, and recommendations when signed in', () => {
    const empty = text(
      renderScreen(<DiscoverClanScreen />, {
        at: '/discover-clan',
        queries: [[clanListQueryKey('list'), clanPage([])]],
      }),
    );
    expect(empty).toContain('Looks like there is nothing here yet');
    expect(renderScreen(<DiscoverClanScreen />, { at: '/discover-clan' })).toContain('clan-card--skeleton');
    const recommended = text(
      renderScreen(<ClanFinder signedIn />, {
        at: '/discover-clan',
        api: signedIn(),
        queries: [
          [clanListQueryKey('recommended'), clanPage([clanSummary()]).pages[0]],
          [clanListQueryKey('list'), clanPage([])],
        ],
      }),
    );
    expect(recommended).toContain('Picked for you');
    expect(recommended).toContain('Mumbai Mavericks');
  });

  it("a clan's page (where invites land): banner, tier progress, chief, stats, POG scores at 0, members and Join", () => {
    const html = renderScreen(<ClanView clan={clanDetail()} signedIn />, {
      at: `/discover-clan?clanId=${CLAN_ID}`,
      api: signedIn(),
      queries: [...clanPageQueries(), [clanStatusQueryKey, status()]],
    });
    const plain = text(html);
    expect(plain).toContain('Mumbai Mavericks');
    expect(plain).toContain('BGMI and Valorant squad');
    expect(plain).toContain('Chief: Ravi');
    expect(plain).toContain('1,600 more points to Gold');
    expect(html).toContain('role="progressbar"');
    expect(html).toMatch(/data-stat="score">3,400</);
    expect(html).toMatch(/data-stat="rank">#7</);
    expect(html).toMatch(/data-stat="pog-total">0</);
    expect(plain).toContain('Ananya');
    expect(plain).toContain('@ananya_gg');
    expect(html).toMatch(/data-action="join"[^>]*>|>Join clan</);
    expect(plain).toContain('Join clan');
  });

  it("members' minted POG cards (POST /users/batch-details, one look-up for the list) link to their showcase", () => {
    const ananya = MEMBER_ID.toLowerCase();
    const html = renderScreen(<ClanView clan={clanDetail()} signedIn />, {
      at: `/discover-clan?clanId=${CLAN_ID}`,
      api: signedIn(),
      queries: [
        ...clanPageQueries(),
        [clanStatusQueryKey, status()],
        [
          usersDetailsQueryKey([CHIEF_ID, MEMBER_ID]),
          {
            [ananya]: {
              id: ananya,
              username: 'ananya_gg',
              displayName: 'ananya_gg',
              avatarUrl: null,
              clan: null,
              pogVariant: 'Epic',
              pogName: 'AnanyaPlays',
            },
          },
        ],
      ],
    });
    expect(html).toContain('href="/pog-showcase?username=AnanyaPlays"');
    expect(html).toContain('aria-label="Ananya’s POG card"');
    expect(html).toContain('member-row__pog--epic');
    // The chief has no card: no link in their row.
    expect(html.match(/member-row__pog--/g)).toHaveLength(1);
  });

  it('an approval clan asks to join; a pending request can be cancelled; a visitor signs in first', () => {
    const request = text(
      renderScreen(<ClanView clan={clanDetail({ joinPolicy: 'APPROVAL' })} signedIn />, {
        at: `/discover-clan?clanId=${CLAN_ID}`,
        api: signedIn(),
        queries: [...clanPageQueries(clanDetail({ joinPolicy: 'APPROVAL' })), [clanStatusQueryKey, status()]],
      }),
    );
    expect(request).toContain('Request to join');
    const pending = text(
      renderScreen(
        <ClanView clan={clanDetail({ joinPolicy: 'APPROVAL', viewerRequestPending: true })} signedIn />,
        {
          at: `/discover-clan?clanId=${CLAN_ID}`,
          api: signedIn(),
          queries: [
            ...clanPageQueries(clanDetail({ joinPolicy: 'APPROVAL', viewerRequestPending: true })),
            [clanStatusQueryKey, status()],
          ],
        },
      ),
    );
    expect(pending).toContain('Request sent');
    expect(pending).toContain('Cancel request');
    const visitor = text(
      renderScreen(<DiscoverClanScreen />, {
        at: `/discover-clan?clanId=${CLAN_ID}`,
        queries: clanPageQueries(),
      }),
    );
    expect(visitor).toContain('Sign in to join');
  });

  it('says when a user who left a clan can join again, in their language and date format', () => {
    const wait = { ...RULES, minDateToJoinClanAfterLeaving: '2099-03-05T15:30:00.000Z' };
    const queries = [...clanPageQueries(), [clanStatusQueryKey, status({ rules: wait })]] as const;
    const at = `/discover-clan?clanId=${CLAN_ID}`;
    const view = <ClanView clan={clanDetail()} signedIn />;
    const en = renderScreen(view, { at, api: signedIn(), queries });
    expect(text(en)).toMatch(/You can join a clan again on 5\/Mar\/99, \d\d:\d\d [ap]m\./);
    expect(en).toMatch(/<button[^>]*disabled=""[^>]*data-action="join"/);
    expect(text(renderScreen(view, { at, api: signedIn(), queries, language: 'pt-BR' }))).toMatch(
      /Você pode entrar em um clã de novo em 5\/mar\/99/,
    );
    expect(text(renderScreen(view, { at, api: signedIn(), queries, language: 'hi' }))).toContain(
      'को फिर से क्लैन जॉइन कर सकते हैं',
    );
  });

  it('an unknown or malformed clan id says so', () => {
    expect(text(renderScreen(<DiscoverClanScreen />, { at: '/discover-clan?clanId=nope' }))).toContain(
      'This clan does not exist.',
    );
  });
});

describe('waiting-period refusals', () => {
  it('reads the kind from data.code and the date from data.availableAt, not the English sentence', () => {
    const error = new ApiError(409, CLAN_JOIN_TOO_EARLY_MESSAGE.replace('{{date}}', '05/03/2099'), {
      code: CLAN_ERROR_CODES.deleteTooEarly,
      availableAt: '2099-03-05T00:00:00.000Z',
    });
    expect(waitingPeriodOf(error)).toEqual({ kind: 'delete', date: '2099-03-05T00:00:00.000Z' });
    const byMessage = new ApiError(409, CLAN_JOIN_TOO_EARLY_MESSAGE.replace('{{date}}', 'x'), {
      availableAt: '2099-03-05T00:00:00.000Z',
    });
    expect(waitingPeriodOf(byMessage)?.kind).toBe('join');
    expect(waitingPeriodOf(new ApiError(409, 'This clan is full.', null))).toBeNull();
    expect(waitingPeriodOf(new Error('x'))).toBeNull();
    const html = text(
      renderScreen(<WaitNotice wait={{ kind: 'recreate', date: '2099-03-05T12:00:00.000Z' }} />, {
        language: 'pt-BR',
      }),
    );
    expect(html).toContain('Você pode criar um clã de novo em 5/mar/99');
  });

  it('knows invite ids and initials', () => {
    expect(clanIdFromSearch(new URLSearchParams(`clanId=${CLAN_ID.toUpperCase()}`))).toBe(CLAN_ID);
    expect(clanIdFromSearch(new URLSearchParams('clanId=1 or 1'))).toBeNull();
    expect(initialsOf('mumbai_mavericks')).toBe('MM');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('/clan-chief/', () => {
  it('a visitor is asked to sign in first', () => {
    const plain = text(renderScreen(<ClanChiefScreen />, { at: '/clan-chief/' }));
    expect(plain).toContain('Lead your own clan');
    expect(plain).toContain('Sign in to become a clan chief');
  });

  it('a user without registration sees every SPEC §3 field and the phone verified inside the form', () => {
    const html = renderScreen(<SignedInChief />, {
      at: '/clan-chief/',
      api: signedIn(),
      queries: [
        [clanStatusQueryKey, status()],
        [clanConfigQueryKey, CONFIG],
      ],
    });
    const plain = text(html);
    for (const label of [
      'Chief email',
      'Your city',
      'College or gaming café',
      'Referrer phone number (optional)',
      'Phone number',
      'Send code',
      'Verify your phone number first.',
      'Save and continue',
    ])
      expect(plain).toContain(label);
    expect(html).toContain('aria-current="step"');
    expect(html).toContain('href="https://khel.example/clan-handbook.pdf"');
  });

  it('a verified registration shows the phone, and a complete one opens Create your clan', () => {
    const registration = {
      email: 'ravi@example.com',
      chiefCity: 'Mumbai',
      phoneNumber: '+919876543210',
      phoneVerified: true,
      collegeName: 'IIT Bombay',
      referrerPhoneNumber: null,
      complete: false,
    };
    const verified = text(
      renderScreen(<SignedInChief />, {
        at: '/clan-chief/',
        api: signedIn(),
        queries: [[clanStatusQueryKey, status({ registration })]],
      }),
    );
    expect(verified).toContain('Phone verified: +91 98765 43210');
    const create = renderScreen(<SignedInChief />, {
      at: '/clan-chief/',
      api: signedIn(),
      queries: [[clanStatusQueryKey, status({ registration: { ...registration, complete: true } })]],
    });
    const plain = text(create);
    for (const label of [
      'Create your clan',
      'Clan name',
      'City',
      'Country',
      'Description',
      'Logo (JPEG)',
      'Banner (JPEG)',
    ])
      expect(plain).toContain(label);
    expect(plain).toContain('Open to all');
    expect(plain).toContain('Chief approves');
    expect(plain).toContain('K-Quest: clan quests');
    expect(plain).toContain('K-Drop: live campaigns');
    expect(create).toContain('accept="image/jpeg"');
    // The chief's city is the clan's by default.
    expect(create).toMatch(/value="Mumbai"/);
  });

  it('a chief sees the dashboard: requests, members to remove or hand over, quests, announcement, invites, edit, delete, the bot and the handbook', () => {
    const chiefStatus = status({
      role: 'Chief',
      clan: clanSummary(),
      rules: { ...RULES, minDateBeforeClanDelete: '2099-01-02T00:00:00.000Z' },
    });
    const html = renderScreen(<SignedInChief />, {
      at: '/clan-chief/',
      api: signedIn(),
      queries: [
        [clanStatusQueryKey, chiefStatus],
        [clanConfigQueryKey, CONFIG],
        [clanQueryKey(CLAN_ID), clanDetail({ viewerRole: 'Chief', invite: INVITE })],
        [
          clanMembersQueryKey(CLAN_ID),
          membersPage([member({ userId: CHIEF_ID, displayName: 'Ravi', role: 'Chief' }), member()]),
        ],
        [
          clanRequestsQueryKey,
          [
            {
              userId: '8e9f0a1b-2c3d-4e5f-8a6b-7c8d9e0f1a2b',
              displayName: 'Kabir',
              username: 'kabir',
              avatarUrl: null,
              requestedAt: '2026-11-24T10:00:00.000Z',
            },
          ],
        ],
        [
          clanQuestsQueryKey,
          [
            {
              questId: QUEST_ID,
              slug: 'summer-cup',
              title: 'Summer Cup',
              coverUrl: null,
              target: 5,
              completedBy: 2,
              completedByMe: false,
              addedAt: '2026-11-20T00:00:00.000Z',
              completedAt: null,
            },
          ],
        ],
      ],
    });
    const plain = text(html);
    expect(plain).toContain('Chief’s dashboard');
    expect(plain).toContain('Kabir');
    expect(plain).toContain('Approve');
    expect(plain).toContain('Refuse');
    expect(plain).toContain('Make chief');
    expect(plain).toContain('Remove');
    expect(plain).toContain('2 of 5 members done');
    expect(plain).toContain('Add clan quest');
    expect(plain).toContain('Announcement');
    expect(html).toContain(INVITE.webUrl);
    expect(html).toContain(encodeURIComponent(INVITE.webUrl));
    expect(plain).toContain('Telegram Mini App link');
    expect(plain).toContain('Edit clan');
    expect(plain).toMatch(/You can delete this clan from 2\/Jan\/99/);
    expect(plain).toContain('Delete clan');
    expect(plain).toContain('Add the Khel bot to your clan’s Telegram group');
    expect(plain).toContain('Clan handbook (PDF)');
    // The chief's own row has no buttons.
    expect(html).not.toMatch(
      new RegExp(`data-user="${CHIEF_ID}"[^]*?member-row__actions[^]*?data-user="${MEMBER_ID}"`),
    );
  });
});

describe('/my-clan/', () => {
  it('without a clan: an inviting empty state to discover clans or become a chief', () => {
    const pending = status({
      pendingRequests: [
        { clanId: CLAN_ID, clanName: 'Mumbai Mavericks', requestedAt: '2026-11-24T00:00:00.000Z' },
      ],
    });
    const html = renderScreen(<MyClanLoaded status={pending} />, { at: '/my-clan/', api: signedIn() });
    const plain = text(html);
    expect(plain).toContain('No clan yet');
    expect(plain).toContain('Waiting for Mumbai Mavericks to answer your request.');
    expect(html).toContain('href="/discover-clan"');
    expect(html).toContain('href="/clan-chief"');
    // A visitor gets the same way in, and a sign-in button.
    expect(text(renderScreen(<MyClanScreen />, { at: '/my-clan/' }))).toContain('Sign in');
  });

  it('a member sees the tier progress, the dashboard grid, the leaderboard tabs, members, invites and Leave', () => {
    const html = renderScreen(<MyClanLoaded status={status({ role: 'Member', clan: clanSummary() })} />, {
      at: '/my-clan/',
      api: signedIn(),
      queries: [
        [clanQueryKey(CLAN_ID), clanDetail({ viewerRole: 'Member', invite: INVITE })],
        [clanMembersQueryKey(CLAN_ID), membersPage([member()])],
        [clanDashboardQueryKey, dashboard],
        [clanBoardQueryKey('global'), globalBoard],
      ],
    });
    const plain = text(html);
    expect(plain).toContain('1,600 more points to Gold');
    expect(plain).toContain('Summer Cup');
    expect(html).toContain('cell--finished');
    expect(html).toContain('cell--started');
    for (const tab of ['Global clans', 'Partner clan', 'My clan']) expect(plain).toContain(tab);
    expect(plain).toContain('Delhi Dragons');
    expect(plain).toContain('Your clan: #7');
    expect(html).toContain('board-row--mine');
    expect(plain).toContain('Leave clan');
    expect(html).toContain(INVITE.miniAppUrl);
  });

  it('in the Mini App invites share the startapp=clan_ link; a chief is told to hand over or delete before leaving', () => {
    const html = renderScreen(<MyClanLoaded status={status({ role: 'Chief', clan: clanSummary() })} />, {
      at: '/my-clan/',
      api: signedIn(),
      platform: 'telegram',
      queries: [
        [clanQueryKey(CLAN_ID), clanDetail({ viewerRole: 'Chief', invite: INVITE })],
        [clanMembersQueryKey(CLAN_ID), membersPage([member()])],
        [clanDashboardQueryKey, { ...dashboard, items: [] }],
        [clanBoardQueryKey('global'), globalBoard],
      ],
    });
    expect(html).toContain(`https://t.me/share/url?url=${encodeURIComponent(INVITE.miniAppUrl)}`);
    const plain = text(html);
    expect(plain).toContain('hand the clan over to a member or delete it before leaving');
    expect(plain).not.toContain('Leave clan');
    expect(plain).toContain('The chief has not set clan quests yet.');
  });

  it('speaks Hindi and Portuguese', () => {
    const none = <MyClanLoaded status={status()} />;
    expect(text(renderScreen(none, { at: '/my-clan/', language: 'hi' }))).toContain('अभी कोई क्लैन नहीं');
    expect(text(renderScreen(none, { at: '/my-clan/', language: 'pt-BR' }))).toContain('Ainda sem clã');
  });
});

describe('the clan-chief promotion', () => {
  it('invites to become a clan chief in three languages', () => {
    const card = (language: 'en' | 'hi' | 'pt-BR') =>
      text(renderScreen(<ClanPromoCard titleId="t" onStart={() => {}} onLater={() => {}} />, { language }));
    expect(card('en')).toContain('Become a clan chief');
    expect(card('en')).toContain('Start my clan');
    expect(card('hi')).toContain('क्लैन चीफ़ बनें');
    expect(card('pt-BR')).toContain('Vire líder de clã');
  });

  it("keeps a tab's session across reloads and starts a new one in a new tab", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const first = promoSession(storage, 1_000, () => 'a');
    expect(first).toEqual({ id: 'a', startedAt: 1_000 });
    expect(promoSession(storage, 90_000, () => 'b')).toEqual(first);
    expect(promoSession(new Map() as never as null, 5, () => 'c')).toEqual({ id: 'c', startedAt: 5 });
  });
});
