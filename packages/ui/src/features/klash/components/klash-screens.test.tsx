import { describe, expect, it } from 'vitest';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { BALANCE, signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { klashBracketQueryKey, klashListQueryKey, klashTournamentQueryKey } from '../api/klash-keys.ts';
import { layoutBracket } from '../lib/bracket-layout.ts';
import {
  bracketMatchesOf,
  checkMembers,
  countdownParts,
  myEntryIdIn,
  myMatchState,
} from '../lib/klash-view.ts';
import { BracketPicture } from './bracket-picture.tsx';
import {
  ENTRY,
  finishedBracket,
  liveBracket,
  registration,
  TOURNAMENT_ID,
  tournament,
} from './klash-fixtures.ts';
import { KlashScreen } from './klash-screen.tsx';
import { barShare, LeaderboardPicture, type ScoreRowView } from './leaderboard-picture.tsx';
import { RegistrationPanel } from './registration-panel.tsx';
import { TournamentView } from './tournament-screen.tsx';

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('the bracket picture', () => {
  it('lays four entries out as two rounds, the final centred between the semi-finals', () => {
    const layout = layoutBracket(bracketMatchesOf(finishedBracket(), 'Bye'));
    expect(layout.rounds).toBe(2);
    const [a, b, final] = layout.matches;
    expect(final!.x).toBeGreaterThan(a!.x);
    expect(final!.y).toBeCloseTo((a!.y + b!.y) / 2);
    expect(layout.championEntryId).toBe(ENTRY(1));
    // The champion won their semi-final and the final; the other semi-final's line is decided, not gold.
    expect(layout.matches.filter((m) => m.onChampionPath).map((m) => m.match.round)).toEqual([1, 2]);
    expect(layout.connectors.map((c) => [c.decided, c.onChampionPath])).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it('shows the full depth of a bracket whose later rounds are not drawn yet', () => {
    const firstRound = bracketMatchesOf(finishedBracket(), 'Bye').filter((m) => m.round === 1);
    expect(layoutBracket(firstRound).rounds).toBe(2);
    expect(layoutBracket([]).rounds).toBe(0);
  });

  it('draws an SVG with round names, every side, scores, the winners and the gold path', () => {
    const bracket = finishedBracket();
    const html = renderScreen(
      <BracketPicture matches={bracketMatchesOf(bracket, 'Bye')} myEntryId={myEntryIdIn(bracket)} />,
    );
    expect(html).toContain('<svg');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Tournament bracket, 2 rounds"');
    for (const label of ['Semi-finals', 'Final', 'Team 1', 'Team 2', 'Team 3', 'Team 4'])
      expect(html).toContain(label);
    expect(count(html, 'bracket__side--won')).toBe(3);
    expect(count(html, 'bracket__line--champion')).toBe(1);
    expect(count(html, 'bracket__match--champion')).toBe(2);
    // The reader's two matches are outlined.
    expect(count(html, 'bracket__match--mine')).toBe(2);
    // And a list of the results for screen readers.
    expect(text(html)).toContain('Final: Team 1 2 – Team 2 1 (winner: Team 1)');
  });

  it('names the rounds in Hindi and Portuguese', () => {
    const matches = bracketMatchesOf(finishedBracket(), 'Bye');
    expect(renderScreen(<BracketPicture matches={matches} />, { language: 'hi' })).toContain('फ़ाइनल');
    expect(renderScreen(<BracketPicture matches={matches} />, { language: 'pt-BR' })).toContain('Semifinais');
  });

  it('says the bracket is drawn at the start when there are no matches yet', () => {
    expect(text(renderScreen(<BracketPicture matches={[]} />))).toContain(
      'The bracket is drawn when the tournament starts.',
    );
  });
});

describe('the leaderboard picture', () => {
  const row = (rank: number, score: number, name = `Player ${rank}`): ScoreRowView => ({
    entryId: ENTRY(rank),
    rank,
    name,
    avatarUrl: null,
    score,
    prize: rank <= 2 ? `${rank === 1 ? '1,200' : '800'} K-Cash` : null,
  });

  it('puts the top three on a podium (2, 1, 3) and the rest on bars as long as their score', () => {
    const html = renderScreen(
      <LeaderboardPicture
        rows={[row(1, 900), row(2, 600), row(3, 450), row(4, 300), row(5, 90)]}
        myEntryId={ENTRY(4)}
        live
      />,
    );
    const podium = html.slice(html.indexOf('klash-podium'), html.indexOf('klash-bars'));
    expect(podium.indexOf('Player 2')).toBeLessThan(podium.indexOf('Player 1'));
    expect(podium.indexOf('Player 1')).toBeLessThan(podium.indexOf('Player 3'));
    expect(html).toContain('1,200 K-Cash');
    expect(html).toContain('--share:0.3333');
    expect(count(html, 'klash-bar--mine')).toBe(1);
    expect(text(html)).toContain('Live');
    expect(text(html)).toContain('300 points');
  });

  it('never draws a bar thinner than a sliver, nor longer than the best', () => {
    expect(barShare(0, 100)).toBe(0.04);
    expect(barShare(100, 100)).toBe(1);
    expect(barShare(5, 0)).toBe(0.04);
  });

  it('has an empty state', () => {
    expect(text(renderScreen(<LeaderboardPicture rows={[]} />))).toContain('No scores yet.');
  });
});

describe('klash view helpers', () => {
  it('checks team members: phones without spaces, emails lower-cased, no one twice', () => {
    expect(
      checkMembers([
        { type: 'phone', value: '+91 98765 43210' },
        { type: 'email', value: ' Meera@Example.com ' },
      ]),
    ).toEqual({
      ok: true,
      members: [
        { type: 'phone', phone: '+919876543210' },
        { type: 'email', email: 'meera@example.com' },
      ],
    });
    expect(
      checkMembers([
        { type: 'phone', value: '98765' },
        { type: 'email', value: 'nope' },
        { type: 'phone', value: '+919876543210' },
        { type: 'phone', value: '+91-98765-43210' },
      ]),
    ).toEqual({ ok: false, problems: ['phoneInvalid', 'emailInvalid', null, 'duplicate'] });
  });

  it('counts down in days, hours, minutes or seconds', () => {
    const now = Date.parse('2026-11-01T00:00:00Z');
    expect(countdownParts('2026-11-03T05:00:00Z', now)).toEqual({
      key: 'klash.countdown.days',
      values: { d: 2, h: 5 },
    });
    expect(countdownParts('2026-11-01T00:04:05Z', now)).toEqual({
      key: 'klash.countdown.minutes',
      values: { m: 4, s: '05' },
    });
    expect(countdownParts('2026-10-01T00:00:00Z', now)).toEqual({
      key: 'klash.countdown.seconds',
      values: { s: 0 },
    });
  });

  it("reads the reader's match state", () => {
    const live = liveBracket();
    const final = live.rounds[1]!.matches[0]!;
    expect(myMatchState(final)).toEqual({ kind: 'report' });
    expect(myMatchState({ ...final, sides: [{ ...final.sides[0], report: 'won' }, final.sides[1]] })).toEqual(
      {
        kind: 'reported',
        report: 'won',
      },
    );
    expect(myMatchState(finishedBracket().rounds[1]!.matches[0]!)).toEqual({ kind: 'won' });
  });
});

describe('/klash', () => {
  it('shows the tabs and tournament cards with prize, fee, slots left', () => {
    const t = tournament();
    const html = renderScreen(<KlashScreen />, {
      at: '/klash',
      queries: [
        [
          klashListQueryKey('upcoming'),
          {
            pages: [{ page: 1, limit: 20, total: 1, offset: 0, isLastCard: true, tournaments: [t] }],
            pageParams: [1],
          },
        ],
      ],
    });
    const shown = text(html);
    for (const label of [
      'Upcoming',
      'Live',
      'Past',
      'BGMI Squad Cup',
      '2,000 K-Cash',
      '100 K-Cash',
      '3 spots left',
    ])
      expect(shown).toContain(label.replace(/-Cash/, '\u2011Cash'));
    expect(html).toContain('href="/klash/bgmi-squad-cup"');
  });
});

describe('a tournament page', () => {
  it('asks a visitor to sign in to register', () => {
    const html = renderScreen(<RegistrationPanel tournament={tournament()} />);
    expect(text(html)).toContain('Sign in to register for this tournament.');
  });

  it.each([
    ['en', 'Uh-oh! Not Enough K-Cash'],
    ['hi', 'उफ़! K-Cash काफ़ी नहीं है'],
    ['pt-BR', 'Ops! K-Cash insuficiente'],
  ] as const)(
    "%s: short of the fee, which only K-Cash pays, it says '%s', naming no rKHEL",
    (language, said) => {
      const api = signedIn();
      const solo = tournament({
        mode: 'solo',
        teamSize: 1,
        entryFee: { amount: '9000000', currency: 'KCASH', decimals: 3 },
      });
      const html = renderScreen(<RegistrationPanel tournament={solo} signedIn />, {
        api,
        language,
        queries: [[balanceQueryKey, BALANCE({ kcashBought: 1_000_000n, kcashEarned: 0n })]],
      });
      expect(text(html)).toContain(said);
      expect(text(html)).not.toContain('rKHEL');
      expect(html).toContain('href="/buy-kcash/"');
      expect(html).toMatch(/<button[^>]*disabled[^>]*>[^<]*(Register|रजिस्टर|Inscrever)/);
    },
  );

  it("shows the reader's team entry with its members and Withdraw while registration is open", () => {
    const html = text(
      renderScreen(<RegistrationPanel tournament={tournament({ myRegistration: registration() })} />, {
        api: signedIn(),
      }),
    );
    expect(html).toContain("You're in!");
    expect(html).toContain('+91•••••3210');
    expect(html).toContain('Withdraw');
  });

  it('a finished bracket: the champion, the picture, and the prize with the way to Collect earnings', () => {
    const api = signedIn();
    const done = tournament({
      status: 'completed',
      registration: 'closed',
      payoutStatus: 'paid',
      winner: { entryId: ENTRY(1), name: 'Team 1', clan: null, isMe: true },
      myRegistration: registration({
        rank: 1,
        prize: { amount: '1200000', currency: 'KCASH', decimals: 3 },
        prizePaid: true,
      }),
    });
    const html = renderScreen(<TournamentView tournament={done} />, {
      api,
      queries: [
        [klashTournamentQueryKey('bgmi-squad-cup', false), done],
        [klashBracketQueryKey(TOURNAMENT_ID, false), finishedBracket()],
      ],
    });
    const shown = text(html);
    expect(shown).toContain('Champion: Team 1');
    expect(shown).toContain('You finished #1');
    expect(shown).toContain('Your prize is in your earnings.');
    expect(html).toContain('href="/collect-earnings"');
    expect(html).toContain('<svg');
    expect(count(html, 'bracket__match--champion')).toBe(2);
    // Finished: no registration box, no list of matches to report.
    expect(shown).not.toContain("You're in!");
    expect(shown).not.toContain('My matches');
  });

  it('a live bracket offers the captain We won / We lost on their open match', () => {
    const api = signedIn();
    const live = tournament({ status: 'live', registration: 'closed', myRegistration: registration() });
    const html = text(
      renderScreen(<TournamentView tournament={live} />, {
        api,
        queries: [[klashBracketQueryKey(TOURNAMENT_ID, false), liveBracket()]],
      }),
    );
    expect(html).toContain('My matches');
    expect(html).toContain('We won');
    expect(html).toContain('We lost');
  });
});
