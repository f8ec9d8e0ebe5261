/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { type AuthResult, type Envelope, OTP_LENGTH } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { readOutbox, waitForCode } from './dev-outbox.ts';
import { chooseCountry, randomIndianMobile, visible, waitForPath } from './ui.ts';

/** A tiny valid JPEG (16×16, one colour) for profile picture uploads. */
export const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQBVzf/9k=',
  'base64',
);

/** The first bytes of a PNG: refused as a profile picture whatever its name says. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Source: 'website',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<T> };
}

/** Signs a new user in through the API (sandbox SMS), e.g. someone else who takes a username first. */
export async function apiSignInByPhone(
  baseUrl: string,
  e164 = randomIndianMobile().e164,
): Promise<AuthResult> {
  const seen = new Set((await readOutbox(baseUrl, e164)).map((m) => m.id));
  const sent = await call(baseUrl, 'POST', '/authentication/register', { phone: e164 });
  if (sent.status >= 400) throw new Error(`register answered ${sent.status}: ${sent.envelope.message}`);
  const otp = await waitForCode(baseUrl, e164, seen);
  const verified = await call<AuthResult>(baseUrl, 'POST', '/authentication/verify', { phone: e164, otp });
  if (verified.status >= 400)
    throw new Error(`verify answered ${verified.status}: ${verified.envelope.message}`);
  return verified.envelope.data;
}

/**
 * Signs a new user in through the API with the sandbox Google provider (its form answers with the id
 * token in the redirect's fragment). For tests about something other than signing in: sandbox SMS
 * codes are capped per IP and hour, and every test shares one IP.
 */
export async function apiSignInWithGoogle(
  baseUrl: string,
  email = `gamer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`,
): Promise<AuthResult> {
  // A Vite dev origin: outside production the sandbox accepts it whatever port the server has.
  const form = new URLSearchParams({ redirect_uri: 'http://localhost:5173/', state: 'e2e', email });
  const answer = await fetch(`${baseUrl}/api/sandbox/google/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  const idToken = location ? new URLSearchParams(new URL(location).hash.slice(1)).get('id_token') : null;
  if (!idToken) throw new Error(`the sandbox Google page answered ${answer.status} without an id token`);
  const signedIn = await call<AuthResult>(baseUrl, 'POST', '/authentication/google', { idToken });
  if (signedIn.status >= 400)
    throw new Error(`google sign-in answered ${signedIn.status}: ${signedIn.envelope.message}`);
  return signedIn.envelope.data;
}

/**
 * Puts a signed-in session into the website's storage, as a sign-in would; the next page load uses it.
 * `at`: the page of the origin opened to write it (the benches open a 404 page).
 */
export async function startSession(
  page: Page,
  baseUrl: string,
  auth: AuthResult,
  at = '/terms-and-conditions',
): Promise<void> {
  await page.goto(`${baseUrl}${at}`);
  await page.evaluate(
    ({ accessToken, idToken, userId }) => {
      localStorage.setItem('khel.accessToken', accessToken);
      localStorage.setItem('khel.idToken', idToken);
      localStorage.setItem('khel.userId', userId);
    },
    { accessToken: auth.accessToken, idToken: auth.idToken, userId: auth.user.id },
  );
}

/** Any API call as a signed-in user (the access token of the page, or of apiSignInByPhone). */
export function apiCall<T>(baseUrl: string, method: string, path: string, token: string, body?: unknown) {
  return call<T>(baseUrl, method, path, body, token);
}

/** The website's access token in this page (localStorage 'khel.accessToken'). */
export function accessTokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('khel.accessToken'));
}

/** Phone sign-in through the website's form at `/register` (sandbox SMS); ends on /home. Returns the number. */
export async function signInByPhone(
  page: Page,
  baseUrl: string,
): Promise<{ national: string; e164: string }> {
  const phone = randomIndianMobile();
  await page.goto(`${baseUrl}/register`);
  await chooseCountry(page, 'India');
  await page.getByLabel('Phone number', { exact: true }).fill(phone.national);
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  const code = await waitForCode(baseUrl, phone.e164);
  await visible(page.getByLabel(`${OTP_LENGTH}-digit code`, { exact: true }));
  await page.getByLabel(`${OTP_LENGTH}-digit code`, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await waitForPath(page, '/home');
  return phone;
}
