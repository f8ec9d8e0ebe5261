import { START_PARAM_PATTERN } from '@khel/core/start-param';

/**
 * How the Mini App was opened. Telegram passes launch parameters in the URL hash
 * (`#tgWebAppData=…&tgWebAppVersion=…`); outside Telegram, development servers hand out init data
 * signed for the development bot token (GET /api/dev/telegram-init-data) and the SDK is mocked.
 */
export type Launch =
  | {
      kind: 'telegram';
      /** The init data string exactly as received: the server checks its signature over these bytes. */
      initDataRaw: string;
      startParam: string | null;
      /** The Telegram user's language_code, if any. */
      languageCode: string | null;
      /** The init data's `allows_write_to_pm`: whether the bot may already message the user (null: not said). */
      allowsWriteToPm: boolean | null;
      /** True when the Telegram environment is mocked with development init data. */
      mocked: boolean;
    }
  | { kind: 'outside-telegram' };

/** sessionStorage key remembering that this tab was opened by Telegram (the hash is gone after navigation). */
export const LAUNCH_SOURCE_KEY = 'tma:launch-source';

/** sessionStorage key keeping this tab's raw init data, for reloads after the hash is gone. */
export const INIT_DATA_KEY = 'tma:init-data';

/**
 * What Telegram passes in every launch; launch parameters without one of these are refused
 * (as the Telegram SDK refuses them).
 */
const LAUNCH_PARAM_KEYS = ['tgWebAppData', 'tgWebAppVersion', 'tgWebAppPlatform', 'tgWebAppThemeParams'];

/** The launch parameters in an address (hash and query read as one query string), or null. */
export function launchParamsIn(url: string): URLSearchParams | null {
  const params = new URLSearchParams(url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&'));
  return LAUNCH_PARAM_KEYS.every((key) => params.get(key)) ? params : null;
}

export interface LaunchParamSources {
  /** The current address. */
  href: string;
  /** The address the page was loaded from (performance navigation entry): it keeps the hash after a client-side navigation. */
  navigationUrl: string | undefined;
  tabStorage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/**
 * The raw init data Telegram launched this tab with: from the address, else the address the page
 * was loaded from, else what an earlier load of this tab kept. The same sources, in the same order,
 * as the Telegram SDK reads, without bundling the SDK's schema validation before the first screen
 * (the server checks the init data's signature anyway).
 */
export function retrieveRawInitData({
  href,
  navigationUrl,
  tabStorage,
}: LaunchParamSources): string | undefined {
  for (const url of [href, navigationUrl]) {
    const initData = url ? launchParamsIn(url)?.get('tgWebAppData') : undefined;
    if (initData) {
      safeSet(tabStorage, INIT_DATA_KEY, initData);
      return initData;
    }
  }
  return safeGet(tabStorage, INIT_DATA_KEY) || undefined;
}

export function hasLaunchParamsInUrl(href: string): boolean {
  const url = new URL(href);
  return new URLSearchParams(url.hash.slice(1)).has('tgWebAppData') || url.searchParams.has('tgWebAppData');
}

export interface InitDataInfo {
  startParam: string | null;
  languageCode: string | null;
  allowsWriteToPm: boolean | null;
}

/** Reads the unsigned-by-us fields the UI may use (the server never trusts them, it checks the hash). */
export function readInitData(initDataRaw: string): InitDataInfo {
  const params = new URLSearchParams(initDataRaw);
  let user: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(params.get('user') ?? 'null');
    if (parsed && typeof parsed === 'object') user = parsed as Record<string, unknown>;
  } catch {
    user = {};
  }
  return {
    startParam: params.get('start_param'),
    languageCode: typeof user.language_code === 'string' ? user.language_code : null,
    allowsWriteToPm: typeof user.allows_write_to_pm === 'boolean' ? user.allows_write_to_pm : null,
  };
}

/**
 * The start parameter: Telegram's (in the signed init data or `tgWebAppStartParam`), else a
 * `startapp` query (links opened in a browser during development). Malformed values are ignored.
 */
export function startParamFrom(href: string, initData: InitDataInfo | null): string | null {
  const url = new URL(href);
  const hash = new URLSearchParams(url.hash.slice(1));
  const candidates = [
    initData?.startParam,
    hash.get('tgWebAppStartParam'),
    url.searchParams.get('tgWebAppStartParam'),
    url.searchParams.get('startapp'),
  ];
  return candidates.find((c): c is string => typeof c === 'string' && START_PARAM_PATTERN.test(c)) ?? null;
}

export interface LaunchDeps {
  href: string;
  /** Per-tab storage (sessionStorage). */
  tabStorage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Raw init data from Telegram's launch parameters (see retrieveRawInitData), or undefined. */
  retrieveRawInitData: () => string | undefined;
  /** Development init data from the API, or null when the API has none (404 in production). */
  fetchDevInitData: (startParam: string | null) => Promise<string | null>;
  /** Makes the SDK believe it runs in Telegram with these init data. */
  mockEnvironment: (initDataRaw: string, startParam: string | null) => void | Promise<void>;
}

export async function resolveLaunch(deps: LaunchDeps): Promise<Launch> {
  const openedByTelegram =
    hasLaunchParamsInUrl(deps.href) || safeGet(deps.tabStorage, LAUNCH_SOURCE_KEY) === 'telegram';
  if (openedByTelegram) {
    let raw: string | undefined;
    try {
      raw = deps.retrieveRawInitData();
    } catch {
      raw = undefined;
    }
    if (raw) {
      safeSet(deps.tabStorage, LAUNCH_SOURCE_KEY, 'telegram');
      const info = readInitData(raw);
      return {
        kind: 'telegram',
        initDataRaw: raw,
        startParam: startParamFrom(deps.href, info),
        languageCode: info.languageCode,
        allowsWriteToPm: info.allowsWriteToPm,
        mocked: false,
      };
    }
  }

  // Outside Telegram: development and sandbox servers sign init data for their own bot token.
  const wanted = startParamFrom(deps.href, null);
  const raw = await deps.fetchDevInitData(wanted);
  if (!raw) return { kind: 'outside-telegram' };
  safeSet(deps.tabStorage, LAUNCH_SOURCE_KEY, 'mock');
  const info = readInitData(raw);
  const startParam = info.startParam ?? wanted;
  await deps.mockEnvironment(raw, startParam);
  return {
    kind: 'telegram',
    initDataRaw: raw,
    startParam,
    languageCode: info.languageCode,
    allowsWriteToPm: info.allowsWriteToPm,
    mocked: true,
  };
}

function safeGet(storage: LaunchDeps['tabStorage'], key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: LaunchDeps['tabStorage'], key: string, value: string) {
  try {
    storage?.setItem(key, value);
  } catch {
    // Without storage a reload simply asks again.
  }
}
