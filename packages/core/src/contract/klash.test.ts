import { describe, expect, it } from 'vitest';
import {
  KLASH_MEMBER_PHONE_MESSAGE,
  klashRegisterBodySchema,
  klashRoutes,
  klashTournamentInputSchema,
  klashTournamentParams,
} from './klash.ts';

const base = {
  slug: 'summer-cup',
  title: 'Summer Cup',
  description: 'Sixteen players, one champion.',
  gameSlug: 'dark-throne',
  format: 'bracket',
  mode: 'solo',
  capacity: 16,
  registrationOpensAt: '2026-06-01T10:00:00Z',
  registrationClosesAt: '2026-06-02T10:00:00Z',
  startsAt: '2026-06-02T11:00:00Z',
  prizes: {
    kind: 'rank',
    ranks: [
      { rank: 1, amount: '1200000' },
      { rank: 2, amount: '800000' },
    ],
  },
};

describe('klash contract', () => {
  it('takes a tournament with defaults (free, solo, 60-minute matches)', () => {
    const t = klashTournamentInputSchema.parse(base);
    expect(t.entryFee).toBe('0');
    expect(t.teamSize).toBe(1);
    expect(t.matchMinutes).toBe(60);
    expect(t.endsAt).toBeNull();
  });

  it('refuses schedules out of order, team sizes against the mode, ranks out of order, percentile brackets', () => {
    const refused = [
      { ...base, registrationClosesAt: '2026-06-01T09:00:00Z' },
      { ...base, startsAt: '2026-06-02T09:00:00Z' },
      { ...base, mode: 'team', teamSize: 1 },
      { ...base, teamSize: 3 },
      { ...base, prizes: { kind: 'rank', ranks: [{ rank: 2, amount: '5' }] } },
      { ...base, endsAt: '2026-06-03T11:00:00Z' },
      {
        ...base,
        prizes: {
          kind: 'percentile',
          pool: '1000',
          bands: [{ fromPercent: 0, toPercent: 10, shareBasisPoints: 10_000 }],
        },
      },
      { ...base, entryFee: '-1' },
    ];
    for (const input of refused)
      expect(klashTournamentInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it('takes percentile bands that start at 0 %, follow each other and share 100 %', () => {
    const lb = { ...base, format: 'leaderboard', endsAt: '2026-06-03T11:00:00Z' };
    const ok = {
      kind: 'percentile',
      pool: '5000000',
      bands: [
        { fromPercent: 0, toPercent: 10, shareBasisPoints: 6000 },
        { fromPercent: 10, toPercent: 50, shareBasisPoints: 4000 },
      ],
    };
    expect(klashTournamentInputSchema.safeParse({ ...lb, prizes: ok }).success).toBe(true);
    const gap = { ...ok, bands: [ok.bands[0], { ...ok.bands[1], fromPercent: 20 }] };
    expect(klashTournamentInputSchema.safeParse({ ...lb, prizes: gap }).success).toBe(false);
    const short = { ...ok, bands: [ok.bands[0]] };
    expect(klashTournamentInputSchema.safeParse({ ...lb, prizes: short }).success).toBe(false);
  });

  it('takes team members by phone in the four dial codes or by email', () => {
    const team = (members: unknown[]) => ({ team: { name: 'Night Owls', members } });
    expect(klashRegisterBodySchema.safeParse({}).success).toBe(true);
    for (const phone of ['+919876543210', '+5511987654321', '+9779812345678', '+8801712345678'])
      expect(klashRegisterBodySchema.safeParse(team([{ type: 'phone', phone }])).success, phone).toBe(true);
    const us = klashRegisterBodySchema.safeParse(team([{ type: 'phone', phone: '+14155550100' }]));
    expect(us.success).toBe(false);
    expect(us.error?.issues[0]?.message).toBe(KLASH_MEMBER_PHONE_MESSAGE);
    expect(klashRegisterBodySchema.safeParse(team([{ type: 'email', email: 'a@b.co' }])).success).toBe(true);
    expect(klashRegisterBodySchema.safeParse(team([{ type: 'email', email: 'nope' }])).success).toBe(false);
    expect(klashRegisterBodySchema.safeParse(team([])).success).toBe(false);
  });

  it('names a tournament by slug or id in the path', () => {
    expect(klashTournamentParams.safeParse({ tournament: 'summer-cup' }).success).toBe(true);
    expect(
      klashTournamentParams.safeParse({ tournament: '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f' }).success,
    ).toBe(true);
    expect(klashTournamentParams.safeParse({ tournament: 'Summer Cup' }).success).toBe(false);
  });

  it('marks the money writes idempotent', () => {
    expect(klashRoutes.klashRegister.idempotent).toBe(true);
    expect(klashRoutes.klashWithdraw.idempotent).toBe(true);
  });
});
