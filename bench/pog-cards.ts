/**
 * POG card images benchmark: how many card faces the server draws per second (satori lays the card out
 * as an SVG on the main thread, resvg rasterises it to a PNG on libuv's thread pool), how many it
 * answers per second from the card image cache, each as a ratio to a baseline measured in the same
 * run: resvg rasterising a trivial 630×880 SVG (one filled rectangle), the floor under any render.
 * It prints figures; it is not a test, asserts no time and exits 0 whatever it finds.
 *
 *   pnpm --filter @khel/bench bench:pog-cards
 *
 * BENCH_POG_SECONDS (4) per row after BENCH_WARMUP_SECONDS (0.5); c = renders in flight.
 */
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { cardImageEtag, createCardImageCache } from '@khel/api/modules/pog/card/card-cache.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type PogCardImageInput,
  renderCardBack,
  renderCardFront,
  renderShareImage,
} from '@khel/api/modules/pog/card/card-image.ts';
import { type Figures, measure, positive, printTable, type Row, ratio, WARMUP_SECONDS } from './support.ts';

const SECONDS = positive('BENCH_POG_SECONDS', 4);

// resvg and sharp are dependencies of @khel/api: load them from there.
const fromApi = createRequire(import.meta.resolve('@khel/api/modules/pog/card/card-image.ts'));
const { renderAsync } = fromApi('@resvg/resvg-js') as {
  renderAsync: (svg: string, options: object) => Promise<{ asPng(): Uint8Array }>;
};
const sharp = fromApi('sharp') as (input: Buffer) => { png(): { toBuffer(): Promise<Buffer> } };

const avatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a2a6c"/><stop offset="1" stop-color="#b21f1f"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/><circle cx="256" cy="220" r="120" fill="#f5c6a5"/><rect x="136" y="360" width="240" height="152" rx="60" fill="#222"/>
</svg>`;
const avatarPng = new Uint8Array(await sharp(Buffer.from(avatarSvg)).png().toBuffer());

const input: PogCardImageInput = {
  name: 'RaviOP',
  avatarPng,
  theme: 'Sci-Fi',
  variant: 'Legendary',
  scores: { HUMAN: 920, PLAY: 780, SKILL: 865, COMMERCE: 410, SOCIAL: 655 },
  total: 812,
  badges: ['ProofOfSkill', 'ProofOfPlay', 'ProofOfHuman', 'TelegramerSocial'],
  clanName: 'Storm Wolves',
  chain: 'evm',
  network: 'evm:31337',
  tokenId: '1042',
  txHash: '0x9f3a4c1b2e7d8f00112233445566778899aabbccddeeff00112233445566a7c2',
  mintedAt: new Date(Date.UTC(2025, 2, 12)),
  likes: 12_840,
  lang: 'en',
};
const hindi: PogCardImageInput = { ...input, lang: 'hi' };

const trivialSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#0a0c16"/></svg>`;
const rasteriseTrivial = async () => {
  (await renderAsync(trivialSvg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })).asPng();
};

console.log(
  `pog-cards bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]!.toFixed(1)}), ` +
    `${SECONDS} s per row after ${WARMUP_SECONDS} s warm-up (c = renders in flight; ratios against the baseline of this run)`,
);

// The first render loads satori, resvg and the fonts: time it alone.
const firstStarted = performance.now();
const firstPng = await renderCardFront(input);
const firstMs = performance.now() - firstStarted;
const sizes = {
  front: firstPng.byteLength,
  back: (await renderCardBack(input)).byteLength,
  share: (await renderShareImage(input)).byteLength,
};

const timing = { seconds: SECONDS };
const rows: Row[] = [];
const add = (section: string, label: string, concurrency: number, figures: Figures, base?: Figures) => {
  rows.push({
    section,
    label,
    concurrency,
    figures,
    ratios: base ? [ratio(figures.opsPerSecond, base.opsPerSecond, 'trivial SVG')] : [],
  });
  return figures;
};

const baseline1 = add(
  'baseline',
  'resvg: trivial 630×880 SVG',
  1,
  await measure(1, rasteriseTrivial, timing),
);
const baseline2 = add(
  'baseline',
  'resvg: trivial 630×880 SVG',
  2,
  await measure(2, rasteriseTrivial, timing),
);

add(
  'renders',
  'card front (en)',
  1,
  await measure(1, () => renderCardFront(input).then(() => {}), timing),
  baseline1,
);
add(
  'renders',
  'card front (en)',
  2,
  await measure(2, () => renderCardFront(input).then(() => {}), timing),
  baseline2,
);
add(
  'renders',
  'card front (hi)',
  1,
  await measure(1, () => renderCardFront(hindi).then(() => {}), timing),
  baseline1,
);
add(
  'renders',
  'card back (en)',
  1,
  await measure(1, () => renderCardBack(input).then(() => {}), timing),
  baseline1,
);
add(
  'renders',
  'share image 1200×630 (en)',
  1,
  await measure(1, () => renderShareImage(input).then(() => {}), timing),
  baseline1,
);

// Cached: one key drawn once, then every call is a hit (what a repeated request costs before HTTP).
const cache = createCardImageCache();
const key = `bench-card:${Date.now()}:en:front`;
await cache.get(key, () => renderCardFront(input));
add(
  'cached',
  'card front, cache hit',
  1,
  await measure(1, () => cache.get(key, () => renderCardFront(input)).then(() => {}), timing),
  baseline1,
);
add(
  'cached',
  'ETag for a key (304 path)',
  1,
  await measure(1, async () => void cardImageEtag(key), timing),
  baseline1,
);

printTable('POG card images', rows);
console.log(
  `\nfirst render (loads satori, resvg and the fonts): ${firstMs.toFixed(0)} ms; ` +
    `PNG sizes: front ${(sizes.front / 1024).toFixed(0)} KB, back ${(sizes.back / 1024).toFixed(0)} KB, share ${(sizes.share / 1024).toFixed(0)} KB`,
);
