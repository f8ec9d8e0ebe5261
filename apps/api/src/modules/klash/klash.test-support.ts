import { randomUUID } from 'node:crypto';
import type { KlashTournamentInput } from '@khel/core/contract';
import { schema } from '@khel/db';
import type { TestContext } from '../../test-support.ts';
import { systemAccountBalance } from '../ledger/ledger.ts';
import { createOperator } from '../operators/operators.ts';

export const HOUR = 3_600_000;

/** A game of its own for the tests' tournaments. */
export async function klashGame(ctx: TestContext): Promise<string> {
  const slug = `klash-game-${randomUUID().slice(0, 8)}`;
  await ctx.deps.db
    .insert(schema.games)
    .values({ slug, name: 'Klash Test Game', coverUrl: '/covers/test.png' });
  return slug;
}

export async function operatorAuth(ctx: TestContext) {
  const op = await createOperator(ctx.deps.db, `klash.ops.${randomUUID().slice(0, 6)}`);
  return { authorization: `Operator ${op.token}` };
}

/** A tournament input opening registration now, starting in `startInHours`. */
export function tournamentInput(
  ctx: TestContext,
  gameSlug: string,
  fields: Partial<KlashTournamentInput> = {},
): KlashTournamentInput {
  const now = ctx.now().getTime();
  return {
    slug: `cup-${randomUUID().slice(0, 8)}`,
    title: 'Test Cup',
    description: 'A test tournament.',
    rules: '',
    coverUrl: null,
    gameSlug,
    format: 'bracket',
    mode: 'solo',
    teamSize: 1,
    capacity: 8,
    registrationOpensAt: new Date(now - HOUR).toISOString(),
    registrationClosesAt: new Date(now + 2 * HOUR).toISOString(),
    startsAt: new Date(now + 3 * HOUR).toISOString(),
    endsAt: null,
    matchMinutes: 60,
    entryFee: '0',
    prizes: {
      kind: 'rank',
      ranks: [
        { rank: 1, amount: '1200000' },
        { rank: 2, amount: '800000' },
      ],
    },
    ...fields,
  };
}

/** Creates and opens a tournament through the operator API; returns its id and slug. */
export async function openedTournament(ctx: TestContext, input: KlashTournamentInput) {
  const auth = await operatorAuth(ctx);
  const created = await ctx.json('/operator/klash/tournaments', {
    method: 'PUT',
    body: input,
    headers: auth,
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body.message}`);
  const opened = await ctx.json(`/operator/klash/tournaments/${input.slug}/open`, {
    method: 'POST',
    headers: auth,
  });
  if (opened.status !== 200) throw new Error(`open: ${opened.status} ${opened.body.message}`);
  return { id: created.body.data.id as string, slug: input.slug, auth };
}

export const systemBalance = (ctx: TestContext, kind: schema.SystemAccountKind) =>
  systemAccountBalance(ctx.deps.db, kind, 'KCASH');

export const idem = () => ({ 'Idempotency-Key': randomUUID() });
