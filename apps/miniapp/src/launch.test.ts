import { describe, expect, it, vi } from 'vitest';
import {
  hasLaunchParamsInUrl,
  INIT_DATA_KEY,
  LAUNCH_SOURCE_KEY,
  type LaunchDeps,
  launchParamsIn,
  readInitData,
  resolveLaunch,
  retrieveRawInitData,
  startParamFrom,
} from './launch.ts';

const USER = JSON.stringify({ id: 7, first_name: 'Arjun', language_code: 'hi', allows_write_to_pm: false });
const INIT_DATA = `user=${encodeURIComponent(USER)}&auth_date=1767261600&start_param=quest_summer-cup&hash=abc123`;
const THEME = encodeURIComponent(JSON.stringify({ bg_color: '#ffffff', text_color: '#000000' }));
const telegramUrl = (initData: string, extra = '') =>
  `https://khel.example/tma/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop&tgWebAppThemeParams=${THEME}${extra}`;

function tabStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      map.set(key, value);
    },
  };
}

function deps(overrides: Partial<LaunchDeps>): LaunchDeps {
  return {
    href: 'https://khel.example/tma/',
    tabStorage: tabStorage(),
    retrieveRawInitData: () => undefined,
    fetchDevInitData: async () => null,
    mockEnvironment: () => {},
    ...overrides,
  };
}

describe('launch parameters', () => {
  it('sees Telegram launch parameters in the URL hash', () => {
    expect(hasLaunchParamsInUrl(telegramUrl(INIT_DATA))).toBe(true);
    expect(hasLaunchParamsInUrl('https://khel.example/tma/?startapp=quest_x')).toBe(false);
  });

  it('reads the start param and the user language from init data', () => {
    expect(readInitData(INIT_DATA)).toEqual({
      startParam: 'quest_summer-cup',
      languageCode: 'hi',
      allowsWriteToPm: false,
    });
    const none = { startParam: null, languageCode: null, allowsWriteToPm: null };
    expect(readInitData('auth_date=1&hash=x')).toEqual(none);
    expect(readInitData('user=%7Bbroken&hash=x')).toEqual(none);
    const allowed = `user=${encodeURIComponent(JSON.stringify({ id: 7, allows_write_to_pm: true }))}&hash=x`;
    expect(readInitData(allowed).allowsWriteToPm).toBe(true);
  });

  it('takes the start param from init data, then tgWebAppStartParam, then ?startapp; malformed ones are ignored', () => {
    expect(
      startParamFrom('https://k.example/tma/?startapp=earnings', {
        startParam: 'quest_a',
        languageCode: null,
        allowsWriteToPm: null,
      }),
    ).toBe('quest_a');
    expect(startParamFrom('https://k.example/tma/#tgWebAppStartParam=clan_7', null)).toBe('clan_7');
    expect(startParamFrom('https://k.example/tma/?startapp=earnings', null)).toBe('earnings');
    expect(startParamFrom('https://k.example/tma/?startapp=%3Cscript%3E', null)).toBeNull();
  });
});

describe('retrieveRawInitData', () => {
  it('returns tgWebAppData from the hash exactly as Telegram signed it, and keeps it for this tab', () => {
    const storage = tabStorage();
    const raw = retrieveRawInitData({
      href: telegramUrl(INIT_DATA),
      navigationUrl: undefined,
      tabStorage: storage,
    });
    expect(raw).toBe(INIT_DATA);
    expect(storage.map.get(INIT_DATA_KEY)).toBe(INIT_DATA);
  });

  it('after a client-side navigation the hash is gone: the address the page loaded from still has it', () => {
    const raw = retrieveRawInitData({
      href: 'https://khel.example/tma/profile',
      navigationUrl: telegramUrl(INIT_DATA),
      tabStorage: tabStorage(),
    });
    expect(raw).toBe(INIT_DATA);
  });

  it('a reload of another path uses what the first load of this tab kept', () => {
    const raw = retrieveRawInitData({
      href: 'https://khel.example/tma/profile',
      navigationUrl: 'https://khel.example/tma/profile',
      tabStorage: tabStorage({ [INIT_DATA_KEY]: INIT_DATA }),
    });
    expect(raw).toBe(INIT_DATA);
    expect(
      retrieveRawInitData({ href: 'https://khel.example/tma/', navigationUrl: undefined, tabStorage: null }),
    ).toBeUndefined();
  });

  it('refuses launch parameters without version, platform or theme params, as the Telegram SDK does', () => {
    const data = `tgWebAppData=${encodeURIComponent(INIT_DATA)}`;
    expect(
      launchParamsIn(`https://k.example/tma/#${data}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`),
    ).toBeNull();
    expect(
      launchParamsIn(`https://k.example/tma/#${data}&tgWebAppPlatform=ios&tgWebAppThemeParams=${THEME}`),
    ).toBeNull();
    const storage = tabStorage();
    expect(
      retrieveRawInitData({
        href: `https://k.example/tma/#${data}`,
        navigationUrl: undefined,
        tabStorage: storage,
      }),
    ).toBeUndefined();
    expect(storage.map.has(INIT_DATA_KEY)).toBe(false);
  });

  it('reads launch parameters passed in the query as well as in the hash', () => {
    const query = telegramUrl(INIT_DATA).replace('/tma/#', '/tma/?');
    expect(launchParamsIn(query)?.get('tgWebAppData')).toBe(INIT_DATA);
    expect(launchParamsIn(query)?.get('tgWebAppPlatform')).toBe('tdesktop');
  });
});

describe('resolveLaunch', () => {
  it('inside Telegram: uses the raw init data exactly as received and never asks the dev endpoint', async () => {
    const fetchDevInitData = vi.fn(async () => 'should-not-be-used');
    const mockEnvironment = vi.fn();
    const storage = tabStorage();
    const launch = await resolveLaunch(
      deps({
        href: telegramUrl(INIT_DATA),
        tabStorage: storage,
        retrieveRawInitData: () => INIT_DATA,
        fetchDevInitData,
        mockEnvironment,
      }),
    );
    expect(launch).toEqual({
      kind: 'telegram',
      initDataRaw: INIT_DATA,
      startParam: 'quest_summer-cup',
      languageCode: 'hi',
      allowsWriteToPm: false,
      mocked: false,
    });
    expect(fetchDevInitData).not.toHaveBeenCalled();
    expect(mockEnvironment).not.toHaveBeenCalled();
    expect(storage.map.get(LAUNCH_SOURCE_KEY)).toBe('telegram');
  });

  it('after navigation the hash is gone, but a tab Telegram opened keeps using its launch parameters', async () => {
    const launch = await resolveLaunch(
      deps({
        href: 'https://khel.example/tma/profile',
        tabStorage: tabStorage({ [LAUNCH_SOURCE_KEY]: 'telegram' }),
        retrieveRawInitData: () => INIT_DATA,
      }),
    );
    expect(launch).toMatchObject({ kind: 'telegram', initDataRaw: INIT_DATA, mocked: false });
  });

  it('outside Telegram: signs in with development init data (passing ?startapp) and mocks the SDK', async () => {
    const devInitData = `user=${encodeURIComponent(JSON.stringify({ id: 1, first_name: 'Dev Gamer', language_code: 'en' }))}&start_param=earnings&hash=dev`;
    const fetchDevInitData = vi.fn(async (_startParam: string | null) => devInitData);
    const mockEnvironment = vi.fn();
    const launch = await resolveLaunch(
      deps({ href: 'https://khel.example/tma/?startapp=earnings', fetchDevInitData, mockEnvironment }),
    );
    expect(fetchDevInitData).toHaveBeenCalledWith('earnings');
    expect(mockEnvironment).toHaveBeenCalledWith(devInitData, 'earnings');
    expect(launch).toEqual({
      kind: 'telegram',
      initDataRaw: devInitData,
      startParam: 'earnings',
      languageCode: 'en',
      allowsWriteToPm: null,
      mocked: true,
    });
  });

  it('outside Telegram: the launch resolves only once the (lazily loaded) SDK is mocked', async () => {
    // The SDK "loads" until the test says so.
    let finishMocking!: () => void;
    const mockEnvironment = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finishMocking = resolve;
        }),
    );
    let resolved = false;
    const launching = resolveLaunch(deps({ fetchDevInitData: async () => 'hash=dev', mockEnvironment })).then(
      (launch) => {
        resolved = true;
        return launch;
      },
    );
    await vi.waitFor(() => expect(mockEnvironment).toHaveBeenCalledTimes(1));
    // Every promise reaction queued so far has run (a macrotask comes after them): still waiting for the SDK.
    await new Promise((resolve) => setImmediate(resolve));
    expect(resolved).toBe(false);
    finishMocking();
    expect((await launching).kind).toBe('telegram');
  });

  it("outside Telegram with no development init data (404 in production): 'Open this app from Telegram'", async () => {
    const mockEnvironment = vi.fn();
    const launch = await resolveLaunch(deps({ fetchDevInitData: async () => null, mockEnvironment }));
    expect(launch).toEqual({ kind: 'outside-telegram' });
    expect(mockEnvironment).not.toHaveBeenCalled();
  });

  it('a previous mocked launch does not count as Telegram: fresh development init data every load', async () => {
    const fetchDevInitData = vi.fn(async () => 'hash=fresh');
    await resolveLaunch(
      deps({
        tabStorage: tabStorage({ [LAUNCH_SOURCE_KEY]: 'mock' }),
        retrieveRawInitData: () => 'hash=stale-from-session-storage',
        fetchDevInitData,
      }),
    );
    expect(fetchDevInitData).toHaveBeenCalledTimes(1);
  });
});
