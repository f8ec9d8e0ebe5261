import {
  loadCardEngine,
  rasteriseOnThisThread,
  renderCardBack,
  renderCardFront,
  renderItemShareJpeg,
  renderShareImage,
} from './card-image.ts';
import type { CardRenderInputs } from './card-render-pool.ts';
import { serveCardRenders } from './card-render-protocol.ts';

/**
 * A card render child: a process of its own (its own V8, its own garbage collector and compiler
 * threads), started by card-render-pool.ts at the lowest CPU priority there is, so that everything a
 * render costs runs below the API's requests. One task is one card face drawn to PNG; the pool sends
 * one at a time. satori, resvg and the fonts load as the child starts and stay for its lifetime.
 */

const RENDER: { [F in keyof CardRenderInputs]: (input: CardRenderInputs[F]) => Promise<Uint8Array> } = {
  front: renderCardFront,
  back: renderCardBack,
  share: renderShareImage,
  item: renderItemShareJpeg,
};

// resvg rasterises on this thread, not on libuv's pool: this process is here to be busy.
rasteriseOnThisThread();
serveCardRenders((face, input: never) => RENDER[face](input));
// The engine loads now, not on the first task. A failed load is tried again by the first render
// (card-image.ts), whose error that task answers.
loadCardEngine().catch(() => {});
