/** SPEC §3 analytics device buckets. */
export type DeviceType = 'Mobile' | 'DeskTop' | 'Others';

export interface UserAgentInfo {
  device: DeviceType;
  osName?: string;
  osVersion?: string;
  deviceModel?: string;
  browserName?: string;
}

export interface UserAgentHints {
  /** `navigator.maxTouchPoints`: iPadOS reports a Mac user agent but has a touch screen. */
  maxTouchPoints?: number;
  /** True inside Telegram (Mini App), whose iOS web view has no marker in the user agent. */
  telegramWebView?: boolean;
}

const WINDOWS_VERSIONS: Record<string, string> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

/**
 * A small user-agent reader, good enough for the analytics fields: Android, iOS/iPadOS, Windows, macOS,
 * Chrome OS and Linux; Chrome, Safari, Firefox, Edge, Opera, Samsung Internet and the Telegram web view.
 * Windows 11 reports itself as Windows NT 10.0, so it reads as 10.
 */
export function parseUserAgent(ua: string, hints: UserAgentHints = {}): UserAgentInfo {
  const info: UserAgentInfo = { device: 'Others' };
  if (/bot|crawler|spider|headless/i.test(ua)) {
    info.browserName = browserOf(ua, hints);
    return dropEmpty(info);
  }

  const android = /Android[ /]?([\d.]+)?/.exec(ua);
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(ua);
  const windows = /Windows NT (\d+\.\d+)/.exec(ua);
  const chromeOs = /CrOS \S+ ([\d.]+)/.exec(ua);
  if (android) {
    info.device = 'Mobile';
    info.osName = 'Android';
    info.osVersion = android[1];
    info.deviceModel = androidModel(ua);
  } else if (apple) {
    info.device = 'Mobile';
    info.osName = 'iOS';
    info.osVersion = /OS (\d+(?:_\d+)*)/.exec(ua)?.[1]?.replace(/_/g, '.');
    info.deviceModel = apple[1];
  } else if (windows) {
    info.device = 'DeskTop';
    info.osName = 'Windows';
    info.osVersion = WINDOWS_VERSIONS[windows[1] ?? ''] ?? windows[1];
  } else if (/Macintosh|Mac OS X/.test(ua)) {
    const version = /Mac OS X (\d+(?:[._]\d+)*)/.exec(ua)?.[1]?.replace(/_/g, '.');
    if ((hints.maxTouchPoints ?? 0) > 1) {
      info.device = 'Mobile';
      info.osName = 'iOS';
      info.deviceModel = 'iPad';
    } else {
      info.device = 'DeskTop';
      info.osName = 'macOS';
      info.osVersion = version;
    }
  } else if (chromeOs) {
    info.device = 'DeskTop';
    info.osName = 'Chrome OS';
    info.osVersion = chromeOs[1];
  } else if (/Linux|X11/.test(ua)) {
    info.device = 'DeskTop';
    info.osName = 'Linux';
  }
  info.browserName = browserOf(ua, hints);
  return dropEmpty(info);
}

function androidModel(ua: string): string | undefined {
  const group = /\(([^)]*Android[^)]*)\)/.exec(ua)?.[1];
  if (!group) return undefined;
  const parts = group.split(';').map((p) => p.trim());
  const at = parts.findIndex((p) => /^Android\b/.test(p));
  for (const part of parts.slice(at + 1)) {
    // Skip the old "U" security token, locales ("en-us") and the web view marker.
    if (part === 'U' || part === 'wv' || /^[a-z]{2}(?:[-_][a-zA-Z]{2})?$/.test(part)) continue;
    const model = part.replace(/\s*Build\/.*$/, '').trim();
    if (model) return model;
  }
  return undefined;
}

function browserOf(ua: string, hints: UserAgentHints): string | undefined {
  if (hints.telegramWebView || /Telegram/i.test(ua)) return 'Telegram';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/Edg(?:e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Android/.test(ua) && /; wv\)/.test(ua)) return 'Android WebView';
  if (/CriOS\/|Chrome\//.test(ua)) return 'Chrome';
  if (/Version\/[\d.]+.*Safari\//.test(ua)) return 'Safari';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS WebView';
  return undefined;
}

function dropEmpty(info: UserAgentInfo): UserAgentInfo {
  for (const key of Object.keys(info) as (keyof UserAgentInfo)[]) {
    if (info[key] === undefined) delete info[key];
  }
  return info;
}
