import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { UNKNOWN_LOCATION, type UserLocation } from '@khel/core/contract';
import { getCountry } from '@khel/core/countries';

interface GeoIpRecord {
  country: string;
  name?: string;
  phone?: number[];
  continent?: string;
}
interface GeoIpCountry {
  lookup(ip: string): GeoIpRecord | null;
}

let geoip: GeoIpCountry | undefined;
/**
 * geoip-country ships MaxMind's GeoLite2 country ranges in the package (about 8 MB, read into memory
 * on first use, about 20 ms): lookups never leave the machine. Loaded lazily so processes that never
 * locate anyone do not pay for it.
 */
function geoIpDatabase(): GeoIpCountry {
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountry;
  return geoip;
}

/** Addresses that never belong to a country: private, loopback, link-local, shared, documentation, multicast. */
const NOT_ROUTED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_ROUTED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  NOT_ROUTED.addSubnet(net, prefix, 'ipv6');

/** `::ffff:1.2.3.4` (how Node reports IPv4 peers on a dual-stack socket) → `1.2.3.4`. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

export function isRoutableIp(ip: string): boolean {
  if (isIPv4(ip)) return !NOT_ROUTED.check(ip, 'ipv4');
  if (isIPv6(ip)) return !NOT_ROUTED.check(ip, 'ipv6');
  return false;
}

const unknown = (ip: string): UserLocation => ({
  ip,
  country: UNKNOWN_LOCATION,
  country_calling_code: UNKNOWN_LOCATION,
  countryCodeISO2: UNKNOWN_LOCATION,
  countryCodeISO3: UNKNOWN_LOCATION,
  continentCode: UNKNOWN_LOCATION,
});

/**
 * The country of an IP from the offline database (SPEC §3 user location). Names, ISO3 and calling
 * codes come from the same country list the clients use (@khel/core/countries); the continent from
 * the GeoIP package's country table. Anything it cannot place is 'unknown' (SPEC §8).
 */
export function locateIp(rawIp: string): UserLocation {
  const ip = normalizeIp(rawIp);
  if (!isRoutableIp(ip)) return unknown(ip);
  const record = geoIpDatabase().lookup(ip);
  if (!record?.country) return unknown(ip);
  const country = getCountry(record.country);
  const callingCode = country?.dial_code ?? (record.phone?.[0] ? `+${record.phone[0]}` : undefined);
  return {
    ip,
    country: country?.name ?? record.name ?? UNKNOWN_LOCATION,
    country_calling_code: callingCode ?? UNKNOWN_LOCATION,
    countryCodeISO2: record.country,
    countryCodeISO3: country?.iso3 ?? UNKNOWN_LOCATION,
    continentCode: record.continent ?? UNKNOWN_LOCATION,
  };
}
