import type {
  KlashBracket,
  KlashListStatus,
  KlashMatch,
  KlashMemberInput,
  KlashTournament,
} from '@khel/core/contract';
import type { BracketMatchView, BracketSide } from './bracket-layout.ts';

/** The tab a `?tab=` names, else upcoming. */
export function tabFromSearch(params: URLSearchParams): KlashListStatus {
  const tab = params.get('tab');
  return tab === 'live' || tab === 'past' ? tab : 'upcoming';
}

/** The picture's matches from the API's bracket; a bye is a side named `byeLabel` that never plays. */
export function bracketMatchesOf(bracket: KlashBracket, byeLabel: string): BracketMatchView[] {
  return bracket.rounds.flatMap((round) =>
    round.matches.map((match) => {
      const side = (i: 0 | 1): BracketSide | null => {
        const s = match.sides[i];
        if (s.entry) return { entryId: s.entry.entryId, name: s.entry.name, avatarUrl: null, score: s.score };
        if (s.isBye) return { entryId: null, name: byeLabel, avatarUrl: null, score: null };
        return null;
      };
      const winner =
        match.winnerSide === null ? null : (match.sides[match.winnerSide]?.entry?.entryId ?? null);
      return {
        id: match.id,
        round: match.round,
        position: match.position,
        sides: [side(0), side(1)],
        winnerEntryId: winner,
        disputed: match.state === 'disputed',
      } satisfies BracketMatchView;
    }),
  );
}

/** The reader's entry in the bracket (a side of one of their matches), if any. */
export function myEntryIdIn(bracket: KlashBracket): string | null {
  for (const round of bracket.rounds)
    for (const match of round.matches) {
      if (match.mySide === null) continue;
      const entry = match.sides[match.mySide]?.entry;
      if (entry) return entry.entryId;
    }
  return null;
}

export type MyMatchState =
  | { kind: 'report' }
  | { kind: 'reported'; report: 'won' | 'lost' }
  | { kind: 'waiting' }
  | { kind: 'disputed' }
  | { kind: 'won' }
  | { kind: 'lost' };

/** Where one of the reader's matches stands for them. */
export function myMatchState(match: KlashMatch): MyMatchState {
  const mine = match.mySide === null ? null : match.sides[match.mySide];
  if (match.state === 'settled')
    return match.winnerSide === match.mySide ? { kind: 'won' } : { kind: 'lost' };
  if (match.state === 'disputed') return { kind: 'disputed' };
  if (match.state === 'waiting') return { kind: 'waiting' };
  if (mine?.report) return { kind: 'reported', report: mine.report };
  return { kind: 'report' };
}

/** Days, hours, minutes and seconds until `to` (all 0 once it has passed). */
export function timeLeft(
  to: string | number,
  now: number,
): { d: number; h: number; m: number; s: number; ms: number } {
  const ms = Math.max(0, (typeof to === 'number' ? to : Date.parse(to)) - now);
  const total = Math.floor(ms / 1000);
  return {
    d: Math.floor(total / 86_400),
    h: Math.floor((total % 86_400) / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
    ms,
  };
}

/** The countdown text's key and values: `2d 4h`, `3h 12m`, `4m 05s`, `9s`. */
export function countdownParts(
  to: string | number,
  now: number,
): {
  key:
    | 'klash.countdown.days'
    | 'klash.countdown.hours'
    | 'klash.countdown.minutes'
    | 'klash.countdown.seconds';
  values: Record<string, string | number>;
} {
  const { d, h, m, s } = timeLeft(to, now);
  if (d > 0) return { key: 'klash.countdown.days', values: { d, h } };
  if (h > 0) return { key: 'klash.countdown.hours', values: { h, m } };
  if (m > 0) return { key: 'klash.countdown.minutes', values: { m, s: String(s).padStart(2, '0') } };
  return { key: 'klash.countdown.seconds', values: { s } };
}

export type CardTiming =
  | { key: 'opensIn' | 'closesIn' | 'startsIn' | 'endsIn'; at: string }
  | { key: 'liveNow' }
  | { key: 'cancelled' }
  | { key: 'endedOn'; at: string };

/** What a card's clock says: the next moment that matters for this tournament. */
export function cardTiming(t: KlashTournament, now: number): CardTiming {
  if (t.status === 'cancelled') return { key: 'cancelled' };
  if (t.status === 'completed') return { key: 'endedOn', at: t.endsAt ?? t.startsAt };
  if (t.status === 'live')
    return t.endsAt && Date.parse(t.endsAt) > now ? { key: 'endsIn', at: t.endsAt } : { key: 'liveNow' };
  if (Date.parse(t.registrationOpensAt) > now) return { key: 'opensIn', at: t.registrationOpensAt };
  if (Date.parse(t.registrationClosesAt) > now && t.registration === 'open')
    return { key: 'closesIn', at: t.registrationClosesAt };
  return { key: 'startsIn', at: t.startsAt };
}

/** The card's art: the tournament's cover, else the game's. */
export const coverOf = (t: Pick<KlashTournament, 'coverUrl' | 'game'>) => t.coverUrl || t.game.coverUrl;

/** How full the tournament is, 0..1. */
export const filledShare = (t: Pick<KlashTournament, 'registeredCount' | 'capacity'>) =>
  t.capacity > 0 ? Math.min(1, t.registeredCount / t.capacity) : 0;

export interface MemberDraft {
  type: 'phone' | 'email';
  value: string;
}

export type MemberProblem = 'phoneInvalid' | 'emailInvalid' | 'duplicate';

const E164 = /^\+[1-9]\d{7,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A member as the API takes it (phone without spaces or dashes, email trimmed and lower-cased), or what is wrong. */
export function memberInput(draft: MemberDraft): KlashMemberInput | Exclude<MemberProblem, 'duplicate'> {
  if (draft.type === 'phone') {
    const phone = draft.value.replace(/[\s().-]/g, '');
    return E164.test(phone) ? { type: 'phone', phone } : 'phoneInvalid';
  }
  const email = draft.value.trim().toLowerCase();
  return EMAIL.test(email) ? { type: 'email', email } : 'emailInvalid';
}

/** Every member checked: the inputs when all are right, else each row's problem (null where fine). */
export function checkMembers(
  drafts: readonly MemberDraft[],
): { ok: true; members: KlashMemberInput[] } | { ok: false; problems: (MemberProblem | null)[] } {
  const seen = new Set<string>();
  const members: KlashMemberInput[] = [];
  const problems: (MemberProblem | null)[] = drafts.map((draft) => {
    const input = memberInput(draft);
    if (typeof input === 'string') return input;
    const key = input.type === 'phone' ? input.phone : input.email;
    if (seen.has(key)) return 'duplicate';
    seen.add(key);
    members.push(input);
    return null;
  });
  return problems.every((p) => p === null) ? { ok: true, members } : { ok: false, problems };
}
