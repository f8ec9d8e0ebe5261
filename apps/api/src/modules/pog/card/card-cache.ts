import { createHash } from 'node:crypto';

/**
 * A small in-process cache of rendered card images, so that a card shown again (a feed scrolled back,
 * a link preview fetched by several crawlers) is not drawn again. Keyed by a version string the caller
 * builds from everything the image depends on, e.g. `${cardId}:${updatedAt}:${lang}:front`: a changed
 * card gets a new key, and the old entry simply ages out. Least recently used entries go first once
 * there are more than `maxEntries` or more than `maxBytes` of PNG. Each process has its own cache;
 * nothing here needs to be shared, since the same key always draws the same image.
 */

/** Part of every ETag: bump it when the drawing changes, so browsers and CDNs drop the old images. */
export const CARD_IMAGE_VERSION = '1';

export interface CachedCardImage {
  png: Uint8Array;
  /** A strong ETag for the image (see `cardImageEtag`). */
  etag: string;
}

export interface CardImageCacheOptions {
  /** 256 by default. */
  maxEntries?: number;
  /** 64 MiB by default (a card face is 0.2–0.4 MB). */
  maxBytes?: number;
}

export interface CardImageCache {
  /**
   * The image for `key`: from the cache, else from `render` (once, however many callers ask for the
   * same key while it runs). A failed render is not remembered: the next call tries again.
   */
  get(key: string, render: () => Promise<Uint8Array>): Promise<CachedCardImage>;
  readonly entries: number;
  readonly bytes: number;
  clear(): void;
}

/**
 * The ETag of the image drawn for `key`, known before drawing it: a caller can answer 304 to
 * `If-None-Match` without rendering or even looking in the cache.
 */
export function cardImageEtag(key: string): string {
  const digest = createHash('sha256').update(`${CARD_IMAGE_VERSION}\n${key}`).digest('base64url');
  return `"pog-${digest.slice(0, 27)}"`;
}

/** True when an `If-None-Match` header names `etag` (or is `*`); weak forms match too, as RFC 9110 says for GET. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export function createCardImageCache(options: CardImageCacheOptions = {}): CardImageCache {
  const maxEntries = options.maxEntries ?? 256;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  // A Map keeps insertion order: the first key is the least recently used one.
  const stored = new Map<string, CachedCardImage>();
  const inFlight = new Map<string, Promise<CachedCardImage>>();
  let bytes = 0;

  const evict = () => {
    for (const [key, image] of stored) {
      if (stored.size <= maxEntries && bytes <= maxBytes) break;
      stored.delete(key);
      bytes -= image.png.byteLength;
    }
  };

  return {
    get(key, render) {
      const hit = stored.get(key);
      if (hit) {
        stored.delete(key);
        stored.set(key, hit);
        return Promise.resolve(hit);
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const rendering = (async () => {
        try {
          const image = { png: await render(), etag: cardImageEtag(key) };
          if (image.png.byteLength <= maxBytes) {
            stored.set(key, image);
            bytes += image.png.byteLength;
            evict();
          }
          return image;
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, rendering);
      return rendering;
    },
    get entries() {
      return stored.size;
    },
    get bytes() {
      return bytes;
    },
    clear() {
      stored.clear();
      bytes = 0;
    },
  };
}

const shared = createCardImageCache();

/** The process-wide cache: the image for `key`, drawn by `render` only when it is not cached yet. */
export function cachedRender(key: string, render: () => Promise<Uint8Array>): Promise<CachedCardImage> {
  return shared.get(key, render);
}
