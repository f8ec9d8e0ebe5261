import { threadId } from 'node:worker_threads';
import {
  loadCardEngine,
  type PogCardImageInput,
  renderCardBack,
  renderCardFront,
  renderShareImage,
} from './card-image.ts';

/**
 * The body of a card-render worker thread (card-render-pool.ts starts them through piscina): one task
 * is one card face drawn to PNG. The card's drawing code runs here, off the API's request thread.
 * satori, resvg and the fonts load once per worker, as the worker starts, and stay for its lifetime.
 */

export type CardRenderFace = 'front' | 'back' | 'share';

export interface CardRenderTask {
  face: CardRenderFace;
  input: PogCardImageInput;
}

export interface CardRenderResult {
  png: Uint8Array;
  /** The worker thread that drew it (logs, and tests showing it was not the caller's). */
  threadId: number;
}

const RENDER = { front: renderCardFront, back: renderCardBack, share: renderShareImage } as const;

// Piscina imports this module when the worker starts: the engine loads then, not on the first task.
// A failed load is tried again by the first render (card-image.ts), whose error that task answers.
loadCardEngine().catch(() => {});

export default async function renderCardTask({ face, input }: CardRenderTask): Promise<CardRenderResult> {
  return { png: await RENDER[face](input), threadId };
}
