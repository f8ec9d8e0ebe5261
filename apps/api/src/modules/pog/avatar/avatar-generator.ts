import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Env } from '../../../env.ts';
import { errorFields, type Logger } from '../../../lib/logger.ts';
import {
  type BackdropMotif,
  type DicebearStyleName,
  type PogTheme,
  type ResolvedChoice,
  resolveChoice,
} from './catalogue.ts';
import { decodeRgb, type RgbImage } from './face-check.ts';

/**
 * The POG avatar step's picture (SPEC: AvatarGenerationPending). Two providers behind one interface
 * (DESIGN §8), chosen by AVATAR_PROVIDER:
 * - `sandbox`: draws the chosen character with DiceBear (the catalogue's style and options, seeded),
 *   coloured from the theme's style and the selfie's colours, on a theme backdrop, rasterised with
 *   resvg. Same input, same bytes; no network.
 * - `openai`: OpenAI's Images API (an edit of the selfie when there is one, else a generation) with a
 *   prompt built from the choices.
 * DiceBear, resvg and sharp load on the first picture, never at process start.
 */

/** Colours read from the selfie (`#rrggbb`): the selfie itself is never stored. */
export interface SelfieColours {
  skin: string;
  hair: string;
  background: string;
}

export interface AvatarRequest {
  theme: PogTheme;
  category: string;
  character: string;
  style: string;
  /** Makes the picture repeatable and personal (e.g. the user's id and a variant number). */
  seed: string;
  selfieColours?: SelfieColours | null;
  /** The selfie (JPEG), for a provider that draws from it (openai); the sandbox uses only its colours. Never stored. */
  selfie?: Uint8Array | null;
}

export interface GeneratedAvatar {
  /** 512×512 PNG. */
  png: Uint8Array;
  mime: 'image/png';
  /** Who drew it: 'sandbox:dicebear' or 'openai:<model>'. */
  provider: string;
}

export interface AvatarGenerator {
  readonly provider: string;
  generate(input: AvatarRequest): Promise<GeneratedAvatar>;
}

export const AVATAR_SIZE = 512;

/** The choice is not in the catalogue (or the selfie colours are not colours): nothing was drawn. */
export class InvalidAvatarChoiceError extends Error {
  constructor(message = 'This avatar choice is not available.') {
    super(message);
    this.name = 'InvalidAvatarChoiceError';
  }
}

/** The AI provider failed: `retryable` when trying again later may work (timeouts, 429, 5xx). */
export class AvatarProviderError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  readonly retryable: boolean;
  constructor(
    message: string,
    details: { status?: number | null; code?: string | null; retryable: boolean; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.name = 'AvatarProviderError';
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.retryable = details.retryable;
  }
}

const HEX = /^#[0-9a-f]{6}$/i;

function checkedRequest(input: AvatarRequest): ResolvedChoice {
  const resolved = resolveChoice(input);
  if (!resolved) throw new InvalidAvatarChoiceError();
  if (typeof input.seed !== 'string' || input.seed.length === 0 || input.seed.length > 200)
    throw new InvalidAvatarChoiceError('The avatar seed must be 1 to 200 characters.');
  const colours = input.selfieColours;
  if (colours && ![colours.skin, colours.hair, colours.background].every((c) => HEX.test(c)))
    throw new InvalidAvatarChoiceError('Selfie colours must be #rrggbb.');
  return resolved;
}

// ---------------------------------------------------------------------------------------------------
// Colours

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `a` moved toward `b` by `t` (0: a, 1: b). */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((v, i) => v + (y[i]! - v) * t));
}

/** DiceBear writes colours as hex without '#'. */
const bare = (hex: string) => hex.replace('#', '').toLowerCase();

// ---------------------------------------------------------------------------------------------------
// Selfie colours

/** Skin-like pixels (a common YCbCr rule): enough of them in the face region means we read skin there. */
function isSkin(r: number, g: number, b: number): boolean {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

type Pixel = Rgb;

function pixelsIn(image: RgbImage, x0: number, y0: number, x1: number, y1: number): Pixel[] {
  const out: Pixel[] = [];
  const [left, right] = [Math.floor(x0 * image.width), Math.ceil(x1 * image.width)];
  const [top, bottom] = [Math.floor(y0 * image.height), Math.ceil(y1 * image.height)];
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const i = (y * image.width + x) * 3;
      out.push([image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]);
    }
  }
  return out;
}

/** The most common colour: pixels binned at 4 bits a channel, the fullest bin's average. */
function dominant(pixels: readonly Pixel[]): string {
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  let best: { n: number; r: number; g: number; b: number } | undefined;
  for (const [r, g, b] of pixels) {
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    let bin = bins.get(key);
    if (!bin) {
      bin = { n: 0, r: 0, g: 0, b: 0 };
      bins.set(key, bin);
    }
    bin.n++;
    bin.r += r;
    bin.g += g;
    bin.b += b;
    if (!best || bin.n > best.n) best = bin;
  }
  if (!best) return '#808080';
  return toHex([best.r / best.n, best.g / best.n, best.b / best.n]);
}

const distance = (a: Pixel, b: Pixel) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The selfie's skin, hair and background colours, for the sandbox to colour the avatar with. The photo
 * (turned upright, cropped to a centred square and shrunk) is read in three regions, as a selfie is
 * framed: the middle of the face (skin-like pixels when there are enough), the band above it (hair:
 * pixels unlike the skin), and the sides of the top half (background). Throws UnreadableImageError.
 */
export async function selfieColours(jpeg: Uint8Array): Promise<SelfieColours> {
  const image = await decodeRgb(jpeg, 96, 'cover');
  const face = pixelsIn(image, 0.35, 0.4, 0.65, 0.7);
  const skinLike = face.filter(([r, g, b]) => isSkin(r, g, b));
  const skin = dominant(skinLike.length >= face.length * 0.15 ? skinLike : face);
  const skinRgb = parseHex(skin);
  const top = pixelsIn(image, 0.3, 0.06, 0.7, 0.26);
  const unlikeSkin = top.filter((p) => distance(p, skinRgb) > 48);
  const hair = dominant(unlikeSkin.length >= top.length * 0.1 ? unlikeSkin : top);
  const background = dominant([...pixelsIn(image, 0, 0, 0.14, 0.55), ...pixelsIn(image, 0.86, 0, 1, 0.55)]);
  return { skin, hair, background };
}

// ---------------------------------------------------------------------------------------------------
// The sandbox: DiceBear + theme backdrop, rasterised by resvg

/** Which DiceBear options of each style take the skin, hair and outfit colours. */
const COLOUR_KEYS: Record<DicebearStyleName, { skin?: string; hair?: string; outfit?: string }> = {
  adventurer: { skin: 'skinColor', hair: 'hairColor' },
  lorelei: { skin: 'skinColor', hair: 'hairColor' },
  bigEars: { skin: 'skinColor', hair: 'hairColor' },
  micah: { skin: 'baseColor', hair: 'hairColor', outfit: 'shirtColor' },
  personas: { skin: 'skinColor', hair: 'hairColor', outfit: 'clothingColor' },
  bigSmile: { skin: 'skinColor', hair: 'hairColor' },
  funEmoji: { skin: 'backgroundColor' },
  dylan: { skin: 'skinColor', hair: 'hairColor' },
  bottts: { hair: 'baseColor', outfit: 'baseColor' },
  pixelArt: { skin: 'skinColor', hair: 'hairColor', outfit: 'clothingColor' },
  notionists: {},
  openPeeps: { skin: 'skinColor', hair: 'headContrastColor', outfit: 'clothingColor' },
};

/** Where the character sits in the 512 square (heads sit higher, busts reach the frame's bottom). */
const PLACEMENT: Record<DicebearStyleName, { size: number; y: number; radius?: number; scale?: number }> = {
  adventurer: { size: 420, y: 56 },
  lorelei: { size: 420, y: 60 },
  bigEars: { size: 420, y: 54 },
  micah: { size: 410, y: 74 },
  personas: { size: 420, y: 70 },
  bigSmile: { size: 420, y: 56 },
  funEmoji: { size: 330, y: 100, radius: 50 },
  dylan: { size: 410, y: 76 },
  bottts: { size: 400, y: 62 },
  pixelArt: { size: 380, y: 78 },
  notionists: { size: 430, y: 66 },
  openPeeps: { size: 420, y: 70 },
};

interface DicebearModules {
  createAvatar: (style: unknown, options: Record<string, unknown>) => { toString(): string };
  styles: Record<DicebearStyleName, { meta?: DicebearMeta }>;
}
interface DicebearMeta {
  title?: string;
  creator?: string;
  source?: string;
  license?: { name?: string; url?: string };
}

let dicebear: Promise<DicebearModules> | undefined;
function loadDicebear(): Promise<DicebearModules> {
  dicebear ??= Promise.all([import('@dicebear/core'), import('@dicebear/collection')]).then(
    ([core, collection]) => ({
      createAvatar: core.createAvatar as unknown as DicebearModules['createAvatar'],
      styles: collection as unknown as DicebearModules['styles'],
    }),
  );
  return dicebear;
}

/** A small seeded generator (xorshift32) for the backdrop's motif: the same seed draws the same motif. */
function randomFrom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function motifSvg(motif: BackdropMotif, ink: string, random: () => number): string {
  const parts: string[] = [];
  switch (motif) {
    case 'peaks': {
      const sunX = 90 + random() * 330;
      parts.push(
        `<circle cx="${r1(sunX)}" cy="${r1(110 + random() * 40)}" r="${r1(46 + random() * 20)}" fill="${ink}" opacity="0.55"/>`,
      );
      for (const [base, height, opacity] of [
        [400, 170, 0.28],
        [450, 120, 0.42],
      ] as const) {
        const points = [`0,512`, `0,${base}`];
        for (let x = 0; x <= 512; x += 64) {
          const peak = x % 128 === 64 ? height * (0.55 + random() * 0.45) : height * random() * 0.35;
          points.push(`${x},${r1(base - peak)}`);
        }
        points.push(`512,${base}`, '512,512');
        parts.push(`<polygon points="${points.join(' ')}" fill="${ink}" opacity="${opacity}"/>`);
      }
      break;
    }
    case 'sparkles': {
      for (let i = 0; i < 22; i++) {
        const x = random() * 512;
        const y = random() * 512;
        const s = 5 + random() * 13;
        const q = s / 4;
        parts.push(
          `<path transform="translate(${r1(x)} ${r1(y)})" d="M0 ${r1(-s)}L${r1(q)} ${r1(-q)}L${r1(s)} 0L${r1(q)} ${r1(q)}L0 ${r1(s)}L${r1(-q)} ${r1(q)}L${r1(-s)} 0L${r1(-q)} ${r1(-q)}Z" fill="${ink}" opacity="${r1(0.35 + random() * 0.55)}"/>`,
        );
      }
      break;
    }
    case 'burst': {
      const turn = random() * 15;
      const rays: string[] = [];
      for (let i = 0; i < 24; i += 2) {
        const a0 = ((i * 15 + turn) * Math.PI) / 180;
        const a1 = (((i + 1) * 15 + turn) * Math.PI) / 180;
        rays.push(
          `M256 280L${r1(256 + 760 * Math.cos(a0))} ${r1(280 + 760 * Math.sin(a0))}L${r1(256 + 760 * Math.cos(a1))} ${r1(280 + 760 * Math.sin(a1))}Z`,
        );
      }
      parts.push(`<path d="${rays.join('')}" fill="${ink}" opacity="0.26"/>`);
      break;
    }
    case 'dots': {
      const dx = random() * 32;
      const dy = random() * 32;
      const dots: string[] = [];
      for (let y = -32; y < 544; y += 32) {
        for (let x = -32; x < 544; x += 32) {
          const cy = y + dy;
          const r = 2 + (Math.max(0, cy) / 512) * 9;
          dots.push(
            `M${r1(x + dx + ((y / 32) % 2 ? 16 : 0) - r)} ${r1(cy)}a${r1(r)} ${r1(r)} 0 1 0 ${r1(2 * r)} 0a${r1(r)} ${r1(r)} 0 1 0 ${r1(-2 * r)} 0`,
          );
        }
      }
      parts.push(`<path d="${dots.join('')}" fill="${ink}" opacity="0.3"/>`);
      break;
    }
    case 'grid': {
      const horizon = 250 + random() * 60;
      const lines: string[] = [];
      for (let k = 1; k <= 9; k++) {
        const y = horizon + (512 - horizon) * (k / 9) ** 1.8;
        lines.push(`M0 ${r1(y)}H512`);
      }
      for (let k = -8; k <= 8; k++) lines.push(`M256 ${r1(horizon)}L${256 + k * 80} 512`);
      parts.push(`<path d="${lines.join('')}" stroke="${ink}" stroke-width="2" fill="none" opacity="0.45"/>`);
      const cx = 70 + random() * 372;
      for (const r of [40, 70, 100]) {
        parts.push(
          `<circle cx="${r1(cx)}" cy="${r1(horizon - 150)}" r="${r}" stroke="${ink}" stroke-width="2" fill="none" opacity="0.3"/>`,
        );
      }
      break;
    }
    case 'moon': {
      const mx = 70 + random() * 372;
      parts.push(
        `<circle cx="${r1(mx)}" cy="${r1(100 + random() * 30)}" r="62" fill="${ink}" opacity="0.7"/>`,
      );
      for (let i = 0; i < 4; i++) {
        const x = random() * 460;
        const y = 40 + random() * 200;
        const s = 0.8 + random() * 0.8;
        parts.push(
          `<path transform="translate(${r1(x)} ${r1(y)}) scale(${r1(s)})" d="M0 8C6 0 12 2 16 6C18 2 20 2 22 4C24 2 26 2 28 6C32 2 38 0 44 8C38 7 33 9 30 14C28 11 26 10 22 12C18 10 16 11 14 14C11 9 6 7 0 8Z" fill="${ink}" opacity="0.55"/>`,
        );
      }
      for (const [y, o] of [
        [430, 0.18],
        [470, 0.26],
        [505, 0.34],
      ] as const) {
        parts.push(
          `<ellipse cx="${r1(150 + random() * 212)}" cy="${y}" rx="330" ry="46" fill="${ink}" opacity="${o}"/>`,
        );
      }
      break;
    }
  }
  return parts.join('');
}

/** A rounded square (the frame's opening) as path data. */
function roundedSquare(inset: number, radius: number): string {
  const a = inset;
  const b = AVATAR_SIZE - inset;
  const r = radius;
  return `M${a + r} ${a}H${b - r}A${r} ${r} 0 0 1 ${b} ${a + r}V${b - r}A${r} ${r} 0 0 1 ${b - r} ${b}H${a + r}A${r} ${r} 0 0 1 ${a} ${b - r}V${a + r}A${r} ${r} 0 0 1 ${a + r} ${a}Z`;
}

/** The DiceBear options for a request: outfit from the style, colours from the selfie, then the character's own. */
function dicebearOptions(input: AvatarRequest, choice: ResolvedChoice): Record<string, unknown> {
  const name = choice.category.dicebear;
  const keys = COLOUR_KEYS[name];
  const place = PLACEMENT[name];
  const options: Record<string, unknown> = {
    seed: `${input.seed}|${choice.category.id}|${choice.character.id}`,
    size: place.size,
    ...(choice.style.dicebear.flip ? { flip: true } : {}),
    ...(choice.style.dicebear.rotate ? { rotate: choice.style.dicebear.rotate } : {}),
    ...(place.radius ? { radius: place.radius } : {}),
    // The theme's backdrop shows through; only funEmoji's face is its background (coloured below).
    ...(name === 'funEmoji' ? {} : { backgroundColor: ['transparent'] }),
  };
  if (keys.outfit) options[keys.outfit] = [...choice.style.outfit];
  const selfie = input.selfieColours;
  const tint = choice.character.skinTint;
  const skin = selfie ? (tint ? mix(selfie.skin, tint, 0.6) : selfie.skin) : tint;
  if (keys.skin && skin) options[keys.skin] = [bare(skin)];
  if (keys.hair && selfie) options[keys.hair] = [bare(selfie.hair)];
  Object.assign(options, choice.character.options);
  return options;
}

/** The whole picture as SVG: backdrop, motif, glow, the DiceBear character, frame. */
export async function sandboxAvatarSvg(input: AvatarRequest): Promise<{ svg: string; meta: DicebearMeta }> {
  const choice = checkedRequest(input);
  const { createAvatar, styles } = await loadDicebear();
  const style = styles[choice.category.dicebear];
  const character = createAvatar(style, dicebearOptions(input, choice)).toString();
  const place = PLACEMENT[choice.category.dicebear];
  const x = (AVATAR_SIZE - place.size) / 2;
  // The character's own <svg> nested at its place (its ids are DiceBear's; ours are prefixed pog-).
  const nested = character.replace(/^<svg\b/, `<svg x="${x}" y="${place.y}"`);
  const { from, accent, ink } = choice.style.palette;
  const to = input.selfieColours
    ? mix(choice.style.palette.to, input.selfieColours.background, 0.45)
    : choice.style.palette.to;
  const random = randomFrom(`${input.seed}|${choice.theme.theme}|${choice.style.id}`);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}">`,
    '<defs>',
    `<linearGradient id="pog-bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="pog-glow" cx="0.5" cy="0.55" r="0.5"><stop offset="0" stop-color="${ink}" stop-opacity="0.55"/><stop offset="1" stop-color="${ink}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" fill="url(#pog-bg)"/>`,
    motifSvg(choice.theme.motif, ink, random),
    `<circle cx="256" cy="280" r="230" fill="url(#pog-glow)"/>`,
    nested,
    `<path fill-rule="evenodd" fill="${accent}" d="M0 0H${AVATAR_SIZE}V${AVATAR_SIZE}H0Z${roundedSquare(14, 44)}"/>`,
    `<path d="${roundedSquare(24, 36)}" fill="none" stroke="${ink}" stroke-width="2.5" opacity="0.7"/>`,
    '</svg>',
  ].join('');
  return { svg, meta: style.meta ?? {} };
}

/** A PNG tEXt chunk (keyword, NUL, Latin-1 text), inserted after IHDR. */
function withTextChunks(png: Uint8Array, entries: Record<string, string>): Uint8Array {
  const chunks = Object.entries(entries).map(([keyword, text]) => {
    const data = Buffer.from(`${keyword}\0${text.replace(/[^\x20-\x7e]/g, '?')}`, 'latin1');
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    data.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
    return chunk;
  });
  const afterHeader = 8 + 25; // signature, then IHDR (4 length + 4 type + 13 data + 4 CRC)
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  return new Uint8Array(
    Buffer.concat([bytes.subarray(0, afterHeader), ...chunks, bytes.subarray(afterHeader)]),
  );
}

/**
 * The sandbox generator: DiceBear's artwork, recoloured and framed. The PNG says whose artwork it is
 * (tEXt `Copyright`: title, creator and licence from DiceBear's metadata, several styles are CC BY 4.0).
 */
export function createSandboxAvatarGenerator(): AvatarGenerator {
  return {
    provider: 'sandbox:dicebear',
    async generate(input) {
      const { svg, meta } = await sandboxAvatarSvg(input);
      const { renderAsync } = await import('@resvg/resvg-js');
      const rendered = await renderAsync(svg, {
        fitTo: { mode: 'width', value: AVATAR_SIZE },
        font: { loadSystemFonts: false },
        logLevel: 'off',
      });
      const credit = [
        `"${meta.title ?? 'avatar'}" by ${meta.creator ?? 'DiceBear'}`,
        meta.license?.name
          ? `licensed under ${meta.license.name}${meta.license.url ? ` (${meta.license.url})` : ''}`
          : null,
        meta.source ? `source ${meta.source}` : null,
        'recoloured and framed by Khel',
      ]
        .filter(Boolean)
        .join(', ');
      const png = withTextChunks(new Uint8Array(rendered.asPng()), {
        Copyright: credit,
        Software: 'Khel POG avatar sandbox (DiceBear, resvg)',
      });
      return { png, mime: 'image/png', provider: 'sandbox:dicebear' };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// OpenAI Images API

/** The text an AI model is asked to draw (no personal data: only the catalogue's words). */
export function buildAvatarPrompt(input: AvatarRequest): string {
  const { theme, category, character, style } = checkedRequest(input);
  const likeness = input.selfie
    ? 'Base the face on the person in the photo: keep their face shape, skin tone, hair and expression recognisable, but draw them as this character. '
    : '';
  return [
    `A square profile avatar for a gamer: ${character.prompt}, one of the ${category.label.toLowerCase()} of ${theme.prompt}.`,
    `${likeness}Art style: ${style.prompt}.`,
    'Head and shoulders, centred, facing the viewer, on a simple themed background. Friendly and suitable for all ages. No text, no letters, no logos, no watermark, no frame.',
  ].join(' ');
}

export interface OpenAiAvatarOptions {
  apiKey: string;
  /** Images model (default gpt-image-1). Selfie edits need a gpt-image model. */
  model?: string;
  /** API root (default https://api.openai.com/v1). */
  apiRoot?: string;
  /** How long one request may take (default 120 s: a picture takes tens of seconds). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  logger?: Logger;
}

/** What the adapter sends: where, and the body (JSON for a generation, multipart with the selfie for an edit). */
export interface OpenAiImageRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string>; body: string | FormData };
}

/** The request for one avatar, built without sending it (tests read it). */
export function buildOpenAiImageRequest(
  input: AvatarRequest,
  options: Pick<OpenAiAvatarOptions, 'apiKey' | 'model' | 'apiRoot'>,
): OpenAiImageRequest {
  const model = options.model ?? 'gpt-image-1';
  const root = (options.apiRoot ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const prompt = buildAvatarPrompt(input);
  const gptImage = model.startsWith('gpt-image');
  const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` };
  // gpt-image models always answer base64 and take output_format; DALL·E models are asked for base64.
  const format: Record<string, string> = gptImage
    ? { output_format: 'png', quality: 'medium' }
    : { response_format: 'b64_json' };
  const size = model === 'dall-e-2' ? '512x512' : '1024x1024';
  if (input.selfie && gptImage) {
    const form = new FormData();
    form.append('model', model);
    form.append('prompt', prompt);
    form.append('n', '1');
    form.append('size', size);
    for (const [key, value] of Object.entries(format)) form.append(key, value);
    form.append('image', new Blob([new Uint8Array(input.selfie)], { type: 'image/jpeg' }), 'selfie.jpg');
    return { url: `${root}/images/edits`, init: { method: 'POST', headers, body: form } };
  }
  headers['content-type'] = 'application/json';
  const body = JSON.stringify({ model, prompt, n: 1, size, ...format });
  return { url: `${root}/images/generations`, init: { method: 'POST', headers, body } };
}

async function errorOf(response: Response): Promise<{ message: string; code: string | null }> {
  try {
    const json = (await response.json()) as { error?: { message?: unknown; code?: unknown; type?: unknown } };
    const message = typeof json.error?.message === 'string' ? json.error.message.slice(0, 300) : '';
    const code =
      typeof json.error?.code === 'string'
        ? json.error.code
        : typeof json.error?.type === 'string'
          ? json.error.type
          : null;
    return { message, code };
  } catch {
    return { message: '', code: null };
  }
}

/** The OpenAI adapter: one Images API request per avatar, the answer resized to 512×512 PNG. */
export function createOpenAiAvatarGenerator(options: OpenAiAvatarOptions): AvatarGenerator {
  const model = options.model ?? 'gpt-image-1';
  const timeoutMs = options.timeoutMs ?? 120_000;
  const send = options.fetch ?? fetch;
  const provider = `openai:${model}`;
  return {
    provider,
    async generate(input) {
      const request = buildOpenAiImageRequest(input, { ...options, model });
      const started = performance.now();
      let response: Response;
      try {
        response = await send(request.url, { ...request.init, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        const error = new AvatarProviderError(
          timedOut
            ? `OpenAI did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}.`
            : 'OpenAI could not be reached.',
          { retryable: true, cause: err },
        );
        options.logger?.warn('avatar provider failed', { provider, ...errorFields(error) });
        throw error;
      }
      if (!response.ok) {
        const { message, code } = await errorOf(response);
        const status = response.status;
        const retryable = status === 408 || status === 429 || status >= 500;
        const what =
          status === 401
            ? 'OpenAI refused the API key (OPENAI_API_KEY).'
            : code === 'moderation_blocked' || code === 'content_policy_violation'
              ? 'OpenAI refused to draw this picture (content policy).'
              : status === 429
                ? 'OpenAI is rate limiting us or the quota is used up.'
                : `OpenAI answered ${status}.`;
        const error = new AvatarProviderError(`${what}${message ? ` ${message}` : ''}`, {
          status,
          code,
          retryable,
        });
        options.logger?.warn('avatar provider failed', { provider, status, code });
        throw error;
      }
      const json = (await response.json().catch(() => null)) as { data?: { b64_json?: unknown }[] } | null;
      const b64 = json?.data?.[0]?.b64_json;
      if (typeof b64 !== 'string' || b64.length === 0)
        throw new AvatarProviderError('OpenAI answered without an image.', {
          status: response.status,
          retryable: true,
        });
      const sharp = (await import('sharp')).default;
      let png: Buffer;
      try {
        png = await sharp(Buffer.from(b64, 'base64'), { failOn: 'error' })
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .png()
          .toBuffer();
      } catch (err) {
        throw new AvatarProviderError('OpenAI answered with an image we could not read.', {
          retryable: true,
          cause: err,
        });
      }
      options.logger?.info('avatar generated', { provider, ms: Math.round(performance.now() - started) });
      return { png: new Uint8Array(png), mime: 'image/png', provider };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Choice by environment

/**
 * The generator AVATAR_PROVIDER chooses: `sandbox` (the default outside production), `openai` (needs
 * OPENAI_API_KEY), or `none` (the default in production unless set: no avatar can be generated, the
 * caller answers that the step is unavailable).
 */
export function createAvatarGenerator(
  env: Pick<Env, 'NODE_ENV' | 'AVATAR_PROVIDER' | 'OPENAI_API_KEY' | 'OPENAI_IMAGE_MODEL'>,
  logger?: Logger,
): AvatarGenerator | null {
  const mode = env.AVATAR_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (mode === 'none') return null;
  if (mode === 'sandbox') return createSandboxAvatarGenerator();
  if (!env.OPENAI_API_KEY) throw new Error('AVATAR_PROVIDER=openai needs OPENAI_API_KEY');
  return createOpenAiAvatarGenerator({
    apiKey: env.OPENAI_API_KEY,
    model: env.OPENAI_IMAGE_MODEL,
    ...(logger ? { logger } : {}),
  });
}
