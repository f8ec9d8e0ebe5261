import type { AuthResult, ClanDetail } from '@khel/core/contract';
import { readOutbox, waitForCode } from './dev-outbox.ts';
import { randomIndianMobile } from './ui.ts';
import { apiCall, apiSignInWithGoogle } from './web-session.ts';

/** An API call as a signed-in user; throws on a refusal. */
export async function clanApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const { status, envelope } = await apiCall<T>(baseUrl, method, path, token, body);
  if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${envelope.message}`);
  return envelope.data;
}

/** A name no other test run has taken (clan names are unique ignoring case). */
export function uniqueClanName(prefix = 'E2E Squad'): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.slice(0, 30);
}

/**
 * A chief through the API: a new user, the registration with a phone verified by its sandbox code,
 * and a clan with the given join policy.
 */
export async function apiChiefWithClan(
  baseUrl: string,
  joinPolicy: 'OPEN' | 'APPROVAL',
): Promise<{ chief: AuthResult; clan: ClanDetail }> {
  const chief = await apiSignInWithGoogle(baseUrl);
  const token = chief.accessToken;
  const phone = randomIndianMobile().e164;
  const seen = new Set((await readOutbox(baseUrl, phone)).map((m) => m.id));
  await clanApi(baseUrl, 'POST', '/platform-clans/otp', token, { phone });
  const otp = await waitForCode(baseUrl, phone, seen);
  await clanApi(baseUrl, 'POST', '/platform-clans/otp/verify', token, { phone, otp });
  await clanApi(baseUrl, 'PUT', '/platform-clans/registration', token, {
    email: `chief.${Date.now()}@example.com`,
    chiefCity: 'Pune',
    collegeName: 'COEP',
  });
  const clan = await clanApi<ClanDetail>(baseUrl, 'POST', '/platform-clans', token, {
    clanName: uniqueClanName('Pune Panthers'),
    city: 'Pune',
    country: 'IN',
    description: 'Night owls playing BGMI customs.',
    joinPolicy,
    dashboardType: 'k_quest',
  });
  return { chief, clan };
}
