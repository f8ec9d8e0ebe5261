/// <reference lib="dom" />
// locator.evaluate() callbacks run in the browser.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Envelope, MintState, PogCard, PogCatalogue, PogMintStatus } from '@khel/core/contract';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pogEn } from '../../../packages/ui/src/i18n/resources/pog-en.ts';
import { root as REPO_ROOT } from '../../../tooling/scripts/lib.mjs';

/** The API's test photo with one face in it (the selfie step's face check passes). */
export const FACE_JPEG = join(REPO_ROOT, 'apps/api/src/modules/pog/avatar/test-images/face-astronaut.jpg');

/** The server's pog.mint job runs in its worker (JOB_WORKER_INTERVAL_MS 1 s); SPEC §4 allows ~100 s. */
export const MINT_TIMEOUT_MS = 60_000;

/**
 * A POG name nobody in this run has: SPEC §5 wants 5–12 letters and digits; 'e2e' plus 9 random ones.
 * Names are unique ignoring case.
 */
export function uniquePogName(): string {
  const random = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 7)}`;
  return `e2e${random}`.slice(0, 12);
}

async function get<T>(baseUrl: string, path: string, token?: string, source = 'website'): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    headers: {
      Accept: 'application/json',
      Source: source,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.success)
    throw new Error(`GET ${path} answered ${response.status}: ${envelope.message}`);
  return envelope.data;
}

/** The avatar catalogue the mint screens show (GET /pog/mint/catalogue). */
export function pogCatalogue(baseUrl: string): Promise<PogCatalogue> {
  return get<PogCatalogue>(baseUrl, '/pog/mint/catalogue');
}

/** The user's place in the mint flow, as the screens read it. */
export function pogMintStatus(baseUrl: string, token: string, source = 'website'): Promise<PogMintStatus> {
  return get<PogMintStatus>(baseUrl, '/pog/mint/status', token, source);
}

/** A card as anyone sees it on its showcase (GET /pog/showcase/:username). */
export function pogShowcase(baseUrl: string, name: string): Promise<PogCard> {
  return get<PogCard>(baseUrl, `/pog/showcase/${encodeURIComponent(name)}`);
}

/** Whether the image has loaded with pixels (neither pending nor broken). */
export function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
  );
}

/** A server-drawn card face: `/api/pog/cards/<name>/front.png`, `back.png` or `share.png`. */
const CARD_FACE_PATH = /^\/api\/pog\/cards\/[^/]+\/(front|back|share)\.png$/;

/**
 * Keeps the page's requests for the server-drawn card faces from reaching the server, and returns the
 * paths asked for, so a spec can still require that a screen asked for its card's pictures. The screens
 * draw the card themselves and lay the server's picture over it once it loads (ours stays if it fails,
 * as here). Drawing a face costs a render child 0.15–0.4 s of CPU, plus starting the child and loading
 * its fonts: the e2e servers' children run at the lowest priority and starved on a loaded machine until
 * the 30 s render timeout killed them. The drawing and its route are the API's tests'
 * (`pog/card/card-image.test.ts`, `pog.routes.test.ts`); these specs check the screens.
 *
 * Chromium blocks them itself (`Network.setBlockedURLs`): `page.route` would send every request of the
 * page through this process and turn off the HTTP cache, which made the POG specs twice as long.
 */
export async function holdCardImages(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (CARD_FACE_PATH.test(path)) asked.push(path);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: ['*/api/pog/cards/*.png*'] });
  return asked;
}

/**
 * Taps the tile (the label) of a radio, as a person does: the POG screens draw their choices as tiles
 * over visually hidden radios. Waits until the radio is checked.
 */
export async function chooseTile(radio: Locator): Promise<void> {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

/** @ton/core from the API package (this package does not depend on it), to compare TON addresses. */
const tonCore = createRequire(new URL('../../../apps/api/package.json', import.meta.url))('@ton/core') as {
  Address: { parse(address: string): { toRawString(): string } };
};

/** A TON address in its raw form (`0:<hex>`), whether given raw or user-friendly (EQ…/UQ…). */
export function tonRawAddress(address: string): string {
  return tonCore.Address.parse(address).toRawString();
}

/**
 * Starts waiting for the answer of a mint write (`activate` or `quick-mint`): call before the tap,
 * await after it. Resolves to the state the server put the card in.
 */
export function mintWriteState(
  page: Page,
  write: 'activate' | 'quick-mint',
  { afterRefusal = false } = {},
): Promise<MintState> {
  return page
    .waitForResponse(
      // afterRefusal: the first answer is a refusal the screen deals with (no TON wallet yet); the next counts.
      (r) => new URL(r.url()).pathname === `/api/pog/mint/${write}` && (!afterRefusal || r.ok()),
      { timeout: 45_000 },
    )
    .then(async (response) => {
      const envelope = (await response.json()) as Envelope<PogMintStatus>;
      if (!response.ok() || !envelope.success)
        throw new Error(`POST /pog/mint/${write} answered ${response.status()}: ${envelope.message}`);
      return envelope.data.state;
    });
}

/**
 * The mint's progress screen for a card the server answered MintInProgress for: it shows from that
 * answer until the next status poll (2.5 s), so it is always there to see. A bar from 0 to 100 %.
 * Only a mint that was over before its own answer (the worker faster than the request) skips it.
 */
export async function expectMintProgress(page: Page, state: MintState): Promise<void> {
  if (state !== 'MintInProgress') {
    expect(state).toBe('Minted');
    return;
  }
  const bar = page.getByRole('progressbar', { name: pogEn.mint.progress.title });
  await bar.waitFor({ state: 'visible', timeout: 15_000 });
  const now = Number(await bar.getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThanOrEqual(0);
  expect(now).toBeLessThanOrEqual(100);
  expect(await bar.getAttribute('aria-valuemax')).toBe('100');
}
