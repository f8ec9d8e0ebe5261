import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as dicebear from '@dicebear/collection';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import {
  AVATAR_SIZE,
  AvatarProviderError,
  type AvatarRequest,
  buildAvatarPrompt,
  buildOpenAiImageRequest,
  createAvatarGenerator,
  createOpenAiAvatarGenerator,
  createSandboxAvatarGenerator,
  InvalidAvatarChoiceError,
  sandboxAvatarSvg,
  selfieColours,
} from './avatar-generator.ts';
import {
  AVATAR_THEMES,
  allChoices,
  categoriesOf,
  charactersOf,
  defaultChoice,
  isCompleteChoice,
  isValidChoice,
  POG_THEMES,
  stylesOf,
} from './catalogue.ts';
import { UnreadableImageError } from './face-check.ts';

const sandbox = createSandboxAvatarGenerator();
const BASE: AvatarRequest = {
  theme: 'Fantasy',
  category: 'elves-and-mages',
  character: 'mage',
  style: 'starlit',
  seed: 'user-1',
};
const COLOURS = { skin: '#c68642', hair: '#2b1b0e', background: '#3a7bd5' };

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Width and height from the PNG's IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  expect(view.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(view.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
};
/** Share of pixels whose colour changed by more than 32 on some channel: "visibly different". */
async function changedShare(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  let changed = 0;
  for (let i = 0; i < x!.length; i += 3) {
    if (
      Math.abs(x![i]! - y![i]!) > 32 ||
      Math.abs(x![i + 1]! - y![i + 1]!) > 32 ||
      Math.abs(x![i + 2]! - y![i + 2]!) > 32
    )
      changed++;
  }
  return changed / (x!.length / 3);
}

describe('the avatar catalogue', () => {
  it("has SPEC's six themes, each with 2–3 categories of 3–4 characters and 3–4 styles", () => {
    expect(AVATAR_THEMES.map((t) => t.theme)).toEqual([...POG_THEMES]);
    for (const theme of AVATAR_THEMES) {
      expect(theme.categories.length).toBeGreaterThanOrEqual(2);
      expect(theme.categories.length).toBeLessThanOrEqual(3);
      expect(theme.styles.length).toBeGreaterThanOrEqual(3);
      expect(theme.styles.length).toBeLessThanOrEqual(4);
      for (const category of theme.categories) {
        expect(category.characters.length).toBeGreaterThanOrEqual(3);
        expect(category.characters.length).toBeLessThanOrEqual(4);
      }
    }
  });

  it('names everything with a kebab-case id, unique where it is chosen, and an English label', () => {
    const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
    const unique = (ids: string[]) => expect(new Set(ids).size).toBe(ids.length);
    for (const theme of AVATAR_THEMES) {
      unique(theme.categories.map((c) => c.id));
      unique(theme.styles.map((s) => s.id));
      for (const entry of [
        ...theme.categories,
        ...theme.styles,
        ...theme.categories.flatMap((c) => c.characters),
      ]) {
        expect(entry.id).toMatch(kebab);
        expect(entry.label).toMatch(/^[A-Z][A-Za-z &-]+$/);
      }
      for (const category of theme.categories) unique(category.characters.map((c) => c.id));
    }
  });

  it("uses only options and values that the character's DiceBear style knows", () => {
    const styles = dicebear as unknown as Record<
      string,
      {
        schema: {
          properties: Record<string, { items?: { enum?: string[] }; minimum?: number; maximum?: number }>;
        };
      }
    >;
    for (const theme of AVATAR_THEMES) {
      for (const category of theme.categories) {
        const schema = styles[category.dicebear]?.schema.properties;
        expect(schema, category.dicebear).toBeDefined();
        for (const character of category.characters) {
          for (const [key, value] of Object.entries(character.options)) {
            const where = `${theme.theme}/${category.id}/${character.id}.${key}`;
            expect(schema![key], where).toBeDefined();
            if (typeof value === 'number') {
              expect(value, where).toBeGreaterThanOrEqual(schema![key]!.minimum ?? 0);
              expect(value, where).toBeLessThanOrEqual(schema![key]!.maximum ?? 100);
            } else if (schema![key]!.items?.enum) {
              for (const v of value) expect(schema![key]!.items!.enum, where).toContain(v);
            } else {
              for (const v of value) expect(v, where).toMatch(/^[0-9a-f]{6}$/);
            }
          }
        }
      }
    }
  });

  it('lists categories, characters and styles by theme, and nothing for unknown ones', () => {
    expect(categoriesOf('Sci-Fi').map((c) => c.id)).toEqual(['robots', 'pixel-pilots']);
    expect(charactersOf('Sci-Fi', 'robots').map((c) => c.id)).toEqual(['mech', 'droid', 'cyborg']);
    expect(stylesOf('Horror').map((s) => s.id)).toEqual(['graveyard', 'blood-moon', 'haunted-mansion']);
    expect(categoriesOf('Western')).toEqual([]);
    expect(charactersOf('Sci-Fi', 'creeps')).toEqual([]);
    expect(stylesOf('sci-fi')).toEqual([]);
  });

  it('accepts a choice only when its parts belong together', () => {
    expect(isCompleteChoice(BASE)).toBe(true);
    expect(isValidChoice(BASE)).toBe(true);
    for (const bad of [
      { ...BASE, theme: 'Western' },
      { ...BASE, category: 'robots' }, // a Sci-Fi category
      { ...BASE, character: 'goblin' }, // of another Fantasy category
      { ...BASE, style: 'neon-night' }, // an Action style
      { ...BASE, style: '' },
    ]) {
      expect(isValidChoice(bad), JSON.stringify(bad)).toBe(false);
      expect(isCompleteChoice(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('checks the parts chosen so far, step by step', () => {
    expect(isValidChoice({ theme: 'Fantasy' })).toBe(true);
    expect(isValidChoice({ theme: 'Fantasy', category: 'creatures' })).toBe(true);
    expect(isValidChoice({ theme: 'Fantasy', category: 'robots' })).toBe(false);
    expect(isValidChoice({ theme: 'Fantasy', category: 'creatures', character: 'troll' })).toBe(true);
    expect(isValidChoice({ theme: 'Fantasy', category: 'creatures', character: 'mage' })).toBe(false);
    expect(isValidChoice({ theme: 'Fantasy', character: 'troll' })).toBe(false); // a character needs its category
    expect(isValidChoice({ theme: 'Fantasy', style: 'mystic' })).toBe(true);
    expect(isValidChoice({ theme: 'Fantasy', style: 'pastel' })).toBe(false);
    expect(isValidChoice({ theme: 'Fantasy', category: null, character: null, style: null })).toBe(true);
    expect(isCompleteChoice({ theme: 'Fantasy', category: 'creatures', character: 'troll', style: '' })).toBe(
      false,
    );
  });

  it("picks quick mint's choice from the seed: valid, repeatable, spread over the catalogue", () => {
    expect(defaultChoice('user-7')).toEqual(defaultChoice('user-7'));
    const picks = Array.from({ length: 300 }, (_, i) => defaultChoice(`user-${i}`));
    for (const pick of picks) expect(isCompleteChoice(pick)).toBe(true);
    expect(new Set(picks.map((p) => p.theme)).size).toBe(POG_THEMES.length);
    expect(new Set(picks.map((p) => `${p.theme}/${p.category}/${p.character}`)).size).toBeGreaterThan(30);
  });
});

describe('the sandbox generator (DiceBear + resvg)', () => {
  it('draws a 512×512 PNG that credits the artwork', async () => {
    const avatar = await sandbox.generate(BASE);
    expect(avatar.mime).toBe('image/png');
    expect(avatar.provider).toBe('sandbox:dicebear');
    expect(pngSize(avatar.png)).toEqual({ width: AVATAR_SIZE, height: AVATAR_SIZE });
    const meta = await sharp(avatar.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    const text = Buffer.from(avatar.png).toString('latin1');
    expect(text).toContain('Copyright\0"Lorelei" by Lisa Wischofsky, licensed under CC0 1.0');
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([sandbox.generate(BASE), sandbox.generate({ ...BASE })]);
    expect(sha(a.png)).toBe(sha(b.png));
    const withColours = { ...BASE, selfieColours: COLOURS };
    expect(sha((await sandbox.generate(withColours)).png)).toBe(
      sha((await sandbox.generate(withColours)).png),
    );
  });

  it('draws visibly different pictures for a different seed, character, category, style, theme or selfie', async () => {
    const base = (await sandbox.generate(BASE)).png;
    const variants: [string, AvatarRequest][] = [
      ['seed', { ...BASE, seed: 'user-2' }],
      ['character', { ...BASE, character: 'druid' }],
      ['category', { ...BASE, category: 'creatures', character: 'goblin' }],
      ['style', { ...BASE, style: 'royal' }],
      [
        'theme',
        { theme: 'Sci-Fi', category: 'robots', character: 'droid', style: 'hologram', seed: 'user-1' },
      ],
      ['selfie colours', { ...BASE, selfieColours: COLOURS }],
      [
        'other selfie colours',
        { ...BASE, selfieColours: { skin: '#f1c27d', hair: '#d4a017', background: '#2e8b57' } },
      ],
    ];
    const shares: Record<string, number> = {};
    for (const [what, request] of variants) {
      shares[what] = await changedShare(base, (await sandbox.generate(request)).png);
    }
    console.info('share of pixels changed:', JSON.stringify(shares));
    for (const [what, share] of Object.entries(shares)) expect(share, what).toBeGreaterThan(0.03);
  });

  it('colours skin and hair from the selfie, and keeps a character tint (a zombie stays greenish)', async () => {
    const zombie = {
      theme: 'Horror',
      category: 'undead',
      character: 'zombie',
      style: 'graveyard',
      seed: 's',
    } as const;
    const pale = { skin: '#f5d6c6', hair: '#4a2c17', background: '#777777' };
    const { svg } = await sandboxAvatarSvg({ ...zombie, selfieColours: pale });
    // 60% of the way from the selfie's skin to the zombie's #8fae6f; the hair is the selfie's.
    expect(svg).toContain('#b8be92');
    expect(svg).not.toContain('#f5d6c6');
    expect(svg).toContain('#4a2c17');
    const { svg: human } = await sandboxAvatarSvg({ ...BASE, selfieColours: pale });
    expect(human).toContain('#f5d6c6'); // the mage has no tint: the selfie's skin as it is
    const dark = { ...pale, skin: '#5a3825' };
    const [a, b] = await Promise.all([
      sandbox.generate({ ...zombie, selfieColours: pale }),
      sandbox.generate({ ...zombie, selfieColours: dark }),
    ]);
    expect(await changedShare(a.png, b.png)).toBeGreaterThan(0.03);
  });

  it('refuses a choice that is not in the catalogue, a bad seed or bad colours, drawing nothing', async () => {
    const bad: AvatarRequest[] = [
      { ...BASE, theme: 'Western' as never },
      { ...BASE, category: 'robots' },
      { ...BASE, character: 'goblin' },
      { ...BASE, style: 'neon-night' },
      { ...BASE, seed: '' },
      { ...BASE, seed: 'x'.repeat(201) },
      { ...BASE, selfieColours: { ...COLOURS, skin: 'red' } },
      { ...BASE, selfieColours: { ...COLOURS, hair: '#12345' } },
    ];
    for (const request of bad)
      await expect(sandbox.generate(request)).rejects.toBeInstanceOf(InvalidAvatarChoiceError);
  });

  it('renders every choice of the catalogue, each one different', async () => {
    const choices = allChoices();
    expect(choices.length).toBeGreaterThan(100);
    const hashes = new Set<string>();
    const started = performance.now();
    for (let i = 0; i < choices.length; i += 2) {
      const pair = await Promise.all(
        choices.slice(i, i + 2).map((choice) => sandbox.generate({ ...choice, seed: 'catalogue' })),
      );
      for (const avatar of pair) {
        expect(pngSize(avatar.png)).toEqual({ width: 512, height: 512 });
        hashes.add(sha(avatar.png));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `sandbox avatars: ${choices.length} renders in ${seconds.toFixed(1)} s, ${(choices.length / seconds).toFixed(1)} per second (2 at a time)`,
    );
    expect(hashes.size).toBe(choices.length);
  }, 300_000);
});

describe('selfieColours', () => {
  /** A drawn "selfie": blue wall, skin-coloured face in the middle, dark brown hair on top. */
  const drawnSelfie = () =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
          <rect width="300" height="400" fill="#3a6fb0"/>
          <rect x="40" y="330" width="220" height="70" fill="#222222"/>
          <ellipse cx="150" cy="90" rx="95" ry="70" fill="#4a2c17"/>
          <ellipse cx="150" cy="210" rx="80" ry="105" fill="#d9a27a"/>
        </svg>`,
      ),
    )
      .jpeg({ quality: 90 })
      .toBuffer();
  const near = (hex: string, expected: string) => {
    const a = Buffer.from(hex.slice(1), 'hex');
    const b = Buffer.from(expected.slice(1), 'hex');
    return Math.max(...[0, 1, 2].map((i) => Math.abs(a[i]! - b[i]!)));
  };

  it('reads skin, hair and background from their regions of the photo', async () => {
    const colours = await selfieColours(await drawnSelfie());
    expect(colours.skin).toMatch(/^#[0-9a-f]{6}$/);
    expect(near(colours.skin, '#d9a27a')).toBeLessThan(16);
    expect(near(colours.hair, '#4a2c17')).toBeLessThan(16);
    expect(near(colours.background, '#3a6fb0')).toBeLessThan(16);
  });

  it('reads the photo upright (EXIF orientation), as the phone showed it', async () => {
    // Stored turned a quarter, with the tag (6: turn 90° clockwise) that shows it upright.
    const stored = await sharp(await drawnSelfie())
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    const colours = await selfieColours(stored);
    expect(near(colours.hair, '#4a2c17')).toBeLessThan(16);
    expect(near(colours.skin, '#d9a27a')).toBeLessThan(16);
  });

  it('finds a skin tone on a real portrait', async () => {
    const photo = readFileSync(new URL('./test-images/face-astronaut.jpg', import.meta.url));
    const { skin } = await selfieColours(photo);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(skin.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g!);
    expect(g).toBeGreaterThan(b!);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(selfieColours(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(UnreadableImageError);
  });
});

describe('the OpenAI adapter', () => {
  const selfie = new Uint8Array(readFileSync(new URL('./test-images/face-astronaut.jpg', import.meta.url)));
  const options = { apiKey: 'sk-test', model: 'gpt-image-1' };

  it('asks for a generation (JSON) from the choices when there is no selfie', async () => {
    const request = buildOpenAiImageRequest(BASE, options);
    expect(request.url).toBe('https://api.openai.com/v1/images/generations');
    expect(request.init.method).toBe('POST');
    expect(request.init.headers).toEqual({
      authorization: 'Bearer sk-test',
      'content-type': 'application/json',
    });
    const body = JSON.parse(request.init.body as string);
    expect(body).toEqual({
      model: 'gpt-image-1',
      prompt: buildAvatarPrompt(BASE),
      n: 1,
      size: '1024x1024',
      output_format: 'png',
      quality: 'medium',
    });
    expect(body.prompt).toContain('a wise bearded mage with round spectacles');
    expect(body.prompt).toContain('deep starlit night sky');
    expect(body.prompt).toContain('a high-fantasy world of magic');
    expect(body.prompt).not.toContain('user-1'); // the seed (a user id) is not sent
  });

  it('asks for an edit of the selfie (multipart) when there is one', async () => {
    const request = buildOpenAiImageRequest(
      { ...BASE, selfie },
      { ...options, apiRoot: 'https://proxy.example/v1/' },
    );
    expect(request.url).toBe('https://proxy.example/v1/images/edits');
    expect(request.init.headers).toEqual({ authorization: 'Bearer sk-test' }); // fetch sets the multipart boundary
    const form = request.init.body as FormData;
    expect(form.get('model')).toBe('gpt-image-1');
    expect(form.get('prompt')).toContain('Base the face on the person in the photo');
    expect(form.get('size')).toBe('1024x1024');
    const image = form.get('image') as File;
    expect([image.name, image.type, image.size]).toEqual(['selfie.jpg', 'image/jpeg', selfie.length]);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(selfie))).toBe(true);
  });

  it('asks a DALL·E model for base64 and never sends it the selfie', () => {
    const request = buildOpenAiImageRequest({ ...BASE, selfie }, { apiKey: 'k', model: 'dall-e-2' });
    expect(request.url).toMatch(/\/images\/generations$/);
    expect(JSON.parse(request.init.body as string)).toMatchObject({
      model: 'dall-e-2',
      size: '512x512',
      response_format: 'b64_json',
    });
  });

  it('refuses an invalid choice before calling anyone', async () => {
    let called = false;
    const generator = createOpenAiAvatarGenerator({
      ...options,
      fetch: async () => {
        called = true;
        return new Response('{}');
      },
    });
    await expect(generator.generate({ ...BASE, style: 'neon-night' })).rejects.toBeInstanceOf(
      InvalidAvatarChoiceError,
    );
    expect(called).toBe(false);
  });

  it('sends the built request and turns the answer into a 512×512 PNG', async () => {
    const answer = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const seen: { url: string; init: RequestInit }[] = [];
    const generator = createOpenAiAvatarGenerator({
      ...options,
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init! });
        return Response.json({ created: 1, data: [{ b64_json: answer.toString('base64') }] });
      },
    });
    const avatar = await generator.generate(BASE);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('https://api.openai.com/v1/images/generations');
    expect(seen[0]!.init.body).toBe(buildOpenAiImageRequest(BASE, options).init.body);
    expect(seen[0]!.init.signal).toBeInstanceOf(AbortSignal);
    expect(avatar.provider).toBe('openai:gpt-image-1');
    expect(pngSize(avatar.png)).toEqual({ width: 512, height: 512 });
  });

  it('says clearly what went wrong, and whether trying again may help', async () => {
    const failing = (status: number, error: object) =>
      createOpenAiAvatarGenerator({ ...options, fetch: async () => Response.json({ error }, { status }) });
    const unauthorised = await failing(401, {
      message: 'Incorrect API key provided',
      code: 'invalid_api_key',
    })
      .generate(BASE)
      .catch((e: unknown) => e);
    expect(unauthorised).toBeInstanceOf(AvatarProviderError);
    expect(unauthorised).toMatchObject({ status: 401, code: 'invalid_api_key', retryable: false });
    expect((unauthorised as Error).message).toContain('OPENAI_API_KEY');

    const blocked = await failing(400, {
      message: 'Rejected by the safety system',
      code: 'moderation_blocked',
    })
      .generate(BASE)
      .catch((e: unknown) => e);
    expect(blocked).toMatchObject({ status: 400, code: 'moderation_blocked', retryable: false });
    expect((blocked as Error).message).toContain('content policy');

    await expect(failing(429, { message: 'Rate limit reached' }).generate(BASE)).rejects.toMatchObject({
      status: 429,
      retryable: true,
    });
    await expect(failing(503, { message: 'overloaded' }).generate(BASE)).rejects.toMatchObject({
      retryable: true,
    });

    const empty = createOpenAiAvatarGenerator({ ...options, fetch: async () => Response.json({ data: [] }) });
    await expect(empty.generate(BASE)).rejects.toThrow('OpenAI answered without an image.');
  });

  it('gives up after its timeout', async () => {
    const generator = createOpenAiAvatarGenerator({
      ...options,
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    });
    const error = await generator.generate(BASE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AvatarProviderError);
    expect(error).toMatchObject({ retryable: true, message: 'OpenAI did not answer within 50 ms.' });
  });
});

describe('createAvatarGenerator (by environment)', () => {
  const env = (vars: Record<string, string>) => loadEnv(vars);

  it('is the sandbox outside production and none in production, unless AVATAR_PROVIDER says otherwise', () => {
    expect(createAvatarGenerator(env({ NODE_ENV: 'development' }))?.provider).toBe('sandbox:dicebear');
    expect(createAvatarGenerator(env({ NODE_ENV: 'test' }))?.provider).toBe('sandbox:dicebear');
    expect(createAvatarGenerator(env({ NODE_ENV: 'production' }))).toBeNull();
    expect(createAvatarGenerator(env({ NODE_ENV: 'production', AVATAR_PROVIDER: 'sandbox' }))?.provider).toBe(
      'sandbox:dicebear',
    );
    expect(createAvatarGenerator(env({ NODE_ENV: 'development', AVATAR_PROVIDER: 'none' }))).toBeNull();
  });

  it('is OpenAI with its key and model (gpt-image-1 by default), and refuses openai without a key', () => {
    expect(
      createAvatarGenerator(
        env({ NODE_ENV: 'production', AVATAR_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' }),
      )?.provider,
    ).toBe('openai:gpt-image-1');
    expect(
      createAvatarGenerator(
        env({ AVATAR_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', OPENAI_IMAGE_MODEL: 'gpt-image-1-mini' }),
      )?.provider,
    ).toBe('openai:gpt-image-1-mini');
    expect(() => createAvatarGenerator(env({ AVATAR_PROVIDER: 'openai' }))).toThrow(
      'AVATAR_PROVIDER=openai needs OPENAI_API_KEY',
    );
    expect(() => env({ AVATAR_PROVIDER: 'midjourney' })).toThrow('Invalid configuration');
  });
});
