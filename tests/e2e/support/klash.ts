import { randomUUID } from 'node:crypto';
import type {
  Envelope,
  KlashRegisterBody,
  KlashRegistration,
  KlashTournamentDetails,
} from '@khel/core/contract';

/** A slug no other run has taken. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** An operator API call; throws on a refusal. */
export async function operatorCall<T>(
  baseUrl: string,
  operatorToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Operator ${operatorToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${envelope.message}`);
  return envelope.data;
}

/**
 * A two-team bracket tournament (teams of two, free to enter, 1st 1200 / 2nd 800 K-Cash) for a game of
 * its own, made and opened through the operator API: registration is open now and closes
 * `registrationSeconds` from now, when the tournament starts (the lifecycle job then draws the bracket).
 */
export async function createTeamBracket(
  baseUrl: string,
  operatorToken: string,
  registrationSeconds: number,
): Promise<{ slug: string; title: string }> {
  const gameSlug = uniqueSlug('e2e-klash-game');
  await operatorCall(baseUrl, operatorToken, 'POST', '/operator/games', {
    slug: gameSlug,
    name: 'Arena Clash',
    genres: ['BattleRoyale'],
    platforms: ['Android'],
    coverUrl: '/favicon.svg',
  });
  const slug = uniqueSlug('e2e-klash-cup');
  const title = `Duo Cup ${slug.slice(-5)}`;
  const closes = new Date(Date.now() + registrationSeconds * 1000).toISOString();
  await operatorCall(baseUrl, operatorToken, 'PUT', '/operator/klash/tournaments', {
    slug,
    title,
    description: 'Two squads, one final.',
    rules: 'Best of one. Both captains report the result.',
    gameSlug,
    format: 'bracket',
    mode: 'team',
    teamSize: 2,
    capacity: 2,
    registrationOpensAt: new Date(Date.now() - 60_000).toISOString(),
    registrationClosesAt: closes,
    startsAt: closes,
    matchMinutes: 30,
    entryFee: '0',
    prizes: {
      kind: 'rank',
      ranks: [
        { rank: 1, amount: '1200000' },
        { rank: 2, amount: '800000' },
      ],
    },
  });
  await operatorCall(baseUrl, operatorToken, 'POST', `/operator/klash/tournaments/${slug}/open`);
  return { slug, title };
}

/** The tournament as a reader sees it (with their registration when `token` is given). */
export async function tournamentOf(
  baseUrl: string,
  slug: string,
  token?: string,
): Promise<KlashTournamentDetails> {
  const response = await fetch(`${baseUrl}/api/klash/tournaments/${slug}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const envelope = (await response.json()) as Envelope<KlashTournamentDetails>;
  if (!response.ok) throw new Error(`GET /klash/tournaments/${slug} answered ${response.status}`);
  return envelope.data;
}

/** Registers for a tournament through the API, as the apps do (a fresh Idempotency-Key); throws on a refusal. */
export async function registerByApi(
  baseUrl: string,
  token: string,
  tournamentId: string,
  body: KlashRegisterBody,
): Promise<KlashRegistration> {
  const response = await fetch(`${baseUrl}/api/klash/tournaments/${tournamentId}/registration`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Source: 'website',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<KlashRegistration>;
  if (!response.ok) throw new Error(`registration answered ${response.status}: ${envelope.message}`);
  return envelope.data;
}
