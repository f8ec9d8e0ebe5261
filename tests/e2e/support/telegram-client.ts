/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.

import { createHash, generateKeyPairSync, sign as signCrypto } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { type Envelope, type Profile, profileSchema } from '@khel/core/contract';
import { STORAGE_KEYS } from '@khel/core/session';
import { sign } from '@telegram-apps/init-data-node';
import type { Page } from 'playwright-core';
import { FINAL_SCREENSHOTS, screenshotPath } from './ui.ts';

/**
 * Telegram Desktop's day theme, as the client passes it in `tgWebAppThemeParams`. Light on
 * purpose: the Mini App's own palette is dark, so following the theme is visible.
 */
export const THEME_PARAMS = {
  accent_text_color: '#168acd',
  bg_color: '#ffffff',
  button_color: '#40a7e3',
  button_text_color: '#ffffff',
  destructive_text_color: '#d14e4e',
  header_bg_color: '#ffffff',
  hint_color: '#999999',
  link_color: '#168acd',
  secondary_bg_color: '#f1f1f1',
  section_bg_color: '#ffffff',
  section_header_text_color: '#168acd',
  subtitle_text_color: '#999999',
  text_color: '#000000',
} as const;

/** Telegram's night theme (Telegram Desktop's "Night blue"), for the screens' dark look. */
export const DARK_THEME_PARAMS: Record<keyof typeof THEME_PARAMS, string> = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
};

export interface SignedUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  /** Whether the user lets the bot message them (Telegram's default here: true). */
  allows_write_to_pm?: boolean;
}

/** A Telegram user id nobody else in this run uses. */
export function randomTelegramId(): number {
  return 1_000_000_000 + Math.floor(Math.random() * 6_000_000_000);
}

/** Init data as Telegram would sign it for `user` with the bot's token. */
export function signInitData(
  botToken: string,
  user: SignedUser,
  options: { authDate?: Date; startParam?: string } = {},
): string {
  return sign(
    {
      user: { allows_write_to_pm: true, language_code: 'en', ...user },
      chat_instance: '-4016893721542385870',
      chat_type: 'sender',
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    botToken,
    options.authDate ?? new Date(),
  );
}

/** The same init data with one field of the user changed after signing; the hash is kept. */
export function tamperUser(initDataRaw: string, change: Partial<SignedUser>): string {
  const params = new URLSearchParams(initDataRaw);
  const user = JSON.parse(params.get('user') ?? '{}') as SignedUser;
  params.set('user', JSON.stringify({ ...user, ...change }));
  return params.toString();
}

/** `/tma/` with launch parameters in the hash, as Telegram Desktop opens a Mini App. */
export function miniAppUrl(
  baseUrl: string,
  initDataRaw: string,
  startParam?: string,
  themeParams: Record<string, string> = THEME_PARAMS,
): string {
  const launch: [string, string][] = [
    ['tgWebAppData', initDataRaw],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'tdesktop'],
    ['tgWebAppThemeParams', JSON.stringify(themeParams)],
  ];
  if (startParam) launch.push(['tgWebAppStartParam', startParam]);
  const hash = launch.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${baseUrl}/tma/#${hash}`;
}

export interface PostedEvent {
  eventType: string;
  eventData: unknown;
}

/** Insets in CSS pixels, as Telegram sends them in safe_area_changed and content_safe_area_changed. */
export interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const NO_INSETS: Insets = { top: 0, bottom: 0, left: 0, right: 0 };

export interface TelegramClientOptions {
  /** The device's safe area (notch, home indicator); none by default, as on Telegram Desktop. */
  safeArea?: Insets;
  /** Telegram's own controls over the app (in fullscreen); none by default. */
  contentSafeArea?: Insets;
  /** The theme Telegram answers `web_app_request_theme` with; its light default (THEME_PARAMS) by default. */
  themeParams?: Record<string, string>;
}

/**
 * Run by tsx (the benches), the bridge below is compiled with esbuild's keepNames, which wraps its inner
 * functions in a `__name(…)` helper the page does not have: without this the bridge threw and the Mini App
 * reported UnknownEnvError in bench:interactions. Added before the bridge (init scripts run in order).
 */
export const NAME_HELPER_SCRIPT = 'globalThis.__name ??= (fn) => fn;';

/**
 * Plays the Telegram Desktop side of the Mini App bridge: the page posts events through
 * `window.TelegramWebviewProxy` and the client answers the requests that expect a reply
 * (theme, viewport, safe areas, fullscreen) through `Telegram.WebView.receiveEvent`. Posted events are
 * kept for assertions (see `postedEvents`). Runs in the page, before its scripts.
 */
export function telegramBridge({
  themeParams,
  insets,
}: {
  themeParams: Record<string, string>;
  insets: { safe: Insets; content: Insets };
}): void {
  type Receiver = (eventType: string, eventData?: unknown) => void;
  const w = window as unknown as {
    TelegramWebviewProxy?: { postEvent(eventType: string, eventData?: string): void };
    Telegram?: { WebView?: { receiveEvent?: Receiver } };
    __khelPostedEvents: { eventType: string; eventData: unknown }[];
    /** What the user answers Telegram's "allow the bot to message you?" popup (see answerWriteAccess). */
    __khelWriteAccess?: 'allowed' | 'cancelled';
  };
  w.__khelPostedEvents = [];
  const reply = (eventType: string, eventData: unknown) => {
    setTimeout(() => {
      const receive = w.Telegram?.WebView?.receiveEvent;
      if (receive) receive(eventType, eventData);
      else window.postMessage(JSON.stringify({ eventType, eventData }), '*');
    }, 0);
  };
  w.TelegramWebviewProxy = {
    postEvent(eventType, eventData) {
      const data = eventData ? (JSON.parse(eventData) as unknown) : undefined;
      w.__khelPostedEvents.push({ eventType, eventData: data });
      switch (eventType) {
        case 'web_app_request_theme':
          reply('theme_changed', { theme_params: themeParams });
          break;
        case 'web_app_request_viewport':
          reply('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
          break;
        case 'web_app_request_safe_area':
          reply('safe_area_changed', insets.safe);
          break;
        case 'web_app_request_content_safe_area':
          reply('content_safe_area_changed', insets.content);
          break;
        case 'web_app_request_fullscreen':
          reply('fullscreen_changed', { is_fullscreen: true });
          break;
        case 'web_app_exit_fullscreen':
          reply('fullscreen_changed', { is_fullscreen: false });
          break;
        case 'web_app_request_write_access':
          reply('write_access_requested', { status: w.__khelWriteAccess ?? 'cancelled' });
          break;
      }
    },
  };
}

/** The bridge's argument for these options. */
export function telegramBridgeArgs(
  options: TelegramClientOptions = {},
): Parameters<typeof telegramBridge>[0] {
  return {
    themeParams: options.themeParams ?? THEME_PARAMS,
    insets: { safe: options.safeArea ?? NO_INSETS, content: options.contentSafeArea ?? NO_INSETS },
  };
}

/** Installs the Telegram client's bridge (telegramBridge) in a Playwright page, from its next load on. */
export async function installTelegramClient(page: Page, options: TelegramClientOptions = {}): Promise<void> {
  await page.addInitScript({ content: NAME_HELPER_SCRIPT });
  await page.addInitScript(telegramBridge, telegramBridgeArgs(options));
}

/** How the user answers the Mini App's requestWriteAccess popup from the next load on (default: cancelled). */
export async function answerWriteAccess(page: Page, status: 'allowed' | 'cancelled'): Promise<void> {
  await page.addInitScript((answer) => {
    (window as unknown as { __khelWriteAccess?: string }).__khelWriteAccess = answer;
  }, status);
}

export async function postedEvents(page: Page): Promise<PostedEvent[]> {
  return page.evaluate(() => (window as unknown as { __khelPostedEvents: PostedEvent[] }).__khelPostedEvents);
}

/** What the Mini App last asked Telegram to show as its MainButton (`web_app_setup_main_button`). */
export interface MainButtonParams {
  is_visible?: boolean;
  is_active?: boolean;
  is_progress_visible?: boolean;
  text?: string;
}

export async function mainButton(page: Page): Promise<MainButtonParams | null> {
  const setups = (await postedEvents(page)).filter(
    (event) => event.eventType === 'web_app_setup_main_button',
  );
  return (setups.at(-1)?.eventData as MainButtonParams | undefined) ?? null;
}

/** Waits until the MainButton is visible and active with `text`, as a Telegram client would draw it. */
export async function waitForMainButton(page: Page, text: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const params = await mainButton(page);
    if (params?.is_visible && params.is_active !== false && params.text === text) return;
    if (Date.now() > deadline) {
      throw new Error(`MainButton never showed '${text}' (last: ${JSON.stringify(params)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Telegram sends `eventType` to the Mini App (a button pressed, …). */
async function sendToMiniApp(page: Page, eventType: string): Promise<void> {
  await page.evaluate((type) => {
    const w = window as unknown as { Telegram?: { WebView?: { receiveEvent?: (type: string) => void } } };
    const receive = w.Telegram?.WebView?.receiveEvent;
    if (receive) receive(type);
    else window.postMessage(JSON.stringify({ eventType: type }), '*');
  }, eventType);
}

/** The user taps the MainButton: Telegram sends `main_button_pressed` to the Mini App. */
export async function pressMainButton(page: Page): Promise<void> {
  await sendToMiniApp(page, 'main_button_pressed');
}

/** The user taps the SecondaryButton (beside the MainButton): `secondary_button_pressed`. */
export async function pressSecondaryButton(page: Page): Promise<void> {
  await sendToMiniApp(page, 'secondary_button_pressed');
}

/** The user opens the ⋯ menu and taps Settings: `settings_button_pressed`. */
export async function pressSettingsButton(page: Page): Promise<void> {
  await sendToMiniApp(page, 'settings_button_pressed');
}

/** The user taps Telegram's back button: `back_button_pressed`. */
export async function pressBackButton(page: Page): Promise<void> {
  await sendToMiniApp(page, 'back_button_pressed');
}

/** The data of the last `eventType` the Mini App posted, or null when it never did. */
export async function lastPosted<T = Record<string, unknown>>(
  page: Page,
  eventType: string,
): Promise<T | null> {
  const events = (await postedEvents(page)).filter((event) => event.eventType === eventType);
  return events.length ? ((events.at(-1)?.eventData ?? {}) as T) : null;
}

/** Whether the Mini App played Telegram's `success` or `error` notification haptic. */
export async function playedHaptic(page: Page, type: 'success' | 'error'): Promise<boolean> {
  return (await postedEvents(page)).some(
    (event) =>
      event.eventType === 'web_app_trigger_haptic_feedback' &&
      (event.eventData as { notification_type?: string }).notification_type === type,
  );
}

/** The closing confirmation (`web_app_setup_closing_behavior`) states the Mini App asked for, in order. */
export async function closingConfirmations(page: Page): Promise<boolean[]> {
  return (await postedEvents(page))
    .filter((event) => event.eventType === 'web_app_setup_closing_behavior')
    .map((event) => (event.eventData as { need_confirmation?: boolean }).need_confirmation === true);
}

/** The Mini App's session lives under 'tma:' keys of localStorage, apart from the website's. */
export const MINI_APP_STORAGE_PREFIX = 'tma:';

/** Every localStorage entry the Mini App keeps. */
export async function miniAppStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate((prefix) => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) entries[key] = localStorage.getItem(key) ?? '';
    }
    return entries;
  }, MINI_APP_STORAGE_PREFIX);
}

/** The Mini App's access token, or undefined while it has none. */
export async function storedAccessToken(page: Page): Promise<string | undefined> {
  const storage = await miniAppStorage(page);
  return storage[`${MINI_APP_STORAGE_PREFIX}${STORAGE_KEYS.accessToken}`] || undefined;
}

/** GET /api/users/me/profile as the Mini App would ask it, outside the page. */
export async function fetchProfile(
  baseUrl: string,
  accessToken: string,
): Promise<{ status: number; profile?: Profile }> {
  const response = await fetch(`${baseUrl}/api/users/me/profile`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', Source: 'telegram' },
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  return envelope.success
    ? { status: response.status, profile: profileSchema.parse(envelope.data) }
    : { status: response.status };
}

/**
 * Saves what the Telegram webview shows right now (the viewport, 390×844 on the test phone, fixed
 * alerts included) as test-results/e2e/<name>.png.
 */
export async function saveViewportScreenshot(page: Page, name: string): Promise<string> {
  const path = screenshotPath(name);
  if (!FINAL_SCREENSHOTS) return path;
  await mkdir(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: false, animations: 'disabled' });
  return path;
}

// ---------------------------------------------------------------- A TON wallet inside Telegram

/**
 * @ton/core from the API package (the server checks proofs with it; this package does not depend on
 * it): only to build the wallet's StateInit and address, which the proof must match.
 */
const tonCore = createRequire(new URL('../../../apps/api/package.json', import.meta.url))('@ton/core');

/**
 * Code cell of the standard wallet v3R2 contract (the public bytecode published by ton-org/ton,
 * src/wallets/WalletContractV3R2.ts), so the server recognises the wallet and reads its key.
 */
const WALLET_V3R2_CODE =
  'te6cckEBAQEAcQAA3v8AIN0gggFMl7ohggEznLqxn3Gw7UTQ0x/THzHXC//jBOCk8mCDCNcYINMf0x/TH/gjE7vyY+1E0NMf0x/T/9FRMrryoVFEuvKiBPkBVBBV+RDyo/gAkyDXSpbTB9QC+wDo0QGkyMsfyx/L/8ntVBC9ba0=';
const WALLET_V3_ID = 698_983_191;

export interface TestTonWallet {
  /** Raw form `0:<hex>`, as TON Connect reports it. */
  address: string;
  publicKey: string;
  /** Base64 BOC of the StateInit. */
  stateInit: string;
  /** The ton_proof of `payload` for `domain` at `timestamp` (seconds), base64, as the TON Connect spec lays it out. */
  signProof(payload: string, domain: string, timestamp: number): string;
}

/** A fresh wallet v3R2: a new Ed25519 key in the contract's initial data. */
export function createTonWallet(): TestTonWallet {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const rawKey = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const init = {
    code: tonCore.Cell.fromBase64(WALLET_V3R2_CODE),
    data: tonCore.beginCell().storeUint(0, 32).storeUint(WALLET_V3_ID, 32).storeBuffer(rawKey).endCell(),
  };
  const address = tonCore.contractAddress(0, init);
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
  return {
    address: address.toRawString(),
    publicKey: rawKey.toString('hex'),
    stateInit: tonCore.beginCell().store(tonCore.storeStateInit(init)).endCell().toBoc().toString('base64'),
    signProof(payload, domain, timestamp) {
      const workchain = Buffer.alloc(4);
      workchain.writeInt32BE(address.workChain);
      const domainLength = Buffer.alloc(4);
      domainLength.writeUInt32LE(Buffer.byteLength(domain));
      const time = Buffer.alloc(8);
      time.writeBigUInt64LE(BigInt(timestamp));
      const message = Buffer.concat([
        Buffer.from('ton-proof-item-v2/'),
        workchain,
        address.hash,
        domainLength,
        Buffer.from(domain),
        time,
        Buffer.from(payload),
      ]);
      const signed = sha256(
        Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message)]),
      );
      return signCrypto(null, signed, privateKey).toString('base64');
    },
  };
}

/** What the Mini App asked the wallet for (TON Connect's ConnectRequest). */
export interface TonConnectRequest {
  manifestUrl: string;
  items: { name: string; payload?: string }[];
}

/**
 * Injects `wallet` the way Tonkeeper's in-app browser does (its JS bridge, `window.tonkeeper`, with
 * `isWalletBrowser`; TON Connect knows the key from its built-in wallets list), so TON Connect
 * connects to it without its modal. It answers ton_addr and ton_proof (signed here, in Node, for the
 * page's host) and records each connect request (see `tonConnectRequests`).
 */
export async function installEmbeddedTonWallet(page: Page, wallet: TestTonWallet): Promise<void> {
  await page.exposeFunction('__khelTonProof', (payload: string, domain: string) => {
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      timestamp,
      domain: { lengthBytes: Buffer.byteLength(domain), value: domain },
      payload,
      signature: wallet.signProof(payload, domain, timestamp),
    };
  });
  await page.addInitScript(
    ({ address, publicKey, stateInit }) => {
      const w = window as any;
      const device = {
        platform: 'android',
        appName: 'khelE2eWallet',
        appVersion: '1.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      };
      let nextId = 1;
      w.__khelTonConnectRequests = [];
      w.tonkeeper = {
        tonconnect: {
          deviceInfo: device,
          walletInfo: {
            name: 'Khel e2e wallet',
            app_name: 'khelE2eWallet',
            image: `${location.origin}/tma/tonconnect-icon.png`,
            about_url: location.origin,
            platforms: ['android', 'ios'],
          },
          protocolVersion: 2,
          isWalletBrowser: true,
          async connect(_protocolVersion: number, request: any) {
            w.__khelTonConnectRequests.push(request);
            const items: unknown[] = [
              { name: 'ton_addr', address, network: '-239', publicKey, walletStateInit: stateInit },
            ];
            const proof = request.items.find((item: any) => item.name === 'ton_proof');
            if (proof)
              items.push({ name: 'ton_proof', proof: await w.__khelTonProof(proof.payload, location.host) });
            return { event: 'connect', id: nextId++, payload: { items, device } };
          },
          async restoreConnection() {
            return { event: 'connect_error', id: nextId++, payload: { code: 0, message: 'No session' } };
          },
          // sendTransaction: the wallet sends each message on the API's TON emulator (its sandbox route
          // plays the chain the wallet would broadcast to) and answers a BOC; anything else is refused.
          async send(request: any) {
            if (request.method !== 'sendTransaction')
              return { id: request.id, error: { code: 400, message: 'Not supported by the test wallet' } };
            const tx = JSON.parse(request.params[0]);
            w.__khelTonSent = w.__khelTonSent ?? [];
            for (const message of tx.messages) {
              w.__khelTonSent.push(message);
              const res = await fetch('/api/sandbox/ton/transfers', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  from: address,
                  to: message.address,
                  amount: message.amount,
                  payload: message.payload,
                }),
              });
              if (!res.ok)
                return {
                  id: request.id,
                  error: { code: 0, message: `the chain refused it (${res.status})` },
                };
            }
            return { id: request.id, result: 'te6cckEBAQEAAgAAAEysuc0=' };
          },
          listen() {
            return () => {};
          },
          disconnect() {},
        },
      };
    },
    { address: wallet.address, publicKey: wallet.publicKey, stateInit: wallet.stateInit },
  );
}

/** The messages the embedded wallet was asked to send (TON Connect's sendTransaction), in order. */
export async function tonSentMessages(
  page: Page,
): Promise<{ address: string; amount: string; payload?: string }[]> {
  return page.evaluate(() => (window as any).__khelTonSent ?? []);
}

export async function tonConnectRequests(page: Page): Promise<TonConnectRequest[]> {
  return page.evaluate(() => (window as any).__khelTonConnectRequests as TonConnectRequest[]);
}
