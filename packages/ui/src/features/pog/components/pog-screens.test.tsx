import { ApiError } from '@khel/core/client';
import {
  POG_NOT_FOUND_MESSAGE,
  POG_TON_WALLET_NEEDED_MESSAGE,
  type PublicUser,
  USER_NOT_FOUND_MESSAGE,
} from '@khel/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gamerByUsernameQueryKey } from '../../../api/get-gamer-by-username.ts';
import { AppProviders } from '../../../app/app-providers.tsx';
import type { Language } from '../../../i18n/index.ts';
import { createQueryClient } from '../../../providers/app-providers.tsx';
import { AppRouter } from '../../../routing/index.ts';
import { signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen, testI18n } from '../../../test/render.tsx';
import {
  mintCatalogueQueryKey,
  mintStatusQueryKey,
  myPogQueryKey,
  nameAvailableQueryKey,
  pogFeedPagesQueryKey,
  pogFeedQueryKey,
  pogLeaderboardQueryKey,
  pogReferralsQueryKey,
  pogShowcaseQueryKey,
} from '../api/pog-keys.ts';
import { nextVariantOf, radarPoints, shortHash, variantProgress } from '../lib/pog-view.ts';
import { MintFlow, MintScreen, MissionFailed } from './mint-screen.tsx';
import { needsTonWallet } from './mint-ton.tsx';
import { MyPogScreen } from './my-pog-screen.tsx';
import {
  CATALOGUE,
  dashboard,
  FEED_CARDS,
  feedPage,
  leaderboard,
  mintStatus,
  pogCard,
  referrals,
} from './pog-fixtures.ts';
import { PogFeedGrid, PogHomeScreen } from './pog-home-screen.tsx';
import { PogLeaderboardScreen } from './pog-leaderboard-screen.tsx';
import { PogShowcaseScreen } from './pog-showcase-screen.tsx';
import { useNameMessage } from './reserve-username.tsx';
import { PogTelegramShareContext } from './telegram-share.ts';

/** Like renderScreen, with the query cache set up by hand (errors too, which renderScreen cannot seed). */
function renderWithCache(
  ui: ReactNode,
  seed: (client: QueryClient) => void,
  {
    language = 'en' as Language,
    at = '/pog',
    api = signedIn(),
  }: { language?: Language; at?: string; api?: ReturnType<typeof signedIn> } = {},
) {
  const queryClient = createQueryClient();
  seed(queryClient);
  return renderToStaticMarkup(
    <AppRouter ssrPath={at}>
      <AppProviders
        client={api.client}
        session={api.session}
        i18n={testI18n(language)}
        platform="website"
        queryClient={queryClient}
      >
        {ui}
      </AppProviders>
    </AppRouter>,
  );
}

function failQuery(client: QueryClient, queryKey: readonly unknown[], error: Error) {
  // As after failed retries: a screen that mounts shows the error instead of asking again.
  client.setQueryDefaults([...queryKey], { retryOnMount: false });
  client
    .getQueryCache()
    .build(client, { queryKey: [...queryKey] })
    .setState({
      status: 'error',
      error,
      fetchStatus: 'idle',
      errorUpdateCount: 1,
      errorUpdatedAt: Date.now(),
    });
}

const mint = (state: Parameters<typeof mintStatus>[0], over: Parameters<typeof mintStatus>[1] = {}) =>
  renderScreen(<MintFlow status={mintStatus(state, over)} />, {
    at: '/pog/mint',
    api: signedIn(),
    queries: [[mintCatalogueQueryKey, CATALOGUE]],
  });

describe('/pog/mint: the flow the server drives', () => {
  it('asks a visitor to sign in, shows skeletons while the status loads (LOADING) and the stepper', () => {
    const visitor = text(renderScreen(<MintScreen />, { at: '/pog/mint' }));
    expect(visitor).toContain('Sign in to reserve your name and mint your POG card.');
    expect(visitor).toContain('Reserve name');
    expect(visitor).toContain('Create avatar');
    expect(visitor).toContain('Mint POG card');
    const loading = renderScreen(<MintScreen signedIn />, { at: '/pog/mint', api: signedIn() });
    expect(loading).toContain('data-loading="LOADING"');
    expect(loading).toContain('skeleton__line');
  });

  it("FAILED says 'Mission failed!' with the reason and a retry", () => {
    const html = renderWithCache(<MintScreen signedIn />, (client) =>
      failQuery(client, mintStatusQueryKey, new ApiError(500, 'API failure! Please try again', null)),
    );
    expect(html).toContain('data-loading="FAILED"');
    expect(text(html)).toContain('Mission failed!');
    expect(text(html)).toContain('Try again');
    expect(
      text(renderScreen(<MissionFailed error={null} onRetry={() => {}} />, { language: 'hi' })),
    ).toContain('मिशन विफल!');
  });

  it('ReserveUsername: the name field and the QuickMint / CustomizePog options, step 1 current', () => {
    const html = mint('ReserveUsername');
    const plain = text(html);
    expect(plain).toContain('Reserve your name');
    expect(plain).toContain('POG name');
    expect(plain).toContain('5 to 12 letters and digits');
    expect(plain).toContain('Quick mint');
    expect(plain).toContain('Customize POG');
    expect(html).toMatch(/pog-stepper__step--current" aria-current="step"><span[^>]*>1</);
    expect(html).toContain('class="pog-mode pog-mode--on" data-mode="customize_pog"');
  });

  it('AvatarCategorySelection: six theme tiles, Surprise me and a quick mint, step 2 current', () => {
    const html = mint('AvatarCategorySelection');
    for (const theme of ['Adventure', 'Fantasy', 'Action', 'Toon', 'Sci-Fi', 'Horror'])
      expect(html).toContain(`data-theme="${theme}"`);
    expect(html).toContain('class="pog-theme pog-theme--on" data-theme="Sci-Fi"');
    const plain = text(html);
    expect(plain).toContain('Space ranger');
    expect(plain).toContain('Surprise me');
    expect(html).toMatch(/pog-stepper__step--done[\s\S]*pog-stepper__step--current[\s\S]*Create avatar/);
  });

  it('CharacterSelection and StyleSelection list the catalogue with a back button', () => {
    const characters = text(mint('CharacterSelection'));
    expect(characters).toContain('Pick your character');
    expect(characters).toContain('Sci-Fi · Space ranger');
    expect(characters).toContain('Nova');
    expect(characters).toContain('Back');
    const styles = text(mint('StyleSelection'));
    expect(styles).toContain('Neon');
    expect(styles).toContain('Painted');
  });

  it('SelfieUpload: camera, a JPEG-only upload and skip', () => {
    const html = mint('SelfieUpload');
    const plain = text(html);
    expect(plain).toContain('Open camera');
    expect(plain).toContain('Upload a JPEG');
    expect(plain).toContain('Skip');
    expect(html).toContain('accept="image/jpeg"');
  });

  it("AvatarGenerationPending: the avatar, refreshes left, 'Refresh limit reached' at 0 and Mint", () => {
    const ready = text(
      mint('AvatarGenerationPending', { avatarUrl: '/api/pog/avatar.png', generationsLeft: 3 }),
    );
    expect(ready).toContain('3 refreshes left');
    expect(ready).toContain('Mint my POG card');
    expect(ready).toContain('Khel EVM chain');
    const spent = text(
      mint('AvatarGenerationPending', { avatarUrl: '/api/pog/avatar.png', generationsLeft: 0 }),
    );
    expect(spent).toContain('Refresh limit reached');
    const first = text(mint('AvatarGenerationPending'));
    expect(first).toContain('Create avatar');
    expect(first).toContain('Your avatar will show here.');
  });

  it('knows the TON wallet refusal (409 or 422) apart from other errors', () => {
    expect(needsTonWallet(new ApiError(409, POG_TON_WALLET_NEEDED_MESSAGE, null))).toBe(true);
    expect(needsTonWallet(new ApiError(422, POG_TON_WALLET_NEEDED_MESSAGE, null))).toBe(true);
    expect(needsTonWallet(new ApiError(409, 'Username already taken!', null))).toBe(false);
  });

  it("MintInProgress: a progress bar from mintStartedAt, the server's retry message, step 3", () => {
    const started = new Date(Date.now() - 50_000).toISOString();
    const html = mint('MintInProgress', { mintStartedAt: started, mintError: 'rpc timeout' });
    expect(html).toContain('role="progressbar"');
    const now = Number(/role="progressbar"[^>]*aria-valuenow="(\d+)"/.exec(html)?.[1]);
    expect(now).toBeGreaterThanOrEqual(48);
    expect(now).toBeLessThanOrEqual(52);
    const plain = text(html);
    expect(plain).toContain('Something broke while minting your POG card.');
    expect(plain).toContain('You can leave this screen');
    expect(text(mint('MintInProgress', { mintStartedAt: started }))).not.toContain('Something broke');
  });

  it("in the Mini App, sharing one's own card offers a Story next to the five channels", () => {
    const withStory = renderScreen(
      <PogTelegramShareContext.Provider
        value={{ shareMessage: async () => null, shareToStory: async () => null }}
      >
        <MintFlow status={mintStatus('Minted')} />
      </PogTelegramShareContext.Provider>,
      { at: '/pog/mint', api: signedIn(), queries: [[mintCatalogueQueryKey, CATALOGUE]] },
    );
    expect(withStory).toContain('pog-share__button--story');
    expect(text(withStory)).toContain('Story');
    expect(mint('Minted')).not.toContain('pog-share__button--story');
  });

  it('Minted: the celebration, the card and the five share channels', () => {
    const html = mint('Minted');
    const plain = text(html);
    expect(plain).toContain('Your POG card is minted!');
    expect(plain).toContain('RaviPlays');
    for (const channel of ['X', 'Telegram', 'Facebook', 'WhatsApp', 'More…'])
      expect(plain).toContain(channel);
    expect(html).toContain('href="/my-pog"');
    expect(html).toMatch(
      /pog-stepper__step--done[\s\S]*pog-stepper__step--done[\s\S]*pog-stepper__step--done/,
    );
  });

  it("slot payment: processing, then 'Payment Failed, Please try again!' with K-Cash and rKHEL prices", () => {
    expect(text(mint('SlotPaymentProcessing'))).toContain('Processing your payment…');
    const failed = text(mint('SlotPaymentFailed'));
    expect(failed).toContain('Payment Failed, Please try again!');
    expect(failed).toMatch(/Buy a slot for 500.K.Cash/);
    expect(failed).toMatch(/Buy a slot for 5.rKHEL/);
    const pt = text(
      renderScreen(<MintFlow status={mintStatus('SlotPaymentFailed')} />, {
        language: 'pt-BR',
        api: signedIn(),
      }),
    );
    expect(pt).toContain('Pagamento falhou, tente novamente!');
  });

  it('speaks Hindi and Portuguese', () => {
    const hi = text(
      renderScreen(<MintFlow status={mintStatus('ReserveUsername')} />, { language: 'hi', api: signedIn() }),
    );
    expect(hi).toContain('अपना नाम रिज़र्व करें');
    expect(hi).toContain('क्विक मिंट');
    const pt = text(
      renderScreen(<MintFlow status={mintStatus('ReserveUsername')} />, {
        language: 'pt-BR',
        api: signedIn(),
      }),
    );
    expect(pt).toContain('Reserve seu nome');
    expect(pt).toContain('Personalizar POG');
  });
});

describe('the POG name field (SPEC §5)', () => {
  const Probe = ({ name, current = null }: { name: string; current?: string | null }) => {
    const m = useNameMessage(name, current);
    return <>{m.error ?? `hint:${m.hint}`}</>;
  };
  const say = (
    name: string,
    { available, language, current }: { available?: boolean; language?: Language; current?: string } = {},
  ) =>
    text(
      renderScreen(<Probe name={name} current={current ?? null} />, {
        api: signedIn(),
        ...(language ? { language } : {}),
        queries: available === undefined ? [] : [[nameAvailableQueryKey(name), { name, available }]],
      }),
    ).trim();

  it('says the SPEC §5 messages as the user types', () => {
    expect(say('ravi plays')).toBe('Spaces are not allowed in the username');
    expect(say('ravi_99')).toBe('Special characters are not allowed');
    expect(say('ravi')).toBe('Username must be between 5 and 12 characters');
    expect(say('raviplays12345')).toBe('Username must be between 5 and 12 characters');
    expect(say('')).toBe('hint:5 to 12 letters and digits');
  });

  it("says 'Username already taken!' when the server has it, and that a free one is free", () => {
    expect(say('RaviPlays', { available: false })).toBe('Username already taken!');
    expect(say('RaviPlays', { available: true })).toBe('hint:RaviPlays is free!');
    expect(say('raviplays', { current: 'RaviPlays' })).toBe('hint:This is your name.');
  });

  it('in Hindi and Portuguese', () => {
    expect(say('ravi plays', { language: 'hi' })).toBe('यूज़रनेम में स्पेस की अनुमति नहीं है');
    expect(say('ravi', { language: 'pt-BR' })).toBe('O nome de usuário deve ter entre 5 e 12 caracteres');
    expect(say('RaviPlays', { available: false, language: 'pt-BR' })).toBe('Nome de usuário já está em uso!');
  });
});

describe('/pog: home and marketplace', () => {
  it('shows Legendary POGs and Hottest POGs, feed tabs, the call to mint and likes', () => {
    const html = renderScreen(<PogHomeScreen />, {
      at: '/pog',
      queries: [
        [pogFeedQueryKey('legendary', true), feedPage(FEED_CARDS.slice(0, 2))],
        [pogFeedQueryKey('all', true), feedPage(FEED_CARDS, 'all')],
        [
          pogFeedPagesQueryKey('legendary'),
          { pages: [{ ...feedPage(FEED_CARDS), isLastCard: false }], pageParams: [1] },
        ],
      ],
    });
    const plain = text(html);
    expect(plain).toContain('Legendary POGs');
    expect(plain).toContain('Hottest POGs');
    expect(plain).toContain('Legendary Hottest My clan');
    expect(plain).toContain('Sign in to mint yours');
    expect(plain).toContain('ShadowQueen');
    expect(html).toContain('href="/pog-showcase?username=ShadowQueen"');
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain('data-variant="Legendary"');
    expect(html).toContain('href="/pog/leaderboard"');
    expect(text(html)).toContain('Load more');
  });

  it('signed in without a card: the call to mint; with one: the card and my POG; referrals', () => {
    const fresh = text(
      renderScreen(<PogHomeScreen signedIn />, {
        api: signedIn(),
        queries: [
          [mintStatusQueryKey, mintStatus('ReserveUsername')],
          [pogReferralsQueryKey, referrals()],
        ],
      }),
    );
    expect(fresh).toContain('Mint your POG card');
    expect(fresh).toContain('Invite friends, earn K-Points');
    expect(fresh).toContain('100 K-Points for each friend who mints a POG card.');
    expect(fresh).toContain('Ananya');
    const mine = renderScreen(<PogHomeScreen signedIn />, {
      api: signedIn(),
      queries: [[mintStatusQueryKey, mintStatus('Minted')]],
    });
    expect(text(mine)).toContain('Open my POG');
    expect(mine).toContain('pog-card--big');
  });

  it('feeds: skeletons while loading, the SPEC §2 empty text, an error with a retry', () => {
    expect(renderScreen(<PogFeedGrid feed="all" />)).toContain('pog-tile--skeleton');
    expect(
      text(
        renderScreen(<PogFeedGrid feed="all" />, {
          queries: [[pogFeedQueryKey('all'), feedPage([], 'all')]],
        }),
      ),
    ).toContain('Looks like there is nothing here yet');
    const failed = renderWithCache(<PogFeedGrid feed="all" />, (client) =>
      failQuery(client, pogFeedQueryKey('all'), new ApiError(500, 'API failure! Please try again', null)),
    );
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('API failure! Please try again');
    expect(text(failed)).toContain('Try again');
  });
});

describe('/pog/leaderboard', () => {
  it('Global Clans: the podium for the top 3, rows after, my clan highlighted', () => {
    const html = renderScreen(<PogLeaderboardScreen signedIn />, {
      at: '/pog/leaderboard',
      api: signedIn(),
      queries: [[pogLeaderboardQueryKey('global-clans'), leaderboard()]],
    });
    const plain = text(html);
    expect(plain).toContain('Global Clans');
    expect(plain).toContain('My Clan');
    expect(html.match(/pog-podium__place--/g)).toHaveLength(3);
    expect(plain).toContain('Mumbai Mavericks');
    expect(plain).toContain('9,420 POG points');
    expect(html).toMatch(/pog-row pog-row--mine[\s\S]*Recife Raiders[\s\S]*Your clan/);
    expect(html.match(/pog-row--mine/g)).toHaveLength(1);
  });

  it('My Clan: members by their cards; a visitor is asked to sign in; empty boards say so', () => {
    const members = leaderboard({
      tab: 'my-clan',
      clans: [],
      members: FEED_CARDS.map((card, i) => ({ rank: i + 1, card })),
    });
    const html = renderScreen(<PogLeaderboardScreen initialTab="my-clan" signedIn />, {
      api: signedIn(),
      queries: [[pogLeaderboardQueryKey('my-clan'), members]],
    });
    expect(text(html)).toContain('ShadowQueen');
    expect(html).toMatch(/aria-selected="true"[^>]*>My Clan</);
    expect(text(renderScreen(<PogLeaderboardScreen initialTab="my-clan" />))).toContain(
      'Sign in to see your clan’s board.',
    );
    expect(
      text(
        renderScreen(<PogLeaderboardScreen />, {
          queries: [[pogLeaderboardQueryKey('global-clans'), leaderboard({ clans: [], myClan: null })]],
        }),
      ),
    ).toContain('Looks like there is nothing here yet');
    expect(
      text(
        renderScreen(<PogLeaderboardScreen />, {
          language: 'hi',
          queries: [[pogLeaderboardQueryKey('global-clans'), leaderboard()]],
        }),
      ),
    ).toContain('ग्लोबल क्लैन');
  });
});

describe('/my-pog: the dashboard', () => {
  const at = { at: '/my-pog' };
  it('five scores as bars and a radar, total, variant and the points to the next, boost, badges', () => {
    const html = renderScreen(<MyPogScreen signedIn />, {
      ...at,
      api: signedIn(),
      queries: [
        [myPogQueryKey, dashboard()],
        [mintStatusQueryKey, mintStatus('Minted')],
      ],
    });
    const plain = text(html);
    for (const [score, value] of [
      ['HUMAN', 720],
      ['PLAY', 840],
      ['SKILL', 610],
      ['COMMERCE', 380],
      ['SOCIAL', 560],
    ] as const)
      expect(html).toMatch(new RegExp(`data-score="${score}"[^]*?pog-bars__value">${value}<`));
    expect(html).toContain('class="pog-radar"');
    expect(plain).toContain('145 more points to Legendary');
    expect(plain).toContain('Epic card');
    expect(plain).toContain('+15% on quest and K-Drop rewards');
    expect(html.match(/pog-badge pog-badge--earned/g)).toHaveLength(3);
    expect(plain).toContain('Link X to your Khel account.');
    expect(plain).toContain('Overall activity');
    expect(plain).toContain('Social activity');
    expect(plain).toContain('Edit avatar');
    expect(html).toContain('href="/pog-showcase?username=RaviPlays"');
    expect(plain).toMatch(/0x8f2a…abcd/);
  });

  it('without a card: the way to the mint; a visitor is asked to sign in; Hindi', () => {
    const none = text(
      renderScreen(<MyPogScreen signedIn />, {
        ...at,
        api: signedIn(),
        queries: [[myPogQueryKey, dashboard({ card: null, boostBasisPoints: 10_000 })]],
      }),
    );
    expect(none).toContain('No POG card yet');
    expect(none).toContain('Mint your POG card');
    expect(text(renderScreen(<MyPogScreen />, at))).toContain('Sign in');
    const hi = text(
      renderScreen(<MyPogScreen signedIn />, {
        ...at,
        language: 'hi',
        api: signedIn(),
        queries: [[myPogQueryKey, dashboard()]],
      }),
    );
    expect(hi).toContain('लेजेंडरी तक 145 पॉइंट और');
    expect(hi).toContain('क्वेस्ट और K-Drop इनाम पर +15%');
  });
});

describe('/pog-showcase', () => {
  it('one card big with likes, the mint record and "Mint yours" for visitors', () => {
    const html = renderScreen(<PogShowcaseScreen />, {
      at: '/pog-showcase?username=RaviPlays',
      queries: [[pogShowcaseQueryKey('RaviPlays'), pogCard()]],
    });
    const plain = text(html);
    expect(plain).toContain('RaviPlays’s POG card');
    expect(plain).toContain('Mint yours');
    expect(plain).toContain('#17');
    expect(plain).toContain('Mumbai Mavericks');
    expect(html).toContain('pog-card--big');
    expect(html).toContain('aria-pressed="false"');
  });

  it('asks for a name when there is none', () => {
    expect(text(renderScreen(<PogShowcaseScreen />, { at: '/pog-showcase' }))).toContain('Which card?');
  });

  const gamer = (over: Partial<PublicUser> = {}): PublicUser => ({
    id: '2b4c6d8e-1a3f-4e5b-8c7d-9f0a1b2c3d4e',
    username: 'ravi_k',
    displayName: 'ravi_k',
    avatarUrl: null,
    clan: null,
    pogVariant: 'Epic',
    pogName: 'RaviPlays',
    ...over,
  });
  const noCard = new ApiError(404, POG_NOT_FOUND_MESSAGE, null);

  it('a name that is no card but a gamer’s username (links, pog_<username>) shows that gamer’s card', () => {
    const html = renderWithCache(
      <PogShowcaseScreen />,
      (client) => {
        failQuery(client, pogShowcaseQueryKey('ravi_k'), noCard);
        client.setQueryData(gamerByUsernameQueryKey('ravi_k'), gamer());
        client.setQueryData(pogShowcaseQueryKey('RaviPlays'), pogCard());
      },
      { at: '/pog-showcase?username=RAVI_K' },
    );
    const plain = text(html);
    expect(plain).toContain('@ravi_k plays as RaviPlays');
    expect(plain).toContain('RaviPlays’s POG card');
    expect(html).toContain('pog-card--big');
    expect(plain).not.toContain(POG_NOT_FOUND_MESSAGE);
  });

  it('a gamer without a minted card: a clear empty state with the way to mint (three languages)', () => {
    const seed = (client: QueryClient) => {
      failQuery(client, pogShowcaseQueryKey('ravi_k'), noCard);
      client.setQueryData(gamerByUsernameQueryKey('ravi_k'), gamer({ pogName: null, pogVariant: null }));
    };
    const at = '/pog-showcase?username=ravi_k';
    const html = renderWithCache(<PogShowcaseScreen />, seed, { at });
    expect(text(html)).toContain('ravi_k has no POG card yet. Mint yours and be first!');
    expect(html).toContain('href="/pog/mint"');
    expect(html).not.toContain('pog-card--big');
    expect(text(renderWithCache(<PogShowcaseScreen />, seed, { at, language: 'hi' }))).toContain(
      'ravi_k के पास अभी कोई POG कार्ड नहीं है',
    );
    expect(text(renderWithCache(<PogShowcaseScreen />, seed, { at, language: 'pt-BR' }))).toContain(
      'ravi_k ainda não tem cartão POG',
    );
  });

  it('neither a card nor a gamer: the card’s 404 text and the way back to POG, no retry', () => {
    const nobody = renderWithCache(
      <PogShowcaseScreen />,
      (client) => {
        failQuery(client, pogShowcaseQueryKey('nobody1'), noCard);
        failQuery(
          client,
          gamerByUsernameQueryKey('nobody1'),
          new ApiError(404, USER_NOT_FOUND_MESSAGE, null),
        );
      },
      { at: '/pog-showcase?username=nobody1' },
    );
    expect(text(nobody)).toContain(POG_NOT_FOUND_MESSAGE);
    expect(nobody).toContain('href="/pog"');
    expect(text(nobody)).not.toContain('Try again');
    // Not a possible username (a hyphen): the gamer look-up is not even asked.
    const odd = renderWithCache(
      <PogShowcaseScreen />,
      (client) => failQuery(client, pogShowcaseQueryKey('no-such'), noCard),
      { at: '/pog-showcase?username=no-such' },
    );
    expect(text(odd)).toContain(POG_NOT_FOUND_MESSAGE);
  });

  it('a server failure of the card is still an error with retry, not a gamer look-up', () => {
    const html = renderWithCache(
      <PogShowcaseScreen />,
      (client) =>
        failQuery(
          client,
          pogShowcaseQueryKey('ravi_k'),
          new ApiError(500, 'API failure! Please try again', null),
        ),
      { at: '/pog-showcase?username=ravi_k' },
    );
    expect(text(html)).toContain('API failure! Please try again');
    expect(text(html)).not.toContain('has no POG card yet');
  });
});

describe('POG view rules', () => {
  it('next variant, progress, short hashes and radar points', () => {
    expect(nextVariantOf(655)).toEqual({ variant: 'Legendary', pointsNeeded: 145 });
    expect(nextVariantOf(0)).toEqual({ variant: 'Rare', pointsNeeded: 300 });
    expect(nextVariantOf(900)).toBeNull();
    expect(variantProgress(425)).toBeCloseTo(0.5);
    expect(variantProgress(950)).toBe(1);
    expect(shortHash('0x8f2a9c3b1d4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789abcd')).toBe(
      '0x8f2a…abcd',
    );
    expect(radarPoints([1, 0, 0, 0, 0], 100).split(' ')[0]).toBe('50.0,14.0');
  });
});
