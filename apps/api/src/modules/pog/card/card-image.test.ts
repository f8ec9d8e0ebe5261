import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CARD_IMAGE_VERSION,
  cachedRender,
  cardImageEtag,
  createCardImageCache,
  etagMatches,
} from './card-cache.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type PogCardImageInput,
  renderCardBack,
  renderCardFront,
  renderItemShareImage,
  renderShareImage,
  SHARE_HEIGHT,
  SHARE_WIDTH,
} from './card-image.ts';
import { CARD_TEXTS } from './card-texts.ts';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** How many pixels differ between two images of the same size. */
async function differingPixels(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect(ra!.info.width).toBe(rb!.info.width);
  let count = 0;
  for (let i = 0; i < ra!.data.length; i += 4) {
    if (
      ra!.data[i] !== rb!.data[i] ||
      ra!.data[i + 1] !== rb!.data[i + 1] ||
      ra!.data[i + 2] !== rb!.data[i + 2] ||
      ra!.data[i + 3] !== rb!.data[i + 3]
    ) {
      count++;
    }
  }
  return count;
}

let avatarPng: Uint8Array;

beforeAll(async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a1c71"/><stop offset="1" stop-color="#d76d77"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/><circle cx="256" cy="220" r="120" fill="#f5c6a5"/><rect x="136" y="360" width="240" height="152" rx="60" fill="#222"/>
  </svg>`;
  avatarPng = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
  expect(pngSize(avatarPng)).toEqual({ width: 512, height: 512 });
});

const card = (over: Partial<PogCardImageInput> = {}): PogCardImageInput => ({
  name: 'RaviOP',
  avatarPng,
  theme: 'Sci-Fi',
  variant: 'Legendary',
  scores: { HUMAN: 920, PLAY: 780, SKILL: 865, COMMERCE: 410, SOCIAL: 655 },
  total: 812,
  badges: ['ProofOfSkill', 'ProofOfPlay', 'TelegramerSocial', 'XerSocial'],
  clanName: 'Storm Wolves',
  chain: 'evm',
  network: 'evm:31337',
  tokenId: '1042',
  txHash: '0x9f3a4c1b2e7d8f00112233445566778899aabbccddeeff00112233445566a7c2',
  mintedAt: new Date(Date.UTC(2025, 2, 12)),
  likes: 12_840,
  lang: 'en',
  ...over,
});

const unminted = { chain: null, network: null, tokenId: null, txHash: null, mintedAt: null } as const;

describe('POG card images', () => {
  let front: Uint8Array;
  let back: Uint8Array;
  beforeAll(async () => {
    front = await renderCardFront(card());
    back = await renderCardBack(card());
  });

  it('draws the front and the back as 630×880 PNGs and the share image as 1200×630', async () => {
    const share = await renderShareImage(card());
    expect(pngSize(front)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(pngSize(back)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(pngSize(share)).toEqual({ width: SHARE_WIDTH, height: SHARE_HEIGHT });
    expect([CARD_WIDTH, CARD_HEIGHT, SHARE_WIDTH, SHARE_HEIGHT]).toEqual([630, 880, 1200, 630]);
    // The share image is opaque (link previews have no background of their own).
    expect((await sharp(share).stats()).isOpaque).toBe(true);
  });

  it('draws the same card the same way twice', async () => {
    expect(Buffer.from(await renderCardFront(card())).equals(Buffer.from(front))).toBe(true);
  });

  it('another variant, or other scores, give another image', async () => {
    const common = await renderCardFront(card({ variant: 'Common' }));
    expect(pngSize(common)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(await differingPixels(common, front)).toBeGreaterThan(10_000);

    const weaker = await renderCardBack(
      card({ scores: { HUMAN: 100, PLAY: 200, SKILL: 300, COMMERCE: 50, SOCIAL: 0 } }),
    );
    expect(await differingPixels(weaker, back)).toBeGreaterThan(1_000);
  });

  it('draws Hindi: the Devanagari labels and a Devanagari name are drawn, not dropped', async () => {
    const name = 'विक्रमसिंह';
    const hindi = card({ lang: 'hi', name });
    const named = await renderCardFront(hindi);
    const nameless = await renderCardFront({ ...hindi, name: '' });
    expect(pngSize(named)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    // The name alone covers thousands of pixels.
    expect(await differingPixels(named, nameless)).toBeGreaterThan(2_000);
    // And as letters, not as the empty boxes a font without Devanagari draws for every letter: two
    // names of six other consonants each look alike as boxes, and differ as letters.
    const [one, other] = await Promise.all(
      ['कखगघचज', 'टठडढतथ'].map((consonants) => renderCardFront({ ...hindi, name: consonants })),
    );
    expect(await differingPixels(one!, other!)).toBeGreaterThan(1_500);

    const backHi = await renderCardBack(card({ lang: 'hi' }));
    expect(CARD_TEXTS.hi.proofOfGamer).toBe('प्रूफ़ ऑफ़ गेमर');
    expect(await differingPixels(backHi, back)).toBeGreaterThan(2_000);
  });

  it('draws a minted card and one not minted yet', async () => {
    const notMinted = await renderCardBack(card(unminted));
    expect(pngSize(notMinted)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(await differingPixels(notMinted, back)).toBeGreaterThan(2_000);
    const notMintedShare = await renderShareImage(
      card({ ...unminted, badges: [], clanName: null, lang: 'pt-BR' }),
    );
    expect(pngSize(notMintedShare)).toEqual({ width: SHARE_WIDTH, height: SHARE_HEIGHT });
  });

  it('takes out-of-range numbers and a long clan name without breaking the layout', async () => {
    const odd = await renderCardBack(
      card({
        name: 'WWWWWWWWWWWW',
        total: 4000,
        scores: { HUMAN: -5, PLAY: Number.NaN, SKILL: 1001, COMMERCE: 1000, SOCIAL: 999.6 },
        clanName: 'The Extremely Long Clan Name Of Doom And More',
        likes: 98_765_432,
        tokenId: '123456789012345678901234567890',
        badges: [
          'ProofOfCommunity',
          'ProofOfHuman',
          'ProofOfPlay',
          'ProofOfSkill',
          'ProofOfSocial',
          'ProofOfCommerce',
          'TelegramerSocial',
          'XerSocial',
          'DiscorderSocial',
        ],
      }),
    );
    expect(pngSize(odd)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });
});

describe('card image cache', () => {
  const png = (n: number) => new Uint8Array(n).fill(7);

  it('answers the same bytes for a key without rendering twice, also for callers arriving mid-render', async () => {
    const cache = createCardImageCache();
    let renders = 0;
    // The first render runs until the test ends it.
    let finishRender!: (png: Uint8Array) => void;
    const firstRender = new Promise<Uint8Array>((resolve) => {
      finishRender = resolve;
    });
    const render = () => {
      renders++;
      return renders === 1 ? firstRender : Promise.resolve(png(100));
    };
    const first = cache.get('card-1:1:en:front', render);
    await vi.waitFor(() => expect(renders).toBe(1));
    const second = cache.get('card-1:1:en:front', render); // arrives mid-render
    finishRender(png(100));
    const [a, b] = await Promise.all([first, second]);
    const c = await cache.get('card-1:1:en:front', render);
    expect(renders).toBe(1);
    expect(b.png).toBe(a.png);
    expect(c.png).toBe(a.png);
    expect(c.etag).toBe(cardImageEtag('card-1:1:en:front'));
    await cache.get('card-1:2:en:front', render);
    expect(renders).toBe(2);
  });

  it('caches a real render: the second call draws nothing', async () => {
    let renders = 0;
    const key = `test-${Date.now()}:front`;
    const render = () => {
      renders++;
      return renderCardFront(card({ variant: 'Rare', theme: 'Toon' }));
    };
    const first = await cachedRender(key, render);
    const second = await cachedRender(key, render);
    expect(renders).toBe(1);
    expect(Buffer.from(second.png).equals(Buffer.from(first.png))).toBe(true);
    expect(pngSize(second.png)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it('drops the least recently used entries beyond its count or its bytes', async () => {
    const cache = createCardImageCache({ maxEntries: 2, maxBytes: 250 });
    let renders = 0;
    const render = async () => {
      renders++;
      return png(100);
    };
    await cache.get('a', render);
    await cache.get('b', render);
    await cache.get('a', render); // a is now the most recent
    await cache.get('c', render); // evicts b
    expect(renders).toBe(3);
    expect(cache.entries).toBe(2);
    await cache.get('a', render);
    expect(renders).toBe(3);
    await cache.get('b', render);
    expect(renders).toBe(4);

    const small = createCardImageCache({ maxEntries: 10, maxBytes: 250 });
    for (const key of ['x', 'y', 'z']) await small.get(key, render);
    expect(small.entries).toBe(2);
    expect(small.bytes).toBe(200);
    // An image larger than the whole cache is answered but not kept.
    await small.get('huge', async () => png(1_000));
    expect(small.entries).toBe(2);
  });

  it('does not remember a failed render', async () => {
    const cache = createCardImageCache();
    await expect(
      cache.get('k', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const ok = await cache.get('k', async () => png(10));
    expect(ok.png.byteLength).toBe(10);
  });

  it('gives an ETag per key and version that If-None-Match can name', () => {
    const etag = cardImageEtag('card-1:1:en:front');
    expect(etag).toMatch(/^"pog-[A-Za-z0-9_-]{27}"$/);
    expect(cardImageEtag('card-1:1:en:front')).toBe(etag);
    expect(cardImageEtag('card-1:1:hi:front')).not.toBe(etag);
    expect(CARD_IMAGE_VERSION).toBe('1');
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"other", W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"other"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});

describe('the share picture of a quest, campaign, tournament or article', () => {
  const item = {
    label: 'Quest',
    title: 'Summer Cup',
    line: 'Three matches this week.',
    accent: '#22d3a6',
    lang: 'en',
  } as const;

  it('is drawn at the share image’s size, and its title, line and accent change pixels', async () => {
    const base = await renderItemShareImage(item);
    expect(pngSize(base)).toEqual({ width: SHARE_WIDTH, height: SHARE_HEIGHT });
    for (const change of [{ title: 'Winter Cup' }, { line: '' }, { accent: '#ef4444' }]) {
      expect(await differingPixels(base, await renderItemShareImage({ ...item, ...change }))).toBeGreaterThan(
        50,
      );
    }
  }, 60_000);

  it('draws Devanagari as letters, and survives odd input (a very long title, a bad colour)', async () => {
    const a = await renderItemShareImage({ ...item, lang: 'hi', label: 'क्वेस्ट', title: 'कखगघचछ' });
    const b = await renderItemShareImage({ ...item, lang: 'hi', label: 'क्वेस्ट', title: 'जझटठडढ' });
    expect(await differingPixels(a, b)).toBeGreaterThan(50);
    const odd = await renderItemShareImage({ ...item, title: 'W'.repeat(500), accent: 'red;}' });
    expect(pngSize(odd)).toEqual({ width: SHARE_WIDTH, height: SHARE_HEIGHT });
  }, 60_000);
});
