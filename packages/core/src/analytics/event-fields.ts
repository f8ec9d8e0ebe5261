import type { Source } from '../contract/auth.ts';
import { parseUserAgent, type UserAgentHints } from './user-agent.ts';

/** SPEC §3 channel: the website, or the app (the Telegram Mini App). */
export type AnalyticsChannel = 'website' | 'app';

export const channelForSource = (source: Source): AnalyticsChannel =>
  source === 'website' ? 'website' : 'app';

/** SPEC §3: the root path becomes Home_Page; other paths are sent as they are. */
export const HOME_PAGE_ENTRY_POINT = 'Home_Page';

export function entryPointName(path: string): string {
  const pathname = path.replace(/[?#].*$/, '');
  return pathname === '' || pathname === '/' ? HOME_PAGE_ENTRY_POINT : pathname;
}

/** SPEC §3 location by dial code: India for +91, Brazil for +55, else Others. */
export type AnalyticsLocation = 'India' | 'Brazil' | 'Others';

export function locationFromDialCode(dialCode: string | null | undefined): AnalyticsLocation {
  const digits = (dialCode ?? '').replace(/\D/g, '');
  if (digits === '91') return 'India';
  if (digits === '55') return 'Brazil';
  return 'Others';
}

/** SPEC §3: every value is sent as a string; null and undefined are dropped. */
export function toStringFields(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    out[key] =
      typeof value === 'string'
        ? value
        : value instanceof Date
          ? value.toISOString()
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  }
  return out;
}

export interface AnalyticsContext extends UserAgentHints {
  userId?: string | null;
  loginSessionId?: string | null;
  analyticSessionId?: string | null;
  /** Sent as an ISO 8601 string. */
  timestamp?: number | Date;
  channel: AnalyticsChannel;
  userAgent?: string;
  screenHeight?: number | null;
  screenWidth?: number | null;
  ipAddress?: string | null;
  /** Host name of the page (e.g. khel.example). */
  domainName?: string | null;
  /** Path of the page the visit started on. */
  entryPoint?: string | null;
  /** Calling code of the user's country (userLocationData.countryCode, e.g. "+91"). */
  dialCode?: string | null;
}

/** The SPEC §3 analytics fields, as strings, plus any event-specific extras. */
export function buildEventFields(
  context: AnalyticsContext,
  extra: Record<string, unknown> = {},
): Record<string, string> {
  const ua = context.userAgent === undefined ? undefined : parseUserAgent(context.userAgent, context);
  const timestamp = context.timestamp === undefined ? undefined : new Date(context.timestamp);
  return toStringFields({
    userId: context.userId,
    loginSessionId: context.loginSessionId,
    analyticSessionId: context.analyticSessionId,
    timestamp,
    channel: context.channel,
    device: ua?.device,
    osName: ua?.osName,
    osVersion: ua?.osVersion,
    deviceModel: ua?.deviceModel,
    browserName: ua?.browserName,
    screenHeight: context.screenHeight,
    screenWidth: context.screenWidth,
    ipAddress: context.ipAddress,
    domainName: context.domainName,
    entryPoint: context.entryPoint == null ? undefined : entryPointName(context.entryPoint),
    location: locationFromDialCode(context.dialCode),
    ...extra,
  });
}
