import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  POG_SCORE_CATEGORIES,
  type PogBadgeId,
  type PogScoreCategory,
  type PogTheme,
  type PogVariant,
} from '@khel/core/contract';
import { CARD_TEXTS, type CardLang, type CardTexts, formatCardCount, formatCardDate } from './card-texts.ts';

/**
 * The POG card drawn as images on the server: the front and the back of a portrait trading card
 * (630×880) and a 1200×630 picture for link previews (Open Graph, X, Telegram). The card is laid out
 * as a tree of `{ type, props }` elements that satori turns into an SVG, and resvg rasterises that
 * SVG to a PNG (on libuv's thread pool, or on the calling thread after `rasteriseOnThisThread`). satori,
 * resvg and the fonts are loaded on the first render (or by `loadCardEngine`), never at process start.
 * The API does not call these in its own process: `card-render-pool.ts` runs them in child processes
 * at the lowest CPU priority (`card-render-child.ts`), so a card being drawn stalls no other request.
 * See README.md next to this file.
 */

// The SPEC §3 vocabularies come from the contract, as everywhere else.
export {
  POG_SCORE_CATEGORIES,
  type PogBadgeId,
  type PogScoreCategory,
  type PogTheme,
  type PogVariant,
} from '@khel/core/contract';

export interface PogCardImageInput {
  /** The POG name, 5–12 letters/digits. */
  name: string;
  /** 512×512 PNG. */
  avatarPng: Uint8Array;
  theme: PogTheme;
  variant: PogVariant;
  /** Each 0–1000. */
  scores: Record<PogScoreCategory, number>;
  /** Weighted total, 0–1000. */
  total: number;
  badges: PogBadgeId[];
  clanName: string | null;
  /** null while not minted. */
  chain: 'evm' | 'ton' | null;
  /** e.g. 'evm:31337', 'ton:sandbox'. */
  network: string | null;
  tokenId: string | null;
  txHash: string | null;
  mintedAt: Date | null;
  likes: number;
  lang: CardLang;
}

export const CARD_WIDTH = 630;
export const CARD_HEIGHT = 880;
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

export function renderCardFront(input: PogCardImageInput): Promise<Uint8Array> {
  return draw(() => cardFront(input), CARD_WIDTH, CARD_HEIGHT);
}

export function renderCardBack(input: PogCardImageInput): Promise<Uint8Array> {
  return draw(() => cardBack(input), CARD_WIDTH, CARD_HEIGHT);
}

export function renderShareImage(input: PogCardImageInput): Promise<Uint8Array> {
  return draw(() => shareImage(input), SHARE_WIDTH, SHARE_HEIGHT);
}

/**
 * The share picture of anything that is not a card (a quest, a campaign, a tournament, an article): what
 * it is, its title and a short line, already in the reader's language, at the size of a card's share image.
 */
export interface ItemShareImageInput {
  /** What is shared, as the reader says it ("Quest", "क्वेस्ट"). */
  label: string;
  title: string;
  /** One short line under the title (may be empty). */
  line: string;
  /** The accent colour of what is shared, `#rrggbb`. */
  accent: string;
  lang: CardLang;
}

export function renderItemShareImage(input: ItemShareImageInput): Promise<Uint8Array> {
  return draw(() => itemShareImage(input), SHARE_WIDTH, SHARE_HEIGHT);
}

/**
 * The same picture as a JPEG, which is what it is served as: the Bot API takes a photo result's `photo_url` as a
 * JPEG, and the picture is opaque (about a tenth of the PNG's bytes).
 */
export async function renderItemShareJpeg(input: ItemShareImageInput): Promise<Uint8Array> {
  const png = await renderItemShareImage(input);
  const sharp = (await import('sharp')).default;
  return new Uint8Array(await sharp(png).jpeg({ quality: 86, mozjpeg: true }).toBuffer());
}

// ---------------------------------------------------------------------------------------------------
// Engine: satori, resvg and the fonts, loaded once on the first render.

interface LoadedFont {
  name: string;
  data: Buffer;
  weight: 400 | 600 | 700;
  style: 'normal';
}

/**
 * Families as the layout names them. Each @fontsource file is one subset of a family (latin,
 * latin-ext, devanagari), so each subset gets a family name of its own and the stacks below list them:
 * satori takes a glyph from the first family in the stack that has it. All are under the SIL Open Font
 * License 1.1 (Rajdhani: Indian Type Foundry; Inter: The Inter Project Authors; Noto Sans Devanagari:
 * The Noto Project Authors).
 */
const FONT_FILES: { name: string; weight: LoadedFont['weight']; file: string }[] = [
  { name: 'Rajdhani', weight: 600, file: '@fontsource/rajdhani/files/rajdhani-latin-600-normal.woff' },
  { name: 'Rajdhani', weight: 700, file: '@fontsource/rajdhani/files/rajdhani-latin-700-normal.woff' },
  {
    name: 'Rajdhani Ext',
    weight: 700,
    file: '@fontsource/rajdhani/files/rajdhani-latin-ext-700-normal.woff',
  },
  {
    name: 'Rajdhani Deva',
    weight: 600,
    file: '@fontsource/rajdhani/files/rajdhani-devanagari-600-normal.woff',
  },
  {
    name: 'Rajdhani Deva',
    weight: 700,
    file: '@fontsource/rajdhani/files/rajdhani-devanagari-700-normal.woff',
  },
  { name: 'Inter', weight: 400, file: '@fontsource/inter/files/inter-latin-400-normal.woff' },
  { name: 'Inter', weight: 600, file: '@fontsource/inter/files/inter-latin-600-normal.woff' },
  { name: 'Inter', weight: 700, file: '@fontsource/inter/files/inter-latin-700-normal.woff' },
  { name: 'Inter Ext', weight: 600, file: '@fontsource/inter/files/inter-latin-ext-600-normal.woff' },
  {
    name: 'Noto Deva',
    weight: 400,
    file: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  },
  {
    name: 'Noto Deva',
    weight: 600,
    file: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff',
  },
];

const DISPLAY = 'Rajdhani, Rajdhani Ext, Rajdhani Deva, Noto Deva';
const BODY = 'Inter, Inter Ext, Noto Deva, Rajdhani Deva';

type Satori = typeof import('satori').default;
type RenderAsync = typeof import('@resvg/resvg-js').renderAsync;
type ResvgClass = typeof import('@resvg/resvg-js').Resvg;

interface Engine {
  satori: Satori;
  renderAsync: RenderAsync;
  Resvg: ResvgClass;
  fonts: LoadedFont[];
}

let engine: Promise<Engine> | undefined;
let rasteriseHere = false;

/**
 * From now on resvg rasterises on the calling thread (`Resvg.render()`) instead of libuv's thread
 * pool (`renderAsync`): for a render child (card-render-child.ts), whose one job is drawing. Same bytes.
 */
export function rasteriseOnThisThread(): void {
  rasteriseHere = true;
}

/** Loads satori, resvg and the fonts once (a render child calls it as it starts; any render waits for it). */
export function loadCardEngine(): Promise<unknown> {
  return loadEngine();
}

function loadEngine(): Promise<Engine> {
  engine ??= (async () => {
    const require = createRequire(import.meta.url);
    const [satoriModule, resvgModule, fonts] = await Promise.all([
      import('satori'),
      import('@resvg/resvg-js'),
      Promise.all(
        FONT_FILES.map(
          async (font): Promise<LoadedFont> => ({
            name: font.name,
            weight: font.weight,
            style: 'normal',
            data: await readFile(require.resolve(font.file)),
          }),
        ),
      ),
    ]);
    // resvg-js is CommonJS: its functions are on the default export (Node) or the namespace (bundlers).
    const resvg = resvgModule.default ?? resvgModule;
    return { satori: satoriModule.default, renderAsync: resvg.renderAsync, Resvg: resvg.Resvg, fonts };
  })();
  // A failed load (a missing file) is tried again by the next render rather than remembered.
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

async function draw(build: () => El, width: number, height: number): Promise<Uint8Array> {
  const { satori, renderAsync, Resvg, fonts } = await loadEngine();
  gradientSerial = 0;
  const svg = await satori(build() as never, { width, height, fonts });
  const options = { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } } as const;
  // In a render child, on its own thread (it is there to be busy); elsewhere on libuv's pool, so the
  // calling thread is not held. Same bytes either way.
  if (rasteriseHere) return new Resvg(svg, options).render().asPng();
  return (await renderAsync(svg, options)).asPng();
}

// ---------------------------------------------------------------------------------------------------
// Elements: plain `{ type, props }` objects, which satori reads as React elements.

type Style = Record<string, string | number>;
type Child = El | string | number | null | undefined | false;
interface El {
  type: string;
  props: Record<string, unknown>;
}

function h(type: string, props: Record<string, unknown> | null, ...children: (Child | Child[])[]): El {
  const kids = children
    .flat()
    .filter((c): c is El | string | number => c !== null && c !== undefined && c !== false);
  const out: Record<string, unknown> = { ...props };
  if (kids.length === 1) out.children = kids[0];
  else if (kids.length > 1) out.children = kids;
  return { type, props: out };
}

/** A flex box: every div of the card is one (satori lays out text inside flex boxes best). */
function box(style: Style, ...children: (Child | Child[])[]): El {
  return h('div', { style: { display: 'flex', ...style } }, ...children);
}

function text(style: Style, content: string | number): El {
  return h('div', { style: { display: 'flex', ...style } }, String(content));
}

// ---------------------------------------------------------------------------------------------------
// Colours.

interface VariantLook {
  /** The frame's metal: a gradient across the whole card edge. */
  frame: string;
  /** A light edge colour (borders, rings, the wordmark). */
  edge: string;
  /** The glow's colour as `r, g, b`. */
  glow: string;
  /** The chip and score badge fill, and the ink on it. */
  chip: string;
  chipInk: string;
  /** Gradient stops for SVG fills (the score badge). */
  stops: string[];
}

const VARIANTS: Record<PogVariant, VariantLook> = {
  Common: {
    frame: 'linear-gradient(145deg, #8d97a3 0%, #e9eef3 22%, #6c7682 45%, #c9d1d9 68%, #5d6670 100%)',
    edge: '#d6dde5',
    glow: '190, 205, 220',
    chip: 'linear-gradient(135deg, #eef2f6 0%, #a8b2bd 100%)',
    chipInk: '#1b2129',
    stops: ['#f1f4f7', '#aab4bf', '#6e7884'],
  },
  Rare: {
    frame: 'linear-gradient(145deg, #0f3fb8 0%, #5fb4ff 24%, #1a56e0 48%, #8fd3ff 70%, #0b2f8f 100%)',
    edge: '#7cc4ff',
    glow: '59, 140, 255',
    chip: 'linear-gradient(135deg, #9ad8ff 0%, #2f7bff 100%)',
    chipInk: '#041640',
    stops: ['#b5e3ff', '#3d8bff', '#123fae'],
  },
  Epic: {
    frame: 'linear-gradient(145deg, #4c1d95 0%, #c084fc 24%, #7e22ce 48%, #f0abfc 70%, #3b0f7a 100%)',
    edge: '#d8b4fe',
    glow: '176, 92, 255',
    chip: 'linear-gradient(135deg, #f0c6ff 0%, #9d4dff 100%)',
    chipInk: '#23063f',
    stops: ['#f5d0fe', '#b266ff', '#5b1fb0'],
  },
  Legendary: {
    frame:
      'linear-gradient(135deg, #8a5a00 0%, #ffd75e 14%, #fff4c2 24%, #f2a93b 36%, #ff9ed8 48%, #a0e9ff 58%, #ffe38a 70%, #c98a12 84%, #fff1b0 100%)',
    edge: '#ffe08a',
    glow: '255, 196, 61',
    chip: 'linear-gradient(120deg, #fff3bf 0%, #ffc83d 40%, #ff9ed8 75%, #a0e9ff 100%)',
    chipInk: '#3a2300',
    stops: ['#fff6cc', '#ffc23a', '#b7740a'],
  },
};

interface ThemeLook {
  accent: string;
  /** The accent at low strength, for washes and chips. */
  wash: string;
  deep: string;
}

const THEMES: Record<PogTheme, ThemeLook> = {
  Adventure: { accent: '#34d399', wash: 'rgba(52, 211, 153, 0.16)', deep: '#06261d' },
  Fantasy: { accent: '#f472f6', wash: 'rgba(244, 114, 246, 0.16)', deep: '#2a0b2f' },
  Action: { accent: '#ff7a1a', wash: 'rgba(255, 122, 26, 0.16)', deep: '#2e1204' },
  Toon: { accent: '#ffd23f', wash: 'rgba(255, 210, 63, 0.16)', deep: '#2d2405' },
  'Sci-Fi': { accent: '#22d3ee', wash: 'rgba(34, 211, 238, 0.16)', deep: '#03222b' },
  Horror: { accent: '#ff3b5c', wash: 'rgba(255, 59, 92, 0.16)', deep: '#2c040c' },
};

const INK = '#f4f6fb';
const DIM = 'rgba(226, 232, 245, 0.62)';
const PANEL = '#0a0c16';

// ---------------------------------------------------------------------------------------------------
// Icons: our own shapes on a 24×24 grid, drawn as strokes unless `fill` says otherwise.

interface Shape {
  d?: string;
  circle?: [number, number, number];
  fill?: boolean;
}

const CATEGORY_ICONS: Record<PogScoreCategory, Shape[]> = {
  HUMAN: [{ circle: [12, 8, 4] }, { d: 'M4.5 21c0-4.2 3.4-7.5 7.5-7.5s7.5 3.3 7.5 7.5' }],
  PLAY: [
    {
      d: 'M7 7.5h10a4.5 4.5 0 0 1 4.5 4.5v2.8a3 3 0 0 1-5.3 1.9L14.6 15H9.4l-1.6 1.7a3 3 0 0 1-5.3-1.9V12A4.5 4.5 0 0 1 7 7.5z',
    },
    { d: 'M7.5 10.2v3.6M5.7 12h3.6' },
    { circle: [15.6, 11, 1], fill: true },
    { circle: [17.6, 13, 1], fill: true },
  ],
  SKILL: [
    { circle: [12, 12, 7] },
    { circle: [12, 12, 2.2], fill: true },
    { d: 'M12 2v4M12 18v4M2 12h4M18 12h4' },
  ],
  COMMERCE: [
    { d: 'M5 8.5h14l-1.2 11.5H6.2L5 8.5z' },
    { d: 'M9 8.5V6.8a3 3 0 0 1 6 0v1.7' },
    { d: 'M9.5 13.5h5' },
  ],
  SOCIAL: [
    { d: 'M4 5h11a2 2 0 0 1 2 2v5.5a2 2 0 0 1-2 2H9.5L6 17.5v-3H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z' },
    { d: 'M19.5 9.5H20a2 2 0 0 1 2 2V16a2 2 0 0 1-2 2h-1v2.5L16 18h-3.5' },
  ],
};

const BADGE_ICONS: Record<PogBadgeId, Shape[]> = {
  ProofOfCommunity: [
    { circle: [12, 7.5, 3] },
    { circle: [5.5, 10, 2.3] },
    { circle: [18.5, 10, 2.3] },
    {
      d: 'M7 20c0-3 2.2-5.5 5-5.5s5 2.5 5 5.5M1.8 18.5c0-2.3 1.6-4.2 3.7-4.2M22.2 18.5c0-2.3-1.6-4.2-3.7-4.2',
    },
  ],
  ProofOfHuman: CATEGORY_ICONS.HUMAN,
  ProofOfPlay: CATEGORY_ICONS.PLAY,
  ProofOfSkill: CATEGORY_ICONS.SKILL,
  ProofOfSocial: CATEGORY_ICONS.SOCIAL,
  ProofOfCommerce: CATEGORY_ICONS.COMMERCE,
  TelegramerSocial: [
    { d: 'M21.5 3.5L2.5 11l6.5 2.3L11.5 20l3.2-4.4 4.6 3.4 2.2-15.5z' },
    { d: 'M9 13.3l9-6.8' },
  ],
  XerSocial: [{ d: 'M5 4l14 16M19 4L5 20' }],
  DiscorderSocial: [
    {
      d: 'M6.5 6.2C8.3 5.4 10.1 5 12 5s3.7.4 5.5 1.2c1.6 2.9 2.6 6 2.6 9.6-1.5 1.4-3.3 2.3-5 2.8l-1.1-2c-.7.2-1.4.3-2 .3s-1.3-.1-2-.3l-1.1 2c-1.7-.5-3.5-1.4-5-2.8 0-3.6 1-6.7 2.6-9.6z',
    },
    { circle: [9.2, 12.2, 1.4], fill: true },
    { circle: [14.8, 12.2, 1.4], fill: true },
  ],
};

const SHIELD_ICON: Shape[] = [
  { d: 'M12 2.5l8 3v6c0 5-3.4 8.6-8 10-4.6-1.4-8-5-8-10v-6l8-3z' },
  { d: 'M8.5 12l2.5 2.5 4.5-5' },
];
const HEART_ICON: Shape[] = [
  {
    d: 'M12 20.5s-8.5-5-8.5-11A4.5 4.5 0 0 1 12 6.8a4.5 4.5 0 0 1 8.5 2.7c0 6-8.5 11-8.5 11z',
    fill: true,
  },
];
const GEM_ICON: Shape[] = [{ d: 'M6 3.5h12l3.5 5L12 21 2.5 8.5 6 3.5z', fill: true }];
const CHAIN_ICONS: Record<'evm' | 'ton', Shape[]> = {
  evm: [{ d: 'M12 2l6.5 10.3L12 16 5.5 12.3 12 2z' }, { d: 'M5.5 13.8L12 22l6.5-8.2L12 17.6l-6.5-3.8z' }],
  ton: [{ circle: [12, 12, 10] }, { d: 'M7 8h10l-5 9-5-9zM12 8v9' }],
};
const LINK_ICON: Shape[] = [
  { d: 'M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2' },
  { d: 'M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2' },
];

function icon(shapes: Shape[], size: number, color: string, strokeWidth = 2): El {
  return h(
    'svg',
    { width: size, height: size, viewBox: '0 0 24 24', style: { flexShrink: 0 } },
    shapes.map((s) => {
      const paint = s.fill
        ? { fill: color }
        : { fill: 'none', stroke: color, strokeWidth, strokeLinecap: 'round', strokeLinejoin: 'round' };
      return s.circle
        ? h('circle', { cx: s.circle[0], cy: s.circle[1], r: s.circle[2], ...paint })
        : h('path', { d: s.d, ...paint });
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Pieces shared by the faces.

const clampScore = (n: number) => Math.max(0, Math.min(1000, Math.round(Number.isFinite(n) ? n : 0)));

/** Wide tracking and capitals for Latin text; none for Devanagari, whose letters join along the headline. */
function caps(lang: CardLang, spacing: number): Style {
  return lang === 'hi' ? {} : { textTransform: 'uppercase', letterSpacing: spacing };
}

/** Rajdhani Bold advance widths in em, by character; anything else counts as 0.6 em. */
const NARROW: [string, number][] = [
  ['iljIJ', 0.27],
  ['1frt', 0.35],
  ['7TFLcsxz', 0.45],
  ['kvyE2', 0.49],
  ['mMwW', 0.81],
];

/** The largest size (≤ max) at which `text` in Rajdhani Bold fits in `width` pixels. */
function fitDisplayFont(content: string, width: number, max: number, letterSpacing: number): number {
  let em = 0;
  for (const ch of content) em += NARROW.find(([set]) => set.includes(ch))?.[1] ?? 0.56;
  const chars = [...content].length;
  return Math.max(18, Math.min(max, Math.floor((width - letterSpacing * chars) / Math.max(em, 1))));
}

/** One line, cut with an ellipsis when it does not fit its box. */
const ELLIPSIS: Style = {
  flexShrink: 1,
  minWidth: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};

function textsOf(input: PogCardImageInput): CardTexts {
  return CARD_TEXTS[input.lang] ?? CARD_TEXTS.en;
}

function avatarSrc(png: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64')}`;
}

/** Prestige order for the badges a face has room for (the share image shows the first three). */
const BADGE_ORDER: PogBadgeId[] = [
  'ProofOfSkill',
  'ProofOfPlay',
  'ProofOfHuman',
  'ProofOfCommunity',
  'ProofOfCommerce',
  'ProofOfSocial',
  'DiscorderSocial',
  'TelegramerSocial',
  'XerSocial',
];

function orderedBadges(badges: PogBadgeId[]): PogBadgeId[] {
  return BADGE_ORDER.filter((id) => badges.includes(id));
}

function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}

function shortToken(tokenId: string): string {
  return tokenId.length > 12 ? `${tokenId.slice(0, 5)}…${tokenId.slice(-4)}` : tokenId;
}

function khelMark(size: number, accent: string): El {
  return box(
    { alignItems: 'center', gap: Math.round(size * 0.28) },
    h(
      'svg',
      { width: size, height: size, viewBox: '0 0 24 24' },
      h('path', { d: 'M12 1.5l9.5 5.5v10L12 22.5 2.5 17V7L12 1.5z', fill: accent }),
      h('path', {
        d: 'M8.5 7v10M8.5 12l6-5M10.5 10.5l4.5 6.5',
        fill: 'none',
        stroke: PANEL,
        strokeWidth: 2.6,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
      }),
    ),
    text(
      {
        fontFamily: DISPLAY,
        fontWeight: 700,
        fontSize: Math.round(size * 1.05),
        color: INK,
        letterSpacing: size * 0.12,
      },
      'KHEL',
    ),
  );
}

function variantChip(variant: PogVariant, size: 'sm' | 'lg' = 'sm'): El {
  const look = VARIANTS[variant];
  const big = size === 'lg';
  return box(
    {
      alignItems: 'center',
      gap: 6,
      padding: big ? '6px 16px 6px 12px' : '4px 12px 4px 9px',
      borderRadius: 999,
      backgroundImage: look.chip,
    },
    icon(GEM_ICON, big ? 18 : 14, look.chipInk),
    text(
      {
        fontFamily: DISPLAY,
        fontWeight: 700,
        fontSize: big ? 20 : 15,
        color: look.chipInk,
        letterSpacing: big ? 3 : 2.2,
        textTransform: 'uppercase',
      },
      variant,
    ),
  );
}

function themeChip(theme: PogTheme, size: 'sm' | 'lg' = 'sm'): El {
  const look = THEMES[theme];
  const big = size === 'lg';
  return box(
    {
      alignItems: 'center',
      gap: 6,
      padding: big ? '6px 16px' : '4px 11px',
      borderRadius: 999,
      backgroundColor: 'rgba(6, 8, 16, 0.72)',
      border: `1.5px solid ${look.accent}`,
    },
    box({ width: big ? 9 : 7, height: big ? 9 : 7, borderRadius: 99, backgroundColor: look.accent }),
    text(
      {
        fontFamily: DISPLAY,
        fontWeight: 700,
        fontSize: big ? 20 : 15,
        color: look.accent,
        letterSpacing: big ? 3 : 2,
        textTransform: 'uppercase',
      },
      theme,
    ),
  );
}

let gradientSerial = 0;

/**
 * A soft glow as rings of fading colour around a rounded rectangle (or inside it), drawn as one inline
 * SVG placed at (`left`, `top`) in its owner, which must be `position: relative`. Not a blurred
 * shadow, nor a stack of rounded borders: blur filters took most of resvg's time for a card, and each
 * rounded border costs it a clip.
 */
function glow(
  rect: { w: number; h: number; r: number },
  rgb: string,
  width: number,
  strength: number,
  place: { left: number; top: number; inside?: boolean; stripes?: boolean },
): El {
  const steps = Math.ceil(width / 2);
  const outside = !place.inside;
  const svgW = outside ? rect.w + 2 * width : rect.w;
  const svgH = outside ? rect.h + 2 * width : rect.h;
  const origin = outside ? width : 0;
  const id = `gl${gradientSerial++}`;
  const rings = Array.from({ length: steps }, (_, k) => {
    const d = outside ? -(2 * k + 1) : 2 * k + 1;
    return h('rect', {
      x: origin + d,
      y: origin + d,
      width: rect.w - 2 * d,
      height: rect.h - 2 * d,
      rx: Math.max(0, rect.r - d),
      fill: 'none',
      stroke: `rgba(${rgb}, ${(strength * (1 - k / steps) ** 2).toFixed(3)})`,
      strokeWidth: 2,
    });
  });
  return h(
    'svg',
    {
      width: svgW,
      height: svgH,
      viewBox: `0 0 ${svgW} ${svgH}`,
      style: {
        position: 'absolute',
        left: place.left - (outside ? width : 0),
        top: place.top - (outside ? width : 0),
      },
    },
    place.stripes
      ? [
          h(
            'defs',
            null,
            h(
              'pattern',
              { id, width: 13, height: 13, patternUnits: 'userSpaceOnUse' },
              // Diagonal hairlines; a tile drawn unrotated is half the cost of a rotated pattern.
              h('path', {
                d: 'M-1 14L14 -1M-1 1L1 -1M12 14L14 12',
                stroke: 'rgba(255,255,255,0.035)',
                strokeWidth: 1.6,
              }),
            ),
          ),
          h('rect', { x: 0, y: 0, width: rect.w, height: rect.h, rx: rect.r, fill: `url(#${id})` }),
        ]
      : null,
    rings,
  );
}

/** The total in a faceted hexagon, the card's "overall rating". */
function scoreBadge(input: PogCardImageInput, width: number, lang: CardLang, t: CardTexts): El {
  const look = VARIANTS[input.variant];
  const height = Math.round(width * 1.14);
  const total = clampScore(input.total);
  const id = `sb${gradientSerial++}`;
  const digits = String(total).length;
  return box(
    { position: 'relative', width, height, alignItems: 'center', justifyContent: 'center' },
    h(
      'svg',
      {
        width,
        height,
        viewBox: '0 0 100 114',
        style: { position: 'absolute', left: 0, top: 0 },
      },
      h(
        'defs',
        null,
        h(
          'linearGradient',
          { id: `${id}e`, x1: '0', y1: '0', x2: '1', y2: '1' },
          look.stops.map((c, i) => h('stop', { offset: String(i / (look.stops.length - 1)), stopColor: c })),
        ),
        h(
          'linearGradient',
          { id: `${id}f`, x1: '0', y1: '0', x2: '0', y2: '1' },
          h('stop', { offset: '0', stopColor: '#1b2036' }),
          h('stop', { offset: '1', stopColor: '#070810' }),
        ),
      ),
      h('path', { d: 'M50 0L100 28.5V85.5L50 114L0 85.5V28.5z', fill: `url(#${id}e)` }),
      h('path', { d: 'M50 7L94 32.2V81.8L50 107L6 81.8V32.2z', fill: `url(#${id}f)` }),
      h('path', {
        d: 'M50 12L89.5 34.6',
        stroke: 'rgba(255,255,255,0.35)',
        strokeWidth: 1.5,
        fill: 'none',
        strokeLinecap: 'round',
      }),
    ),
    box(
      {
        position: 'relative',
        flexDirection: 'column',
        alignItems: 'center',
        marginTop: Math.round(width * 0.04),
      },
      text(
        {
          fontFamily: DISPLAY,
          fontWeight: 700,
          fontSize: Math.round(width * (digits >= 4 ? 0.36 : 0.46)),
          lineHeight: 1,
          backgroundImage: `linear-gradient(180deg, #ffffff 0%, ${look.edge} 100%)`,
          backgroundClip: 'text',
          color: 'transparent',
        },
        total,
      ),
      text(
        {
          fontFamily: DISPLAY,
          fontWeight: 700,
          fontSize: Math.round(width * 0.12),
          color: look.edge,
          marginTop: Math.round(width * 0.02),
          ...caps(lang, 2),
        },
        t.score,
      ),
    ),
  );
}

function badgeChip(id: PogBadgeId, t: CardTexts, accent: string, size: 'sm' | 'md' | 'lg' = 'sm'): El {
  const fontSize = size === 'lg' ? 22 : size === 'md' ? 15 : 13;
  const iconSize = size === 'lg' ? 24 : size === 'md' ? 17 : 15;
  return box(
    {
      alignItems: 'center',
      gap: size === 'lg' ? 9 : 6,
      padding: size === 'lg' ? '8px 18px 8px 12px' : size === 'md' ? '6px 12px 6px 8px' : '5px 10px 5px 7px',
      borderRadius: 999,
      backgroundColor: 'rgba(255, 255, 255, 0.06)',
      border: `1px solid ${accent}66`,
    },
    box(
      {
        width: iconSize + 8,
        height: iconSize + 8,
        borderRadius: 99,
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: `${accent}26`,
      },
      icon(BADGE_ICONS[id], iconSize - 2, accent),
    ),
    text({ fontFamily: BODY, fontWeight: 600, fontSize, color: INK }, t.badgeNames[id]),
  );
}

/**
 * The metal frame with its glow, the dark inner panel washed with the theme's accent, and a holographic
 * sheen on a Legendary card. The card sits 14 px inside the image so the glow has room; the corners
 * outside it are transparent.
 */
function frame(input: PogCardImageInput, children: El[]): El {
  const look = VARIANTS[input.variant];
  const theme = THEMES[input.theme];
  const legendary = input.variant === 'Legendary';
  return box(
    { width: CARD_WIDTH, height: CARD_HEIGHT, padding: 14, boxSizing: 'border-box' },
    box(
      {
        position: 'relative',
        flexGrow: 1,
        borderRadius: 34,
        padding: 9,
        backgroundImage: look.frame,
      },
      glow({ w: CARD_WIDTH - 28, h: CARD_HEIGHT - 28, r: 34 }, look.glow, 12, 0.5, { left: 0, top: 0 }),
      legendary
        ? box({
            position: 'absolute',
            inset: 0,
            borderRadius: 34,
            backgroundImage:
              'linear-gradient(115deg, rgba(255,255,255,0) 20%, rgba(255,255,255,0.75) 30%, rgba(255,255,255,0) 38%, rgba(255,255,255,0) 62%, rgba(255,255,255,0.55) 70%, rgba(255,255,255,0) 78%)',
          })
        : null,
      box(
        {
          position: 'relative',
          flexGrow: 1,
          flexDirection: 'column',
          borderRadius: 26,
          padding: '16px 18px 16px 18px',
          backgroundColor: PANEL,
          backgroundImage: `radial-gradient(circle at 50% 0%, ${theme.accent}40 0%, rgba(0,0,0,0) 55%), radial-gradient(circle at 100% 100%, rgba(${look.glow}, 0.22) 0%, rgba(0,0,0,0) 45%), linear-gradient(180deg, #141830 0%, ${PANEL} 60%, #05060c 100%)`,
          border: `1.5px solid ${look.edge}88`,
        },
        // Inside the 1.5 px border: the card less its margin, the frame and the border.
        glow({ w: CARD_WIDTH - 28 - 18 - 3, h: CARD_HEIGHT - 28 - 18 - 3, r: 24.5 }, look.glow, 14, 0.22, {
          left: 0,
          top: 0,
          inside: true,
          stripes: true,
        }),
        legendary
          ? box({
              position: 'absolute',
              inset: 0,
              borderRadius: 24.5,
              opacity: 0.16,
              backgroundImage:
                'linear-gradient(125deg, #ff6ec7 0%, #ffd75e 20%, #7dffb0 40%, #6ecbff 60%, #c18cff 80%, #ff6ec7 100%)',
            })
          : null,
        box(
          { position: 'relative', zIndex: 1, width: CONTENT_W, flexGrow: 1, flexDirection: 'column' },
          children,
        ),
      ),
    ),
  );
}

function header(input: PogCardImageInput, t: CardTexts): El {
  const look = VARIANTS[input.variant];
  const theme = THEMES[input.theme];
  return box(
    { alignItems: 'center', justifyContent: 'space-between', height: 38 },
    khelMark(26, theme.accent),
    text(
      {
        fontFamily: DISPLAY,
        fontWeight: 700,
        fontSize: input.lang === 'hi' ? 19 : 15,
        color: look.edge,
        ...caps(input.lang, 4),
      },
      t.proofOfGamer,
    ),
    variantChip(input.variant),
  );
}

function footerItem(shapes: Shape[], color: string, label: string): El {
  return box(
    { alignItems: 'center', gap: 7 },
    icon(shapes, 17, color),
    text({ fontFamily: BODY, fontWeight: 600, fontSize: 14, color: DIM }, label),
  );
}

// ---------------------------------------------------------------------------------------------------
// Front.

/** The panel's content width: the card less its margin (14), frame (9), border (1.5) and padding (18). */
const CONTENT_W = CARD_WIDTH - 2 * (14 + 9 + 1.5 + 18);
const AVATAR_W = CONTENT_W;
const AVATAR_H = 532;

function statTile(category: PogScoreCategory, value: number, accent: string, edge: string): El {
  const score = clampScore(value);
  return box(
    {
      flexDirection: 'column',
      alignItems: 'center',
      flexGrow: 1,
      flexBasis: 0,
      padding: '10px 6px 9px 6px',
      borderRadius: 14,
      backgroundColor: 'rgba(255, 255, 255, 0.045)',
      border: '1px solid rgba(255, 255, 255, 0.09)',
    },
    box(
      {
        width: 34,
        height: 34,
        borderRadius: 99,
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: `${accent}22`,
        border: `1.5px solid ${accent}99`,
      },
      icon(CATEGORY_ICONS[category], 19, accent),
    ),
    text(
      { fontFamily: DISPLAY, fontWeight: 700, fontSize: 30, color: INK, lineHeight: 1, marginTop: 7 },
      score,
    ),
    text(
      { fontFamily: DISPLAY, fontWeight: 700, fontSize: 12.5, color: DIM, letterSpacing: 1.6, marginTop: 3 },
      category,
    ),
    box(
      {
        width: '100%',
        height: 4,
        marginTop: 7,
        borderRadius: 99,
        backgroundColor: 'rgba(255, 255, 255, 0.1)',
      },
      box({
        width: `${Math.max(2, score / 10)}%`,
        height: 4,
        borderRadius: 99,
        backgroundImage: `linear-gradient(90deg, ${accent} 0%, ${edge} 100%)`,
      }),
    ),
  );
}

/** The front's avatar panel: the picture with the score badge, the theme chip, the name and the clan over it. */
/** The name and clan at the foot of the front's avatar. */
function frontNameplate(input: PogCardImageInput, t: CardTexts, theme: ThemeLook, nameSize: number): El {
  return box(
    {
      position: 'absolute',
      left: 22,
      right: 22,
      bottom: 16,
      flexDirection: 'column',
    },
    text(
      {
        fontFamily: DISPLAY,
        fontWeight: 700,
        fontSize: nameSize,
        lineHeight: 1,
        color: INK,
        letterSpacing: 1,
      },
      input.name,
    ),
    box(
      { alignItems: 'center', gap: 7, marginTop: 6 },
      icon(SHIELD_ICON, 17, theme.accent),
      text(
        {
          fontFamily: BODY,
          fontWeight: 600,
          fontSize: 15,
          color: input.clanName ? INK : DIM,
          ...ELLIPSIS,
        },
        input.clanName ?? t.noClan,
      ),
    ),
  );
}

function frontAvatar(
  input: PogCardImageInput,
  t: CardTexts,
  look: VariantLook,
  theme: ThemeLook,
  nameSize: number,
): El {
  return box(
    {
      position: 'relative',
      marginTop: 10,
      width: AVATAR_W,
      height: AVATAR_H,
      boxSizing: 'border-box',
      borderRadius: 18,
      border: `2px solid ${look.edge}`,
      backgroundColor: theme.deep,
    },
    glow({ w: AVATAR_W, h: AVATAR_H, r: 18 }, look.glow, 8, 0.45, { left: -2, top: -2 }),
    h('img', {
      src: avatarSrc(input.avatarPng),
      width: AVATAR_W - 4,
      height: AVATAR_H - 4,
      style: {
        width: '100%',
        height: '100%',
        borderRadius: 16,
        objectFit: 'cover',
        objectPosition: '50% 30%',
      },
    }),
    box({
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      height: 210,
      borderRadius: '0 0 16px 16px',
      backgroundImage:
        'linear-gradient(180deg, rgba(5,6,12,0) 0%, rgba(5,6,12,0.72) 55%, rgba(5,6,12,0.96) 100%)',
    }),
    box({
      position: 'absolute',
      left: 0,
      right: 0,
      top: 0,
      height: 120,
      borderRadius: '16px 16px 0 0',
      backgroundImage: `linear-gradient(180deg, ${theme.deep}cc 0%, rgba(0,0,0,0) 100%)`,
    }),
    input.variant === 'Legendary'
      ? box({
          position: 'absolute',
          inset: 0,
          borderRadius: 16,
          backgroundImage:
            'linear-gradient(118deg, rgba(255,255,255,0) 28%, rgba(255,246,204,0.16) 38%, rgba(255,158,216,0.14) 44%, rgba(160,233,255,0.14) 50%, rgba(255,255,255,0) 60%)',
        })
      : null,
    box({ position: 'absolute', left: 12, top: 12 }, scoreBadge(input, 112, input.lang, t)),
    box({ position: 'absolute', right: 12, top: 14 }, themeChip(input.theme)),
    frontNameplate(input, t, theme, nameSize),
  );
}

function cardFront(input: PogCardImageInput): El {
  const t = textsOf(input);
  const look = VARIANTS[input.variant];
  const theme = THEMES[input.theme];
  const badges = orderedBadges(input.badges);
  const shown = badges.slice(0, 3);
  const minted = input.chain !== null && input.tokenId !== null;
  const nameSize = fitDisplayFont(input.name, AVATAR_W - 44, 72, 1);

  return frame(input, [
    header(input, t),
    // Avatar, the big picture of the card, with the score badge, the theme and the name over it.
    frontAvatar(input, t, look, theme, nameSize),
    // The five scores.
    box(
      { gap: 8, marginTop: 14 },
      POG_SCORE_CATEGORIES.map((c) => statTile(c, input.scores[c], theme.accent, look.edge)),
    ),
    // Badges.
    box(
      { alignItems: 'center', gap: 7, marginTop: 14, height: 30 },
      shown.length === 0
        ? text({ fontFamily: BODY, fontWeight: 600, fontSize: 13, color: DIM }, t.noBadges)
        : shown.map((id) => badgeChip(id, t, theme.accent)),
      badges.length > shown.length
        ? text(
            {
              fontFamily: DISPLAY,
              fontWeight: 700,
              fontSize: 15,
              color: look.edge,
              padding: '4px 10px',
              borderRadius: 999,
              border: `1px solid ${look.edge}66`,
            },
            `+${badges.length - shown.length}`,
          )
        : null,
    ),
    box({ flexGrow: 1 }),
    // Footer: on chain or not yet, and the likes.
    box(
      {
        alignItems: 'center',
        justifyContent: 'space-between',
        paddingTop: 10,
        borderTop: '1px solid rgba(255,255,255,0.1)',
      },
      minted
        ? footerItem(
            CHAIN_ICONS[input.chain!],
            look.edge,
            `${input.chain!.toUpperCase()} · #${shortToken(input.tokenId!)}`,
          )
        : footerItem(LINK_ICON, DIM, t.notMinted),
      footerItem(HEART_ICON, '#ff4d7d', `${formatCardCount(input.likes, input.lang)} ${t.likes}`),
    ),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Back.

/** One radar axis label: the category's icon and name, and its score, just outside the outer ring. */
function radarLabel(
  category: PogScoreCategory,
  i: number,
  score: number,
  accent: string,
  r: number,
  cx: number,
  cy: number,
): El {
  const [x, y] = radarPoint(i, r + 27, cx, cy);
  return box(
    {
      position: 'absolute',
      left: Math.round(x - 40),
      top: Math.round(y - 17),
      width: 80,
      height: 34,
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
    },
    box(
      { alignItems: 'center', gap: 4 },
      icon(CATEGORY_ICONS[category], 13, accent),
      text(
        { fontFamily: DISPLAY, fontWeight: 700, fontSize: 12.5, color: DIM, letterSpacing: 1.2 },
        category,
      ),
    ),
    text(
      { fontFamily: DISPLAY, fontWeight: 700, fontSize: 16, color: INK, lineHeight: 1 },
      clampScore(score),
    ),
  );
}

/** Where the five axes of the radar point: HUMAN at the top, then clockwise. */
function radarPoint(i: number, radius: number, cx: number, cy: number): [number, number] {
  const angle = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
  return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
}

function radar(input: PogCardImageInput, size: number): El {
  const look = VARIANTS[input.variant];
  const theme = THEMES[input.theme];
  const pad = 50;
  const cx = size / 2;
  const cy = size / 2 + 6;
  const r = size / 2 - pad;
  const ring = (f: number) =>
    `${POG_SCORE_CATEGORIES.map((_, i) =>
      radarPoint(i, r * f, cx, cy)
        .map((v) => v.toFixed(1))
        .join(','),
    ).join(' ')}`;
  const values = POG_SCORE_CATEGORIES.map((c) => clampScore(input.scores[c]) / 1000);
  const shape = values.map((v, i) => radarPoint(i, r * Math.max(0.03, v), cx, cy));
  const id = `rd${gradientSerial++}`;
  const labels = POG_SCORE_CATEGORIES.map((c, i) =>
    radarLabel(c, i, input.scores[c], theme.accent, r, cx, cy),
  );
  return box(
    { position: 'relative', width: size, height: size },
    h(
      'svg',
      {
        width: size,
        height: size,
        viewBox: `0 0 ${size} ${size}`,
        style: { position: 'absolute', left: 0, top: 0 },
      },
      h(
        'defs',
        null,
        h(
          'linearGradient',
          { id, x1: '0', y1: '0', x2: '1', y2: '1' },
          h('stop', { offset: '0', stopColor: theme.accent, stopOpacity: '0.55' }),
          h('stop', { offset: '1', stopColor: look.edge, stopOpacity: '0.35' }),
        ),
      ),
      [1, 0.75, 0.5, 0.25].map((f) =>
        h('polygon', {
          points: ring(f),
          fill: f === 1 ? 'rgba(255,255,255,0.03)' : 'none',
          stroke: 'rgba(255,255,255,0.14)',
          strokeWidth: 1,
        }),
      ),
      POG_SCORE_CATEGORIES.map((_, i) => {
        const [x, y] = radarPoint(i, r, cx, cy);
        return h('line', {
          x1: cx,
          y1: cy,
          x2: x.toFixed(1),
          y2: y.toFixed(1),
          stroke: 'rgba(255,255,255,0.12)',
          strokeWidth: 1,
        });
      }),
      h('polygon', {
        points: shape.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '),
        fill: `url(#${id})`,
        stroke: theme.accent,
        strokeWidth: 2.5,
        strokeLinejoin: 'round',
      }),
      shape.map(([x, y]) =>
        h('circle', {
          cx: x.toFixed(1),
          cy: y.toFixed(1),
          r: 4,
          fill: INK,
          stroke: theme.accent,
          strokeWidth: 2,
        }),
      ),
    ),
    ...labels,
  );
}

function scoreBar(category: PogScoreCategory, value: number, accent: string, edge: string): El {
  const score = clampScore(value);
  return box(
    { flexDirection: 'column', gap: 5 },
    box(
      { alignItems: 'center', justifyContent: 'space-between' },
      box(
        { alignItems: 'center', gap: 7 },
        icon(CATEGORY_ICONS[category], 16, accent),
        text(
          { fontFamily: DISPLAY, fontWeight: 700, fontSize: 15, color: INK, letterSpacing: 1.5 },
          category,
        ),
      ),
      text({ fontFamily: DISPLAY, fontWeight: 700, fontSize: 18, color: INK }, score),
    ),
    box(
      { height: 7, borderRadius: 99, backgroundColor: 'rgba(255,255,255,0.09)' },
      box({
        width: `${Math.max(1.5, score / 10)}%`,
        height: 7,
        borderRadius: 99,
        backgroundImage: `linear-gradient(90deg, ${accent} 0%, ${edge} 100%)`,
      }),
    ),
  );
}

function sectionTitle(label: string, lang: CardLang, color: string, marginTop: number): El {
  return box(
    { alignItems: 'center', gap: 10, marginTop },
    text(
      { fontFamily: DISPLAY, fontWeight: 700, fontSize: lang === 'hi' ? 17 : 14, color, ...caps(lang, 3) },
      label,
    ),
    box({
      flexGrow: 1,
      height: 1,
      backgroundImage: `linear-gradient(90deg, ${color}88 0%, rgba(0,0,0,0) 100%)`,
    }),
  );
}

function chainRow(label: string, value: string, mono = false): El {
  return box(
    { alignItems: 'center', justifyContent: 'space-between', height: 26 },
    text({ fontFamily: BODY, fontWeight: 400, fontSize: 13.5, color: DIM }, label),
    text(
      {
        fontFamily: mono ? DISPLAY : BODY,
        fontWeight: mono ? 700 : 600,
        fontSize: mono ? 16 : 14,
        color: INK,
      },
      value,
    ),
  );
}

/** The back's name column: the content less the avatar (78), two gaps (14) and the total (128). */
const BACK_NAME_W = CONTENT_W - 78 - 28 - 128;

/** The back's chain panel: token, transaction and date once minted, else a dashed "not minted" hint. */
function backChainPanel(
  input: PogCardImageInput,
  t: CardTexts,
  look: VariantLook,
  theme: ThemeLook,
  minted: boolean,
): El {
  return minted
    ? box(
        {
          flexDirection: 'column',
          padding: '10px 16px',
          borderRadius: 14,
          backgroundColor: 'rgba(255,255,255,0.045)',
          border: `1px solid ${look.edge}44`,
        },
        box(
          { alignItems: 'center', justifyContent: 'space-between', height: 30 },
          box(
            { alignItems: 'center', gap: 8 },
            icon(CHAIN_ICONS[input.chain!], 20, look.edge),
            text(
              { fontFamily: DISPLAY, fontWeight: 700, fontSize: 20, color: INK, letterSpacing: 1.5 },
              input.chain!.toUpperCase(),
            ),
            text({ fontFamily: BODY, fontWeight: 600, fontSize: 13, color: DIM }, input.network ?? ''),
          ),
          box(
            {
              alignItems: 'center',
              gap: 5,
              padding: '3px 10px',
              borderRadius: 999,
              backgroundColor: `${theme.accent}22`,
              border: `1px solid ${theme.accent}77`,
            },
            icon(SHIELD_ICON, 13, theme.accent),
            text({ fontFamily: BODY, fontWeight: 600, fontSize: 12, color: theme.accent }, t.soulbound),
          ),
        ),
        chainRow(t.tokenId, `#${shortToken(input.tokenId!)}`, true),
        chainRow(t.transaction, input.txHash ? shortHash(input.txHash) : '—', true),
        chainRow(t.mintedOn, input.mintedAt ? formatCardDate(input.mintedAt, input.lang) : '—'),
      )
    : box(
        {
          alignItems: 'center',
          gap: 14,
          padding: '16px 18px',
          borderRadius: 14,
          border: '1.5px dashed rgba(255,255,255,0.22)',
          backgroundColor: 'rgba(255,255,255,0.025)',
        },
        box(
          {
            width: 40,
            height: 40,
            borderRadius: 99,
            alignItems: 'center',
            justifyContent: 'center',
            backgroundColor: 'rgba(255,255,255,0.06)',
          },
          icon(LINK_ICON, 22, DIM),
        ),
        box(
          { flexDirection: 'column', gap: 3 },
          text({ fontFamily: DISPLAY, fontWeight: 700, fontSize: 21, color: INK }, t.notMinted),
          text({ fontFamily: BODY, fontWeight: 400, fontSize: 13, color: DIM }, t.notMintedHint),
        ),
      );
}

/** The back's top row: a small avatar, the name and clan, and the total. */
function backIdentityRow(input: PogCardImageInput, t: CardTexts, look: VariantLook, theme: ThemeLook): El {
  return box(
    { alignItems: 'center', gap: 14, marginTop: 12 },
    box(
      {
        width: 78,
        height: 78,
        borderRadius: 99,
        padding: 3,
        backgroundImage: look.frame,
      },
      h('img', {
        src: avatarSrc(input.avatarPng),
        width: 72,
        height: 72,
        style: { width: 72, height: 72, borderRadius: 99, objectFit: 'cover' },
      }),
    ),
    box(
      { flexDirection: 'column', width: BACK_NAME_W },
      text(
        {
          fontFamily: DISPLAY,
          fontWeight: 700,
          fontSize: fitDisplayFont(input.name, BACK_NAME_W, 40, 0),
          color: INK,
          lineHeight: 1,
        },
        input.name,
      ),
      box(
        { alignItems: 'center', gap: 6, marginTop: 5 },
        icon(SHIELD_ICON, 15, theme.accent),
        text(
          {
            fontFamily: BODY,
            fontWeight: 600,
            fontSize: 14,
            color: input.clanName ? INK : DIM,
            maxWidth: BACK_NAME_W - 21,
            ...ELLIPSIS,
          },
          input.clanName ?? t.noClan,
        ),
      ),
    ),
    box(
      { flexDirection: 'column', alignItems: 'flex-end', flexGrow: 1 },
      text(
        {
          fontFamily: DISPLAY,
          fontWeight: 700,
          fontSize: 50,
          lineHeight: 1,
          backgroundImage: `linear-gradient(180deg, #ffffff 0%, ${look.edge} 100%)`,
          backgroundClip: 'text',
          color: 'transparent',
        },
        clampScore(input.total),
      ),
      text(
        {
          fontFamily: DISPLAY,
          fontWeight: 700,
          fontSize: input.lang === 'hi' ? 14 : 12,
          color: look.edge,
          whiteSpace: 'nowrap',
          ...caps(input.lang, 1.5),
        },
        t.gamerScore,
      ),
    ),
  );
}

function cardBack(input: PogCardImageInput): El {
  const t = textsOf(input);
  const look = VARIANTS[input.variant];
  const theme = THEMES[input.theme];
  const badges = orderedBadges(input.badges);
  const minted = input.chain !== null && input.tokenId !== null;

  const chainPanel = backChainPanel(input, t, look, theme, minted);

  return frame(input, [
    header(input, t),
    // Who: a small avatar, the name and clan, and the total.
    backIdentityRow(input, t, look, theme),
    sectionTitle(t.scores, input.lang, look.edge, 18),
    box(
      { alignItems: 'center', gap: 12, marginTop: 4 },
      radar(input, 276),
      box(
        { flexDirection: 'column', flexGrow: 1, gap: 13 },
        POG_SCORE_CATEGORIES.map((c) => scoreBar(c, input.scores[c], theme.accent, look.edge)),
      ),
    ),
    sectionTitle(t.badges, input.lang, look.edge, 8),
    box(
      { flexWrap: 'wrap', gap: 8, marginTop: 12, minHeight: 34 },
      badges.length === 0
        ? text({ fontFamily: BODY, fontWeight: 600, fontSize: 13, color: DIM }, t.noBadges)
        : badges.map((id) => badgeChip(id, t, theme.accent, badges.length > 6 ? 'sm' : 'md')),
    ),
    sectionTitle(minted ? t.minted : t.chain, input.lang, look.edge, 22),
    box({ flexDirection: 'column', marginTop: 12 }, chainPanel),
    box({ flexGrow: 1 }),
    box(
      {
        alignItems: 'center',
        justifyContent: 'space-between',
        paddingTop: 10,
        borderTop: '1px solid rgba(255,255,255,0.1)',
      },
      footerItem(HEART_ICON, '#ff4d7d', `${formatCardCount(input.likes, input.lang)} ${t.likes}`),
      themeChip(input.theme),
      khelMark(16, theme.accent),
    ),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Share image.

/** The share image's right half: the Khel mark, the name, variant and theme, the total, top badges and the call to action. */
/** The share image's total: the score out of 1000 and its label. */
function shareTotal(input: PogCardImageInput, t: CardTexts, look: VariantLook): El {
  return box(
    { alignItems: 'flex-end', gap: 16, marginTop: 22 },
    text(
      {
        fontFamily: DISPLAY,
        fontWeight: 700,
        fontSize: 132,
        lineHeight: 0.9,
        backgroundImage: look.chip,
        backgroundClip: 'text',
        color: 'transparent',
      },
      clampScore(input.total),
    ),
    box(
      { flexDirection: 'column', marginBottom: 10 },
      text({ fontFamily: DISPLAY, fontWeight: 700, fontSize: 34, color: DIM, lineHeight: 1 }, '/1000'),
      text(
        {
          fontFamily: DISPLAY,
          fontWeight: 700,
          fontSize: input.lang === 'hi' ? 22 : 18,
          color: look.edge,
          marginTop: 4,
          ...caps(input.lang, 3),
        },
        t.gamerScore,
      ),
    ),
  );
}

function shareGamerPanel(
  input: PogCardImageInput,
  t: CardTexts,
  look: VariantLook,
  theme: ThemeLook,
  top: PogBadgeId[],
  nameSize: number,
): El {
  return box(
    {
      position: 'absolute',
      left: 600,
      top: 58,
      width: 560,
      bottom: 50,
      flexDirection: 'column',
    },
    box(
      { alignItems: 'center', gap: 14 },
      khelMark(30, theme.accent),
      box({ width: 2, height: 26, backgroundColor: 'rgba(255,255,255,0.25)' }),
      text(
        {
          fontFamily: DISPLAY,
          fontWeight: 700,
          fontSize: input.lang === 'hi' ? 26 : 22,
          color: look.edge,
          ...caps(input.lang, 5),
        },
        t.proofOfGamer,
      ),
    ),
    text(
      {
        fontFamily: DISPLAY,
        fontWeight: 700,
        fontSize: nameSize,
        lineHeight: 1,
        color: INK,
        marginTop: 22,
      },
      input.name,
    ),
    box(
      { alignItems: 'center', gap: 10, marginTop: 18 },
      variantChip(input.variant, 'lg'),
      themeChip(input.theme, 'lg'),
    ),
    shareTotal(input, t, look),
    box(
      { gap: 10, marginTop: 22 },
      top.length === 0
        ? text({ fontFamily: BODY, fontWeight: 600, fontSize: 18, color: DIM }, t.noBadges)
        : top.map((id) => badgeChip(id, t, theme.accent, 'md')),
    ),
    box({ flexGrow: 1 }),
    box(
      { alignItems: 'center', gap: 10 },
      box({ width: 28, height: 3, borderRadius: 99, backgroundColor: theme.accent }),
      text({ fontFamily: BODY, fontWeight: 600, fontSize: 20, color: INK }, t.shareCta),
    ),
  );
}

function shareImage(input: PogCardImageInput): El {
  const t = textsOf(input);
  const look = VARIANTS[input.variant];
  const theme = THEMES[input.theme];
  const top = orderedBadges(input.badges).slice(0, 3);
  const scale = 0.66;
  const nameSize = fitDisplayFont(input.name, 556, 112, 0);

  return box(
    {
      position: 'relative',
      width: SHARE_WIDTH,
      height: SHARE_HEIGHT,
      backgroundColor: PANEL,
      backgroundImage: `radial-gradient(circle at 25% 50%, rgba(${look.glow}, 0.45) 0%, rgba(0,0,0,0) 42%), radial-gradient(circle at 85% 10%, ${theme.accent}33 0%, rgba(0,0,0,0) 45%), linear-gradient(120deg, #05060c 0%, #121630 55%, #07080f 100%)`,
    },
    box({
      position: 'absolute',
      inset: 0,
      backgroundImage:
        'repeating-linear-gradient(135deg, rgba(255,255,255,0.03) 0px, rgba(255,255,255,0.03) 2px, rgba(0,0,0,0) 2px, rgba(0,0,0,0) 16px)',
    }),
    // A light beam behind the card.
    box({
      position: 'absolute',
      left: 40,
      top: -80,
      width: 520,
      height: 800,
      transform: 'rotate(18deg)',
      backgroundImage: `linear-gradient(90deg, rgba(0,0,0,0) 0%, ${look.edge}22 50%, rgba(0,0,0,0) 100%)`,
    }),
    // The card front, drawn again at two thirds of its size and tilted a little.
    box(
      {
        position: 'absolute',
        left: 300 - CARD_WIDTH / 2,
        top: SHARE_HEIGHT / 2 - CARD_HEIGHT / 2,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        transform: `rotate(-4deg) scale(${scale})`,
      },
      cardFront(input),
    ),
    // The gamer.
    shareGamerPanel(input, t, look, theme, top, nameSize),
  );
}

// ---------------------------------------------------------------------------------------------------
// The share picture of a quest, campaign, tournament or article.

const ACCENT = /^#[0-9a-f]{6}$/i;

function itemShareImage(input: ItemShareImageInput): El {
  const accent = ACCENT.test(input.accent) ? input.accent : '#7c5cff';
  const title = [...input.title].length > 90 ? `${[...input.title].slice(0, 89).join('')}…` : input.title;
  const titleSize = Math.min(92, fitDisplayFont(title, 1040 * 2, 92, 0));
  return box(
    {
      position: 'relative',
      width: SHARE_WIDTH,
      height: SHARE_HEIGHT,
      backgroundColor: PANEL,
      backgroundImage: `radial-gradient(circle at 85% 15%, ${accent}55 0%, rgba(0,0,0,0) 45%), radial-gradient(circle at 10% 95%, ${accent}33 0%, rgba(0,0,0,0) 40%), linear-gradient(120deg, #05060c 0%, #121630 55%, #07080f 100%)`,
    },
    box({
      position: 'absolute',
      inset: 0,
      backgroundImage:
        'repeating-linear-gradient(135deg, rgba(255,255,255,0.03) 0px, rgba(255,255,255,0.03) 2px, rgba(0,0,0,0) 2px, rgba(0,0,0,0) 16px)',
    }),
    box(
      {
        position: 'absolute',
        top: 64,
        bottom: 64,
        left: 80,
        right: 80,
        flexDirection: 'column',
        justifyContent: 'space-between',
      },
      box(
        { alignItems: 'center' },
        box(
          {
            padding: '8px 22px',
            borderRadius: 999,
            backgroundColor: accent,
            color: '#05060c',
            fontFamily: DISPLAY,
            fontWeight: 700,
            fontSize: input.lang === 'hi' ? 30 : 26,
            ...caps(input.lang, 3),
          },
          input.label,
        ),
      ),
      box(
        { flexDirection: 'column' },
        box(
          {
            fontFamily: DISPLAY,
            fontWeight: 700,
            fontSize: titleSize,
            lineHeight: 1.05,
            color: '#ffffff',
            maxHeight: titleSize * 2.2,
            overflow: 'hidden',
          },
          title,
        ),
        input.line
          ? box(
              {
                marginTop: 24,
                fontFamily: BODY,
                fontWeight: 400,
                fontSize: 30,
                lineHeight: 1.3,
                color: '#c9cfe0',
                maxHeight: 80,
                overflow: 'hidden',
              },
              input.line,
            )
          : null,
      ),
      box(
        { alignItems: 'center', justifyContent: 'space-between' },
        text(
          { fontFamily: DISPLAY, fontWeight: 700, fontSize: 44, color: '#ffffff', letterSpacing: 6 },
          'KHEL',
        ),
        box({ width: 160, height: 8, borderRadius: 4, backgroundColor: accent }),
      ),
    ),
  );
}
