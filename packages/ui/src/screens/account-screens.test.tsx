import type { Profile, SocialAuthStatus } from '@khel/core/contract';
import { money } from '@khel/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { deletionStateQueryKey } from '../api/deletion-request.ts';
import { balanceQueryKey } from '../api/get-balance.ts';
import { DeleteAccountScreen } from '../features/account-deletion/components/delete-account-screen.tsx';
import { authProvidersQueryOptions } from '../features/auth/api/auth-providers.ts';
import { socialAuthStatusQueryKey } from '../features/auth/api/social-auth-status.ts';
import { LinkedMethods } from '../features/auth/components/linked-methods.tsx';
import { LoginFlow } from '../features/auth/components/login-flow.tsx';
import { notificationSettingsQueryKey } from '../features/notifications/api/notification-settings.ts';
import { profileQueryKey } from '../features/profile/api/get-profile.ts';
import { professionsQueryKey } from '../features/profile/api/professions.ts';
import { initialsOf, ProfileHeader } from '../features/profile/components/profile-header.tsx';
import { walletAddressQueryKey } from '../features/wallets/api/get-wallet-address.ts';
import { CustodialWallet } from '../features/wallets/components/custodial-wallet.tsx';
import { fakeApi } from '../test/fake-api.ts';
import { renderScreen } from '../test/render.tsx';
import { HomeScreen } from './home-screen.tsx';
import { ProfileScreen } from './profile-screen.tsx';

const PROFILE: Profile = {
  id: '5f0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34',
  phone_number: '+919876543210',
  email: 'arjun@khel.in',
  username: 'arjun01',
  first_name: 'Arjun',
  last_name: 'Mehta',
  telegram_id: null,
  telegram_username: null,
  photo_url: null,
  language_code: null,
  is_verified: true,
  created_at: '2026-01-01T10:00:00.000Z',
  country: 'IN',
  city: 'Pune',
  college: null,
  email_verified: true,
  product_role: null,
  preferred_platform: null,
  deletion_due_at: null,
};

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

const STATUS = (methods: SocialAuthStatus['methods']): SocialAuthStatus => ({
  socialStatuses: {
    twitter: { isActive: false },
    discord: { isActive: false },
    google: { isActive: methods.some((m) => m.provider === 'google') },
    wallet: { isActive: methods.some((m) => m.provider === 'evm') },
    steam: { isActive: false },
    telegram: { isActive: false },
  },
  methods,
});
const PHONE_METHOD = {
  provider: 'phone' as const,
  subject: '+919876543210',
  details: { verifiedVia: 'whatsapp' },
  isActive: true,
  signIn: true,
  linkedAt: '2026-01-01T10:00:00.000Z',
};
const WALLET_METHOD = {
  provider: 'evm' as const,
  subject: ADDRESS,
  details: {},
  isActive: true,
  signIn: true,
  linkedAt: '2026-01-02T10:00:00.000Z',
};

/** Every first answer the profile page waits for before it shows its sections, the profile among them. */
const PROFILE_PAGE: [readonly unknown[], unknown][] = [
  [profileQueryKey, PROFILE],
  [socialAuthStatusQueryKey, STATUS([])],
  [
    notificationSettingsQueryKey,
    {
      botConnected: true,
      botBlocked: false,
      settings: [],
      muted: false,
      quietHours: null,
      timeZone: 'Asia/Kolkata',
      timeZoneChosen: false,
    },
  ],
  [
    professionsQueryKey,
    { productRole: null, preferredPlatform: null, productRoles: ['Newbie'], preferredPlatforms: ['Browser'] },
  ],
  [walletAddressQueryKey, ADDRESS],
];

describe('ProfileScreen (/profile)', () => {
  it('shows the loading state until the profile arrives', () => {
    const html = renderScreen(<ProfileScreen />, { at: '/profile' });
    expect(html).toContain('Loading your profile…');
    expect(html).toContain('role="status"');
  });

  it('shows one loading state until every section has its first answer, so nothing below moves', () => {
    for (const missing of PROFILE_PAGE.slice(1)) {
      const html = renderScreen(<ProfileScreen />, {
        at: '/profile',
        queries: PROFILE_PAGE.filter((query) => query !== missing),
      });
      expect(html).toContain('Loading your profile…');
      expect(html).not.toContain('href="/delete-user-account"');
    }
  });

  it('shows every section once they are all in, with the values to edit', () => {
    const html = renderScreen(<ProfileScreen />, {
      at: '/profile',
      queries: PROFILE_PAGE,
    });
    for (const title of [
      'Personal details',
      'Username',
      'Email',
      'Preferences',
      'Sign-in methods',
      'Your Khel wallet',
      'Account',
    ]) {
      expect(html).toMatch(new RegExp(`<h2[^>]*>${title}</h2>`));
    }
    expect(html).toContain('value="Arjun"');
    expect(html).toContain('value="arjun01"');
    expect(html).toContain('arjun@khel.in');
    expect(html).toContain('href="/delete-user-account"');
    expect(html).toContain('>Log out</button>');
  });

  it('in Hindi and Portuguese', () => {
    const hindi = renderScreen(<ProfileScreen />, { language: 'hi', queries: PROFILE_PAGE });
    expect(hindi).toContain('निजी जानकारी');
    expect(hindi).toContain('साइन-इन के तरीके');
    const portuguese = renderScreen(<ProfileScreen />, {
      language: 'pt-BR',
      queries: PROFILE_PAGE,
    });
    expect(portuguese).toContain('Dados pessoais');
    expect(portuguese).toContain('Sua carteira Khel');
  });

  it('the Mini App has no log-out button (Telegram signs in)', () => {
    const html = renderScreen(<ProfileScreen />, {
      platform: 'telegram',
      queries: PROFILE_PAGE,
    });
    expect(html).not.toContain('>Log out</button>');
  });

  it('with no footer (the Mini App, footer=false) the profile lists the legal documents', () => {
    const paths = ['/terms-and-conditions', '/privacy-policy', '/aml-kyc-policy', '/risk-disclosure-policy'];
    const miniApp = renderScreen(<ProfileScreen />, {
      platform: 'telegram',
      queries: PROFILE_PAGE,
    });
    expect(miniApp).not.toContain('<footer');
    expect(miniApp).toMatch(/<h2[^>]*id="legal-title"[^>]*>Legal<\/h2>/);
    for (const path of paths) expect(miniApp).toContain(`href="${path}"`);
    const hindi = renderScreen(<ProfileScreen />, { platform: 'telegram', language: 'hi' });
    expect(hindi).toContain('>गोपनीयता नीति</a>');
    // The website's footer has them already.
    const website = renderScreen(<ProfileScreen />, { queries: PROFILE_PAGE });
    expect(website).not.toContain('id="legal-title"');
    const noFooter = renderScreen(<ProfileScreen />, { at: '/profile?footer=false' });
    expect(noFooter).toContain('id="legal-title"');
  });

  it('roles and platforms are offered with their names, in SPEC order', () => {
    const html = renderScreen(<ProfileScreen />, {
      queries: [
        ...PROFILE_PAGE.filter(([key]) => key !== professionsQueryKey),
        [
          professionsQueryKey,
          {
            productRole: 'BugHunter',
            preferredPlatform: 'IOS',
            productRoles: ['Newbie', 'Quester', 'BugHunter'],
            preferredPlatforms: ['Browser', 'IOS'],
          },
        ],
      ],
    });
    expect(html).toMatch(/<option value="BugHunter" selected="">Bug hunter<\/option>/);
    expect(html).toMatch(/<option value="IOS" selected="">iOS<\/option>/);
  });
});

describe('the profile picture', () => {
  it('takes JPEG only, and shows initials from the names (not from a phone number)', () => {
    const html = renderScreen(<ProfileHeader profile={PROFILE} />);
    expect(html).toContain('accept="image/jpeg"');
    expect(html).toMatch(/<label[^>]*>Change picture<\/label>/);
    expect(html).toContain('>AM</span>');
    expect(initialsOf({ first_name: null, last_name: null, username: null })).toBeNull();
    expect(initialsOf({ first_name: 'अर्जुन', last_name: null, username: null })).toBe('अ');
  });
});

describe('linked sign-in methods', () => {
  it('the only sign-in method cannot be disconnected; Google and a wallet can be linked on the website', () => {
    const html = renderScreen(<LinkedMethods />, {
      queries: [
        [socialAuthStatusQueryKey, STATUS([PHONE_METHOD])],
        [
          authProvidersQueryOptions(fakeApi({}).client).queryKey,
          {
            google: {
              enabled: true,
              mode: 'sandbox',
              clientId: 'c',
              sandboxAuthorizeUrl: '/api/sandbox/google/authorize',
            },
            whatsapp: {
              enabled: true,
              mode: 'sandbox',
              sandboxAuthorizeUrl: '/api/sandbox/whatsapp/authorize',
            },
            siwe: { chainIds: [1] },
            ton: { domains: [], networks: ['-239'] },
          },
        ],
      ],
      signInOptions: { redirectSignIn: true, evmWallet: vi.fn() },
    });
    expect(html).toContain('+91 98765 43210');
    expect(html).toContain('Verified through WhatsApp');
    expect(html).not.toContain('>Disconnect</button>');
    // Google, the browser wallet, X, Discord and Steam.
    expect(html.match(/>Link<\/button>/g)).toHaveLength(5);
    // Telegram is linked from the website too, through the bot (no "open the Mini App" dead end).
    expect(html).toMatch(/<button[^>]*>Link Telegram<\/button>/);
    expect(html).not.toContain('Mini App');
  });

  it('with two methods each can go; a wallet shows its shortened address', () => {
    const html = renderScreen(<LinkedMethods />, {
      queries: [[socialAuthStatusQueryKey, STATUS([PHONE_METHOD, WALLET_METHOD])]],
    });
    expect(html).toContain('0x5290...9EE7');
    expect(html.match(/>Disconnect<\/button>/g)).toHaveLength(2);
    // Without the website's options only X, Discord and Steam can be linked (openLink)…
    expect(html.match(/>Link<\/button>/g)).toHaveLength(3);
    // …and inside Telegram, Telegram is the Mini App's own account: no link through the bot.
    const inTelegram = renderScreen(<LinkedMethods />, {
      platform: 'telegram',
      queries: [[socialAuthStatusQueryKey, STATUS([PHONE_METHOD, WALLET_METHOD])]],
    });
    expect(inTelegram).not.toContain('Link Telegram');
  });

  it('a linked X, Discord or Steam account shows its handle, username or SteamID64, and can be disconnected', () => {
    const social = (
      provider: 'twitter' | 'discord' | 'steam',
      subject: string,
      details: Record<string, string>,
    ) => ({
      provider,
      subject,
      details,
      isActive: true,
      signIn: false,
      linkedAt: '2026-01-03T10:00:00.000Z',
    });
    const html = renderScreen(<LinkedMethods />, {
      queries: [
        [
          socialAuthStatusQueryKey,
          STATUS([
            PHONE_METHOD,
            social('twitter', '1790000000000000001', { username: 'khel_gamer' }),
            social('discord', '80351110224678912', { username: 'khel.gamer' }),
            social('steam', '76561197960287930', {}),
          ]),
        ],
      ],
    });
    expect(html).toContain('@khel_gamer');
    expect(html).toContain('khel.gamer');
    expect(html).toContain('76561197960287930');
    // The phone is the only sign-in method: it stays; the three accounts can go.
    expect(html.match(/>Disconnect<\/button>/g)).toHaveLength(3);
    expect(html).not.toContain('>Link</button>');
  });

  it('linking a phone uses the same form, titled for linking', () => {
    const html = renderScreen(<LoginFlow purpose="link" step={1} onStepChange={() => {}} />);
    expect(html).toContain('Link your phone number');
    expect(html).not.toContain('Continue with Google');
  });
});

describe('the Khel wallet (custodial)', () => {
  it('shows the address shortened for copying (SPEC §9: over 30 characters) with a Copy button', () => {
    const html = renderScreen(<CustodialWallet />, { queries: [[walletAddressQueryKey, ADDRESS]] });
    expect(html).toContain('0x5290...9EE7');
    expect(html).toContain(`title="${ADDRESS}"`);
    expect(html).toContain('>Copy</button>');
  });
});

describe('DeleteAccountScreen (/delete-user-account)', () => {
  it('explains what is erased and what stays, with the 14-day grace period, before asking', () => {
    const html = renderScreen(<DeleteAccountScreen />, {
      queries: [[deletionStateQueryKey, { status: 'none', requestedAt: null, dueAt: null, graceDays: 14 }]],
    });
    expect(html).toContain('you have 14 days to change your mind');
    expect(html).toContain('What we erase');
    // The custodial wallet's key is destroyed at the purge: the user is told before asking.
    expect(html).toContain('anything still in it can no longer be moved');
    expect(html).toContain('Your phone number and email address');
    expect(html).toContain('What stays');
    expect(html).toContain('anonymous id');
    expect(html).toContain('>Delete my account</button>');
    expect(html).not.toContain('Cancel deletion');
    // What is kept, and for how long: the privacy policy's retention section.
    expect(html).toMatch(/<a href="\/privacy-policy#retention"[^>]*>Privacy policy<\/a>/);
  });

  it('while pending it shows the due date and Cancel deletion', () => {
    const html = renderScreen(<DeleteAccountScreen />, {
      queries: [
        [
          deletionStateQueryKey,
          {
            status: 'pending',
            requestedAt: '2026-03-01T10:00:00.000Z',
            dueAt: '2026-03-15T10:00:00.000Z',
            graceDays: 14,
          },
        ],
      ],
    });
    // SPEC §9 date display d/Mon/yy, hh:mm am/pm (in the user's zone).
    expect(html).toMatch(/We will erase your personal data on 1[456]\/Mar\/26, \d\d:\d\d [ap]m\./);
    expect(html).toMatch(/Requested on (1|28|29)\/(Mar|Feb)\/26, \d\d:\d\d [ap]m/);
    expect(html).toContain('>Cancel deletion</button>');
    expect(html).not.toContain('Delete my account');
  });

  it('in Portuguese', () => {
    const html = renderScreen(<DeleteAccountScreen />, {
      language: 'pt-BR',
      queries: [[deletionStateQueryKey, { status: 'none', requestedAt: null, dueAt: null, graceDays: 14 }]],
    });
    expect(html).toContain('Excluir minha conta');
    expect(html).toContain('O que fica');
  });
});

describe('what a deletion loses, and where a pending one is said', () => {
  const NONE = { status: 'none', requestedAt: null, dueAt: null, graceDays: 14 } as const;
  const BALANCE = {
    usdt: money(3_500_000n, 'USDT'),
    kcashBought: money(2_000_000n, 'KCASH'),
    kcashEarned: money(3_863_094n, 'KCASH'),
    kcashTotal: money(5_863_094n, 'KCASH'),
    rkhel: money(0n, 'RKHEL'),
    kpoints: money(120n, 'KPOINTS'),
  };
  const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('the deletion screen names every balance above zero that would be lost', () => {
    const html = plain(
      renderScreen(<DeleteAccountScreen />, {
        queries: [
          [deletionStateQueryKey, NONE],
          [balanceQueryKey, BALANCE],
        ],
      }),
    );
    expect(html).toContain('What you will lose');
    expect(html).toContain('5,863.094 K\u2011Cash (2,000 K\u2011Cash bought, 3,863.094 K\u2011Cash earned)');
    expect(html).toContain('3.5 USDT');
    expect(html).toContain('120 K\u2011Points');
    expect(html).not.toContain('rKHEL 0');
  });

  it('says so when there is nothing to lose, in Hindi too', () => {
    const empty = {
      ...BALANCE,
      usdt: money(0n, 'USDT'),
      kcashBought: money(0n, 'KCASH'),
      kcashEarned: money(0n, 'KCASH'),
      kcashTotal: money(0n, 'KCASH'),
      kpoints: money(0n, 'KPOINTS'),
    };
    const queries = [
      [deletionStateQueryKey, NONE],
      [balanceQueryKey, empty],
    ] as const;
    expect(plain(renderScreen(<DeleteAccountScreen />, { queries: [...queries] }))).toContain(
      'Your balances are empty',
    );
    expect(renderScreen(<DeleteAccountScreen />, { language: 'hi', queries: [...queries] })).toContain(
      'आपके बैलेंस खाली हैं',
    );
  });

  it('home shows a pending deletion with its date and a link to cancel it', () => {
    const html = renderScreen(<HomeScreen />, {
      api: signedInApi(),
      queries: [[profileQueryKey, { ...PROFILE, deletion_due_at: '2026-03-15T10:00:00.000Z' }]],
    });
    expect(html).toContain('data-testid="deletion-notice"');
    expect(plain(html)).toMatch(/will be deleted on 1[456]\/Mar\/26/);
    expect(html).toMatch(/<a [^>]*href="\/delete-user-account"[^>]*>Cancel the deletion<\/a>/);
    expect(
      renderScreen(<HomeScreen />, { api: signedInApi(), queries: [[profileQueryKey, PROFILE]] }),
    ).not.toContain('deletion-notice');
  });

  it('home says it in Portuguese', () => {
    const html = renderScreen(<HomeScreen />, {
      api: signedInApi(),
      language: 'pt-BR',
      queries: [[profileQueryKey, { ...PROFILE, deletion_due_at: '2026-03-15T10:00:00.000Z' }]],
    });
    expect(html).toContain('Sua conta está sendo excluída');
    expect(html).toContain('Cancelar a exclusão');
  });
});

function signedInApi() {
  const api = fakeApi({});
  api.session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return api;
}
