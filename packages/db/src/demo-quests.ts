/**
 * Demo content for quests (issue 10): the three partner hubs of SPEC §2, twelve games and twenty
 * quests that between them use every task type. Operators add real content through the operator API
 * and CLI; this is what a newcomer sees on a fresh database. Dates are relative to the seeding day so
 * the quests are live whenever the product is first started. Art: apps' `public/art/` (README there).
 */

export const DEMO_HUBS = [
  {
    slug: 'bullieverse',
    name: 'Bullieverse',
    tagline: 'An open metaverse of arcade sports and races.',
    logoUrl: '/art/hubs/bullieverse-logo.svg',
    bannerUrl: '/art/hubs/bullieverse-banner.svg',
    sortOrder: 10,
  },
  {
    slug: 'colexion',
    name: 'Colexion',
    tagline: 'Collectible cards of cricket and football stars.',
    logoUrl: '/art/hubs/colexion-logo.svg',
    bannerUrl: '/art/hubs/colexion-banner.svg',
    sortOrder: 20,
  },
  {
    slug: 'dark-throne',
    name: 'Dark Throne',
    tagline: 'A dark-fantasy strategy world of kingdoms and sieges.',
    logoUrl: '/art/hubs/dark-throne-logo.svg',
    bannerUrl: '/art/hubs/dark-throne-banner.svg',
    sortOrder: 30,
  },
] as const;

/** Texts in Hindi and Brazilian Portuguese (English is in the fields themselves). */
export type Translations<F extends string> = {
  hi?: Partial<Record<F, string>>;
  'pt-BR'?: Partial<Record<F, string>>;
};

type DemoGame = {
  slug: string;
  name: string;
  description: string;
  genres: string[];
  platforms: string[];
  networks: string[];
  loginMethods: string[];
  hubSlug: string | null;
  /** Browser games we host ourselves (apps' public/rkade/), played in a frame on /rkade. */
  playUrl: string | null;
  translations?: Translations<'description'>;
};

export const DEMO_GAMES: DemoGame[] = [
  {
    slug: 'bullie-bowling',
    name: 'Bullie Bowling',
    description: 'Ten-pin bowling in the Bullieverse: curve the ball, chase strikes, climb the weekly table.',
    genres: ['Sports', 'Casual', 'Metaverse'],
    platforms: ['Browser', 'Windows', 'Mac'],
    networks: ['Polygon'],
    loginMethods: ['email', 'user_id'],
    hubSlug: 'bullieverse',
    playUrl: '/rkade/bowling/',
  },
  {
    slug: 'bullie-racer',
    name: 'Bullie Racer',
    description: 'Arcade kart racing through neon city tracks with power-ups and drift boosts.',
    genres: ['Racing', 'Arcade'],
    platforms: ['Browser', 'Android', 'Windows'],
    networks: ['Polygon'],
    loginMethods: ['user_id'],
    hubSlug: 'bullieverse',
    playUrl: '/rkade/racer/',
  },
  {
    slug: 'colexion-cricket-legends',
    name: 'Cricket Legends',
    description: 'Collect cards of cricket stars, build an XI and play quick T10 matches.',
    genres: ['CardGame', 'Sports', 'Strategy'],
    platforms: ['Android', 'IOS', 'Browser'],
    networks: ['Polygon'],
    loginMethods: ['email'],
    hubSlug: 'colexion',
    playUrl: null,
  },
  {
    slug: 'colexion-futebol-stars',
    name: 'Futebol Stars',
    description: 'Football cards from Brazil and beyond: trade, upgrade and win weekend leagues.',
    genres: ['CardGame', 'Sports'],
    platforms: ['Android', 'IOS'],
    networks: ['Polygon'],
    loginMethods: ['email', 'username'],
    hubSlug: 'colexion',
    playUrl: null,
  },
  {
    slug: 'dark-throne-sieges',
    name: 'Dark Throne: Sieges',
    description: 'Raise a castle, train an army and lay siege to rival kingdoms with your clan.',
    genres: ['Strategy', 'Fantasy', 'MMORPG'],
    platforms: ['Windows', 'PC', 'Mac'],
    networks: ['Solana'],
    loginMethods: ['solana_wallet', 'steam_id'],
    hubSlug: 'dark-throne',
    playUrl: null,
  },
  {
    slug: 'dark-throne-runes',
    name: 'Dark Throne: Runes',
    description: 'A rune-matching puzzle duel set in the Dark Throne world.',
    genres: ['Puzzle', 'Fantasy', 'Casual'],
    platforms: ['Browser', 'Android'],
    networks: ['Solana'],
    loginMethods: ['username'],
    hubSlug: 'dark-throne',
    playUrl: '/rkade/runes/',
  },
  {
    slug: 'squad-royale',
    name: 'Squad Royale',
    description: 'Fifty players, one island, last squad standing. Quick ten-minute rounds for phones.',
    genres: ['BattleRoyale', 'Shooter', 'Action'],
    platforms: ['Android', 'IOS'],
    networks: ['OffChain'],
    loginMethods: ['user_id'],
    hubSlug: null,
    playUrl: null,
  },
  {
    slug: 'lane-clash',
    name: 'Lane Clash',
    description: 'Five-versus-five MOBA with fifteen-minute matches and ranked seasons.',
    genres: ['MOBA', 'Strategy', 'Esports'],
    platforms: ['Android', 'IOS'],
    networks: ['OffChain'],
    loginMethods: ['username'],
    hubSlug: null,
    playUrl: null,
  },
  {
    slug: 'steel-strike',
    name: 'Steel Strike',
    description: 'Tactical five-versus-five shooter on PC: plant, defuse, clutch.',
    genres: ['Shooter', 'Tactics', 'Esports'],
    platforms: ['PC', 'Windows'],
    networks: ['OffChain'],
    loginMethods: ['steam_id', 'steam_link'],
    hubSlug: null,
    playUrl: null,
  },
  {
    slug: 'ton-tap-heroes',
    name: 'TON Tap Heroes',
    description: 'Tap to battle, upgrade heroes and claim loot: an idle RPG that lives in Telegram.',
    genres: ['Idle', 'RPG', 'Casual'],
    platforms: ['Browser', 'Android', 'IOS'],
    networks: ['TON'],
    loginMethods: ['user_id'],
    hubSlug: null,
    playUrl: '/rkade/tap-heroes/',
  },
  {
    slug: 'pixel-farm',
    name: 'Pixel Farm',
    description: 'Grow crops, raise animals and trade with neighbours in a cosy pixel village.',
    genres: ['Simulation', 'Social', 'Casual'],
    platforms: ['Browser', 'Android'],
    networks: ['Base'],
    loginMethods: ['email'],
    hubSlug: null,
    playUrl: null,
  },
  {
    slug: 'quiz-champions',
    name: 'Quiz Champions',
    description: 'Live trivia in English, Hindi and Portuguese: cricket, films, football and more.',
    genres: ['Trivia', 'Social', 'Educational'],
    platforms: ['Browser', 'Android', 'IOS'],
    networks: ['OffChain'],
    loginMethods: ['username'],
    hubSlug: null,
    playUrl: null,
  },
];

/** Days from the seeding moment. */
type Offset = { startDay: number; endDay: number };

export type DemoQuest = Offset & {
  slug: string;
  title: string;
  description: string;
  hubSlug: string | null;
  gameSlug: string | null;
  totalSlots: number | null;
  /** A quest that repeats each UTC day, ISO week or month (issue 26); none when absent. */
  recurrence?: 'daily' | 'weekly' | 'monthly';
  featured: boolean;
  rewards: { kpoints?: string; kcash?: string; rkhel?: string };
  tasks: {
    title: string;
    description?: string;
    locked?: boolean;
    proof?: 'text' | 'link' | 'image' | null;
    config: Record<string, unknown> & { type: string };
    translations?: Translations<'title' | 'description' | 'hint'>;
  }[];
  translations?: Translations<'title' | 'description'>;
};

/** K-Cash minor units: 1 K-Cash = 1000. */
const kcash = (units: number) => String(units * 1000);

export const DEMO_QUESTS: DemoQuest[] = [
  {
    slug: 'bullie-bowling-first-strike',
    title: 'First Strike in Bullie Bowling',
    description: 'Link your game account, follow Bullieverse on X and enter the launch code from the stream.',
    hubSlug: 'bullieverse',
    gameSlug: 'bullie-bowling',
    totalSlots: 500,
    featured: true,
    startDay: -2,
    endDay: 30,
    rewards: { kpoints: '150', kcash: kcash(20) },
    tasks: [
      { title: 'Give your in-game email', config: { type: 'capture_login', method: 'email' } },
      { title: 'Follow @Bullieverse on X', config: { type: 'x_follow', handle: 'Bullieverse' } },
      {
        title: 'Enter the launch code',
        description: 'The code was shown at the end of the launch stream.',
        locked: true,
        config: {
          type: 'special_code',
          code: 'STRIKE2026',
          hint: 'Ten letters and digits, shown on screen.',
        },
      },
    ],
  },
  {
    slug: 'bullie-racer-grand-prix',
    title: 'Bullie Racer Grand Prix',
    description: 'Register your racer id with the game, then prove you finished a race.',
    hubSlug: 'bullieverse',
    gameSlug: 'bullie-racer',
    totalSlots: 300,
    featured: false,
    startDay: -1,
    endDay: 21,
    rewards: { kpoints: '200', rkhel: '5000000' },
    tasks: [
      {
        title: 'Verify your racer id with Bullie Racer',
        config: {
          type: 'game_api',
          endpoint: 'https://games.khel.local/bullie-racer/players',
          method: 'user_id',
        },
      },
      {
        title: 'Share a screenshot of a finished race',
        proof: 'image',
        config: { type: 'uri_redirection', url: 'https://bullieverse.io/racer' },
      },
    ],
  },
  {
    slug: 'bullieverse-community-week',
    title: 'Bullieverse Community Week',
    description: 'Join the Bullieverse Discord and Telegram, and like the launch post.',
    hubSlug: 'bullieverse',
    gameSlug: null,
    totalSlots: null,
    featured: true,
    startDay: -3,
    endDay: 14,
    rewards: { kpoints: '100' },
    tasks: [
      {
        title: 'Join the Bullieverse Discord server',
        config: {
          type: 'discord_join_server',
          guildId: '900000000000000001',
          inviteUrl: 'https://discord.gg/bullieverse',
        },
      },
      {
        title: 'Join the Bullieverse Telegram channel',
        config: {
          type: 'telegram_join_channel',
          chat: '@bullieverse_news',
          inviteUrl: 'https://t.me/bullieverse_news',
        },
      },
      {
        title: 'Like the launch post',
        config: { type: 'x_like', postUrl: 'https://x.com/Bullieverse/status/1900000000000000001' },
      },
    ],
  },
  {
    slug: 'cricket-legends-rookie',
    title: 'Cricket Legends: Rookie Season',
    description: 'Link X, retweet the season launch and comment your dream XI captain.',
    hubSlug: 'colexion',
    gameSlug: 'colexion-cricket-legends',
    totalSlots: 1000,
    featured: true,
    startDay: -1,
    endDay: 28,
    rewards: { kpoints: '120', kcash: kcash(10) },
    tasks: [
      { title: 'Link your X account', config: { type: 'link_twitter' } },
      {
        title: 'Retweet the season launch',
        config: { type: 'x_retweet', postUrl: 'https://x.com/Colexion/status/1900000000000000002' },
      },
      {
        title: 'Comment your dream captain',
        proof: 'link',
        config: { type: 'x_comment', postUrl: 'https://x.com/Colexion/status/1900000000000000002' },
      },
    ],
  },
  {
    slug: 'futebol-stars-kickoff',
    title: 'Futebol Stars Kick-off',
    description: 'Tweet with #FutebolStars and put "Futebol Stars" in your X bio for the weekend.',
    hubSlug: 'colexion',
    gameSlug: 'colexion-futebol-stars',
    totalSlots: null,
    featured: false,
    startDay: -2,
    endDay: 10,
    rewards: { kpoints: '80' },
    tasks: [
      { title: 'Tweet with #FutebolStars', config: { type: 'x_hashtag_tweet', hashtag: 'FutebolStars' } },
      { title: 'Add "Futebol Stars" to your X bio', config: { type: 'x_bio', text: 'Futebol Stars' } },
    ],
  },
  {
    slug: 'colexion-collectors-club',
    title: 'Colexion Collectors Club',
    description: 'Hold a Colexion card NFT in a linked wallet to join the collectors club.',
    hubSlug: 'colexion',
    gameSlug: null,
    totalSlots: 200,
    featured: false,
    startDay: -5,
    endDay: 40,
    rewards: { kpoints: '300', rkhel: '10000000' },
    tasks: [
      { title: 'Link a wallet', config: { type: 'link_wallet' } },
      {
        title: 'Hold a Colexion card',
        locked: true,
        config: {
          type: 'hold_nft',
          chainId: 31337,
          contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          name: 'Colexion Card',
          minCount: 1,
        },
      },
    ],
  },
  {
    slug: 'dark-throne-siege-master',
    title: 'Dark Throne: Siege Master',
    description: 'Give your Solana wallet, hold Throne tokens and get the Siege Master role on Discord.',
    hubSlug: 'dark-throne',
    gameSlug: 'dark-throne-sieges',
    totalSlots: 150,
    featured: true,
    startDay: -1,
    endDay: 35,
    rewards: { kpoints: '250', kcash: kcash(30) },
    tasks: [
      { title: 'Give your Solana wallet', config: { type: 'capture_login', method: 'solana_wallet' } },
      {
        title: 'Hold 100 THRONE',
        config: {
          type: 'hold_token',
          chainId: 31337,
          contract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
          symbol: 'THRONE',
          decimals: 18,
          minAmount: '100000000000000000000',
        },
      },
      {
        title: 'Get the Siege Master role',
        config: {
          type: 'discord_role_check',
          guildId: '900000000000000003',
          roleId: '910000000000000001',
          roleName: 'Siege Master',
          inviteUrl: 'https://discord.gg/darkthrone',
        },
      },
    ],
  },
  {
    slug: 'dark-throne-steam-raid',
    title: 'Dark Throne: Steam Raid',
    description: 'Link Steam and give your Steam id to join the raid weekend.',
    hubSlug: 'dark-throne',
    gameSlug: 'dark-throne-sieges',
    totalSlots: 400,
    featured: false,
    startDay: 0,
    endDay: 20,
    rewards: { kpoints: '90' },
    tasks: [
      { title: 'Link your Steam account', config: { type: 'link_steam' } },
      { title: 'Give your Steam id', config: { type: 'capture_login', method: 'steam_id' } },
    ],
  },
  {
    slug: 'dark-throne-runes-duel',
    title: 'Runes Duel',
    description: 'Play a duel in Runes, then tell us your username.',
    hubSlug: 'dark-throne',
    gameSlug: 'dark-throne-runes',
    totalSlots: null,
    featured: false,
    startDay: -4,
    endDay: 25,
    rewards: { kpoints: '60' },
    tasks: [
      {
        title: 'Open Runes in the Rkade',
        config: { type: 'uri_redirection', url: 'https://khel.local/rkade' },
      },
      { title: 'Give your Runes username', config: { type: 'capture_login', method: 'username' } },
    ],
  },
  {
    slug: 'squad-royale-drop-in',
    title: 'Squad Royale: Drop In',
    description: 'Verify your player id with Squad Royale and join the Telegram squad finder.',
    hubSlug: null,
    gameSlug: 'squad-royale',
    totalSlots: 50,
    featured: true,
    startDay: -1,
    endDay: 7,
    rewards: { kpoints: '100', kcash: kcash(50) },
    tasks: [
      {
        title: 'Join the squad finder channel',
        config: {
          type: 'telegram_join_channel',
          chat: '@squadroyale_lfg',
          inviteUrl: 'https://t.me/squadroyale_lfg',
        },
      },
      {
        title: 'Verify your player id',
        config: {
          type: 'game_api',
          endpoint: 'https://games.khel.local/squad-royale/players',
          method: 'user_id',
        },
      },
    ],
  },
  {
    slug: 'lane-clash-ranked',
    title: 'Lane Clash Ranked Season',
    description: 'Link Discord, join the Lane Clash server and enter the season code.',
    hubSlug: null,
    gameSlug: 'lane-clash',
    totalSlots: 800,
    featured: false,
    startDay: -2,
    endDay: 30,
    rewards: { kpoints: '140', rkhel: '2000000' },
    tasks: [
      { title: 'Link your Discord account', config: { type: 'link_discord' } },
      {
        title: 'Join the Lane Clash server',
        config: {
          type: 'discord_join_server',
          guildId: '900000000000000002',
          inviteUrl: 'https://discord.gg/laneclash',
        },
      },
      {
        title: 'Enter the season code',
        locked: true,
        config: { type: 'special_code', code: 'LANE-S7', hint: 'Pinned in #announcements.' },
      },
    ],
  },
  {
    slug: 'steel-strike-steam-link',
    title: 'Steel Strike: Link Up',
    description: 'Give your Steam link in any of its forms and link Google for match reminders.',
    hubSlug: null,
    gameSlug: 'steel-strike',
    totalSlots: null,
    featured: false,
    startDay: -1,
    endDay: 45,
    rewards: { kpoints: '70' },
    tasks: [
      { title: 'Give your Steam link', config: { type: 'capture_login', method: 'steam_link' } },
      { title: 'Link your Google account', config: { type: 'link_google' } },
    ],
  },
  {
    slug: 'ton-tap-heroes-launch',
    title: 'TON Tap Heroes Launch',
    description: 'Link Telegram, open the game and enter the launch code from the bot.',
    hubSlug: null,
    gameSlug: 'ton-tap-heroes',
    totalSlots: 1000,
    featured: true,
    startDay: -1,
    endDay: 20,
    rewards: { kpoints: '110', kcash: kcash(5) },
    tasks: [
      { title: 'Link your Telegram account', config: { type: 'link_telegram' } },
      { title: 'Open TON Tap Heroes', config: { type: 'uri_redirection', url: 'https://khel.local/rkade' } },
      {
        title: 'Enter the launch code',
        config: { type: 'special_code', code: 'TAPHERO', hint: 'Send /code to the game bot.' },
      },
    ],
  },
  {
    slug: 'pixel-farm-neighbours',
    title: 'Pixel Farm Neighbours',
    description: 'Create your referral link and invite two friends to Khel.',
    hubSlug: null,
    gameSlug: 'pixel-farm',
    totalSlots: null,
    featured: false,
    startDay: -3,
    endDay: 60,
    rewards: { kpoints: '200' },
    tasks: [
      { title: 'Create your referral link', config: { type: 'create_referral' } },
      { title: 'Invite two friends', locked: true, config: { type: 'referral_invite', count: 2 } },
    ],
  },
  {
    slug: 'quiz-champions-weekly',
    title: 'Quiz Champions Weekly',
    description: 'Give your quiz username and write which topic you want next week.',
    hubSlug: null,
    gameSlug: 'quiz-champions',
    totalSlots: null,
    featured: false,
    startDay: -1,
    endDay: 6,
    rewards: { kpoints: '40' },
    tasks: [
      { title: 'Give your quiz username', config: { type: 'capture_login', method: 'username' } },
      {
        title: 'Suggest next week’s topic',
        proof: 'text',
        config: { type: 'uri_redirection', url: 'https://khel.local/quiz' },
      },
    ],
  },
  {
    slug: 'khel-verified-gamer',
    title: 'Verified Gamer',
    description: 'Finish your KYC to collect earnings, and get a bonus for it.',
    hubSlug: null,
    gameSlug: null,
    totalSlots: null,
    featured: true,
    startDay: -10,
    endDay: 120,
    rewards: { kpoints: '500', kcash: kcash(25) },
    tasks: [{ title: 'Complete your KYC', config: { type: 'internal_api', check: 'kyc_verified' } }],
  },
  {
    slug: 'khel-first-purchase',
    title: 'First K-Store Purchase',
    description: 'Buy anything in the K-Store with K-Cash.',
    hubSlug: null,
    gameSlug: null,
    totalSlots: null,
    featured: false,
    startDay: -10,
    endDay: 120,
    rewards: { kpoints: '150' },
    tasks: [{ title: 'Buy something with K-Cash', config: { type: 'internal_api', check: 'store_spent' } }],
  },
  {
    slug: 'khel-pog-pioneer',
    title: 'POG Pioneer',
    description: 'Mint your Proof-of-Gamer card and share it on X.',
    hubSlug: null,
    gameSlug: null,
    totalSlots: 1000,
    featured: false,
    startDay: -1,
    endDay: 90,
    rewards: { kpoints: '400', rkhel: '20000000' },
    tasks: [
      { title: 'Mint your POG card', config: { type: 'internal_api', check: 'has_pog' } },
      { title: 'Share your POG card on X', locked: true, config: { type: 'share_pog_x' } },
    ],
  },
  {
    slug: 'khel-clan-up',
    title: 'Clan Up',
    description: 'Join a clan and play together.',
    hubSlug: null,
    gameSlug: null,
    totalSlots: null,
    featured: false,
    startDay: -1,
    endDay: 90,
    rewards: { kpoints: '150' },
    tasks: [{ title: 'Join a clan', config: { type: 'internal_api', check: 'in_clan' } }],
  },
  {
    slug: 'khel-welcome-quest',
    title: 'Welcome to Khel',
    description: 'Your first quest: enter the welcome code KHEL and collect your first K-Cash.',
    hubSlug: null,
    gameSlug: null,
    totalSlots: null,
    featured: true,
    startDay: -30,
    endDay: 365,
    rewards: { kpoints: '50', kcash: kcash(2) },
    tasks: [
      {
        title: 'Enter the welcome code',
        config: { type: 'special_code', code: 'KHEL', hint: 'It is in the quest description.' },
      },
    ],
  },
];

/**
 * Quests that repeat (issue 26), seeded under a marker of their own so a database seeded before them gets
 * them too: what "Today's quests" on home shows a newcomer, each doable in the sandboxes.
 */
export const DEMO_RECURRING_QUESTS: DemoQuest[] = [
  {
    slug: 'daily-check-in',
    title: 'Daily check-in',
    description: 'Drop by every day: open the game of the day in Rkade. A new check-in opens at 00:00 UTC.',
    hubSlug: null,
    gameSlug: null,
    totalSlots: null,
    recurrence: 'daily',
    featured: false,
    startDay: -1,
    endDay: 365,
    rewards: { kpoints: '20' },
    tasks: [
      {
        title: 'Open the game of the day',
        config: { type: 'uri_redirection', url: 'https://khel.local/rkade' },
      },
    ],
  },
  {
    slug: 'weekly-squad-royale-drop-in',
    title: 'Weekly drop-in: Squad Royale',
    description:
      'Check in with your Squad Royale player id once a week for K-Cash. A new week starts on Monday, 00:00 UTC.',
    hubSlug: null,
    gameSlug: 'squad-royale',
    totalSlots: null,
    recurrence: 'weekly',
    featured: false,
    startDay: -1,
    endDay: 365,
    rewards: { kpoints: '100', kcash: kcash(2) },
    tasks: [
      {
        title: 'Verify your Squad Royale player id',
        config: {
          type: 'game_api',
          endpoint: 'https://games.khel.local/squad-royale/players',
          method: 'user_id',
        },
      },
    ],
  },
  {
    slug: 'monthly-clan-loyalty',
    title: 'Clan loyalty',
    description: 'Be in a clan when you check in, once a month. A new month starts on the 1st, 00:00 UTC.',
    hubSlug: null,
    gameSlug: null,
    totalSlots: null,
    recurrence: 'monthly',
    featured: false,
    startDay: -1,
    endDay: 365,
    rewards: { kpoints: '300' },
    tasks: [{ title: 'Be in a clan', config: { type: 'internal_api', check: 'in_clan' } }],
  },
];
