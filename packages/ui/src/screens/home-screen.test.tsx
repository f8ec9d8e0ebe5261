import type { MyQuest, Profile } from '@khel/core/contract';
import { money } from '@khel/core/contract';
import { gamerHandle } from '@khel/core/format';
import { describe, expect, it } from 'vitest';
import { balanceQueryKey } from '../api/get-balance.ts';
import { earningsAggregateQueryKey } from '../features/earnings/api/get-earnings-aggregate.ts';
import { profileQueryKey } from '../features/profile/api/get-profile.ts';
import { UsernamePrompt } from '../features/profile/components/username-prompt.tsx';
import { myQuestsQueryKey, questListQueryKey } from '../features/quests/api/quest-keys.ts';
import { quest, status } from '../features/quests/components/quest-fixtures.ts';
import { fakeApi } from '../test/fake-api.ts';
import { BALANCE } from '../test/money-fixtures.ts';
import { renderScreen } from '../test/render.tsx';
import { HomeScreen, LandingScreen } from './home-screen.tsx';

const PROFILE = {
  id: '5f0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34',
  phone_number: '+919876543210',
  email: null,
  username: null,
  first_name: null,
  last_name: null,
  telegram_id: null,
  telegram_username: null,
  photo_url: null,
  language_code: null,
  is_verified: true,
  created_at: '2026-01-01T10:00:00.000Z',
  country: 'IN',
  city: null,
  college: null,
  email_verified: false,
  product_role: null,
  preferred_platform: null,
  deletion_due_at: null,
} as Profile;

const MINE: MyQuest = {
  quest: quest(),
  progress: (({ tasks: _tasks, ...rest }) => rest)(status({ completedTasks: 1 })),
  nextTask: {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Give your Steam id',
    type: 'steam_id',
  } as never,
};

const AGGREGATE = (ready: bigint, count: number) => ({
  readyToCollect: money(ready, 'KCASH'),
  distributing: money(0n, 'KCASH'),
  collected: money(0n, 'KCASH'),
  failed: money(0n, 'KCASH'),
  expired: money(0n, 'KCASH'),
  counts: { readyToCollect: count, distributing: 0, collected: 0, failed: 0, expired: 0 },
});

const FEATURED = questListQueryKey({ featured: 'true', limit: '6' });
const page = (quests: unknown[]) => ({
  quests,
  page: 1,
  limit: 6,
  total: quests.length,
  offset: 0,
  isLastCard: true,
});

function signedIn() {
  const api = fakeApi({});
  api.session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  return api;
}

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('home as a feed', () => {
  const feed = (profile: Profile, mine: MyQuest[] = [MINE], ready = AGGREGATE(25_000n, 2)) =>
    renderScreen(<HomeScreen />, {
      api: signedIn(),
      queries: [
        [profileQueryKey, profile],
        [balanceQueryKey, BALANCE({ kpoints: 120n })],
        [myQuestsQueryKey, mine],
        [FEATURED, page([quest({ featured: true, slug: 'featured-one', title: 'Featured One' })])],
        [earningsAggregateQueryKey, ready],
      ],
    });

  it('greets by first name or username, never by phone number', () => {
    const noName = plain(feed(PROFILE));
    expect(noName).not.toContain('98765');
    expect(noName).toContain('Welcome');
    expect(plain(feed({ ...PROFILE, username: 'arjun01' }))).toContain('Welcome, arjun01');
    const named = plain(feed({ ...PROFILE, first_name: 'Arjun', username: 'arjun01' }));
    expect(named).toContain('Welcome, Arjun');
  });

  it('asks a user without a username for one (its own chunk), showing the handle boards show meanwhile', () => {
    const handle = gamerHandle(PROFILE.id);
    const prompt = plain(renderScreen(<UsernamePrompt profile={PROFILE} />, { api: signedIn() }));
    expect(prompt).toContain('Pick your username');
    expect(prompt).toContain(`Until you do, boards, clans and Klash show you as ${handle}.`);
    expect(prompt).toContain('Save username');
    expect(prompt).toContain('Not now');
  });

  it('shows the balances, the quest in progress with its next step and bar, featured quests and earnings', () => {
    const html = feed({ ...PROFILE, first_name: 'Arjun' });
    expect(html).toContain('currency-icon--kcash');
    expect(html).toContain('currency-icon--rkhel');
    expect(html).toContain('currency-icon--kpoints');
    expect(plain(html)).toContain('Next: Give your Steam id');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemax="3"[^>]*aria-valuenow="1"/);
    expect(html).toContain('href="/quest-details/dark-throne-steam-raid"');
    expect(plain(html)).toContain('Featured One');
    expect(plain(html)).toContain('Earnings ready: 2');
    expect(html).toContain('href="/collect-earnings"');
  });

  it('offers the next thing to do when there is nothing in progress and nothing to collect', () => {
    const html = plain(feed({ ...PROFILE, first_name: 'Arjun' }, [], AGGREGATE(0n, 0)));
    expect(html).toContain('You have no quest on the go');
    expect(html).toContain('Find a quest');
    expect(html).toContain('Nothing to collect yet');
  });

  it('speaks Hindi and Portuguese', () => {
    const queries = [
      [profileQueryKey, PROFILE],
      [myQuestsQueryKey, []],
    ] as const;
    expect(renderScreen(<HomeScreen />, { api: signedIn(), language: 'hi', queries })).toContain('स्वागत है');
    expect(renderScreen(<HomeScreen />, { api: signedIn(), language: 'pt-BR', queries })).toContain(
      'Bem-vindo(a)',
    );
    const handle = gamerHandle(PROFILE.id);
    const prompt = (language: 'hi' | 'pt-BR') =>
      renderScreen(<UsernamePrompt profile={PROFILE} />, { api: signedIn(), language });
    expect(prompt('hi')).toContain(`जब तक आप नहीं चुनते, बोर्ड, क्लैन और Klash में आप ${handle} दिखेंगे।`);
    expect(prompt('pt-BR')).toContain(`Até lá, rankings, clãs e o Klash mostram você como ${handle}.`);
  });
});

describe('/ for a visitor', () => {
  it('says what Khel is and shows the featured quests, each a link to its details', () => {
    const html = renderScreen(<LandingScreen />, {
      queries: [[FEATURED, page([quest({ featured: true, slug: 'featured-one', title: 'Featured One' })])]],
    });
    expect(plain(html)).toContain('Watch your balance grow');
    expect(plain(html)).toContain('Start earning');
    expect(html).toContain('href="/quest-details/featured-one"');
  });

  it('in Hindi and Portuguese', () => {
    expect(renderScreen(<LandingScreen />, { language: 'hi' })).toContain('कमाना शुरू करें');
    expect(renderScreen(<LandingScreen />, { language: 'pt-BR' })).toContain('Começar a ganhar');
  });
});
