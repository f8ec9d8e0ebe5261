import {
  POG_NO_CARD_MESSAGE,
  POG_NOT_FOUND_MESSAGE,
  POG_NOT_MINTED_MESSAGE,
  POG_REFERRAL_KPOINTS,
  type PogFeed,
  type PogFeedPage,
  type PogShareChannel,
} from '@khel/core/contract';
import { publicName } from '@khel/core/format';
import type { Executor } from '@khel/db';
import { clanMembers, ledgerTransfers, pogCards, pogLikes, pogShares, users } from '@khel/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps, JobHandler, RecurringJob } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { clanImageUrl } from '../clans/index.ts';
import { POG_SHARE_HASHTAG } from '../quests/index.ts';
import { ensureReferralCode, inviteLinks } from '../referrals/index.ts';
import {
  cardById,
  cardImageUrls,
  cardsWhere,
  countWhere,
  mintedCount,
  rowsOf,
  showcaseUrlOf,
  type toCard,
} from './cards.ts';
import { cardOf } from './flow.ts';

/** Cards in the highlighted strip of a feed (its first ones). */
export const HIGHLIGHTED_COUNT = 5;

const MINTED = sql`c.minted_at is not null`;
/** By total (the card's copy, `score_total`), then minted earlier: the order of `pog_cards_total_idx`. */
const BY_TOTAL = sql`c.score_total desc nulls last, c.minted_at asc, c.id`;
/**
 * Hottest: most likes in the last 7 days (`recent_likes`), then most likes, then the newest: the order of
 * `pog_cards_hot_idx`.
 */
const HOTTEST = sql`c.recent_likes desc nulls last, c.likes desc nulls last, c.minted_at desc nulls last, c.id`;

export async function feedPage(
  deps: AppDeps,
  readerId: string | null,
  feed: PogFeed | 'list',
  options: { page: number; limit: number; highlighted?: boolean },
): Promise<PogFeedPage> {
  let where = MINTED;
  let order = BY_TOTAL;
  if (feed === 'legendary') where = sql`${MINTED} and c.score_variant = 'Legendary'`;
  if (feed === 'all') order = HOTTEST;
  if (feed === 'clan') {
    if (!readerId) throw new AppError(401, POG_NO_CARD_MESSAGE);
    const [member] = await deps.db
      .select({ clanId: clanMembers.clanId })
      .from(clanMembers)
      .where(eq(clanMembers.userId, readerId));
    const clanId = member?.clanId ?? '00000000-0000-0000-0000-000000000000';
    where = sql`${MINTED} and m.clan_id = ${clanId}::uuid`;
  }
  const limit = options.highlighted ? Math.min(options.limit, HIGHLIGHTED_COUNT) : options.limit;
  const page = options.highlighted ? 1 : options.page;
  const offset = (page - 1) * limit;
  const [cards, total] = await Promise.all([
    cardsWhere(deps, readerId, where, order, limit, offset),
    feed === 'clan'
      ? countWhere(deps.db, where)
      : mintedCount(deps.db, feed === 'legendary' ? 'Legendary' : undefined),
  ]);
  const shown = options.highlighted ? Math.min(total, limit) : total;
  return {
    feed: feed === 'list' ? 'all' : feed,
    cards,
    page,
    limit,
    total: shown,
    offset: offset + cards.length,
    isLastCard: offset + cards.length >= shown,
  };
}

/**
 * One like per user per card: the like row's primary key decides, and the card's count moves in the same
 * transaction only when a row was added (or removed), so concurrent likes count exactly.
 */
export async function setLike(deps: AppDeps, userId: string, cardId: string, like: boolean) {
  return deps.db.transaction(async (tx) => {
    const [card] = await tx
      .select({ id: pogCards.id, mintedAt: pogCards.mintedAt })
      .from(pogCards)
      .where(eq(pogCards.id, cardId));
    if (!card?.mintedAt) throw new AppError(404, POG_NOT_FOUND_MESSAGE);
    const changed = like
      ? await tx
          .insert(pogLikes)
          .values({ cardId, userId })
          .onConflictDoNothing()
          .returning({ c: pogLikes.cardId })
      : await tx
          .delete(pogLikes)
          .where(and(eq(pogLikes.cardId, cardId), eq(pogLikes.userId, userId)))
          .returning({ c: pogLikes.cardId, recent: sql<boolean>`${pogLikes.createdAt} > now() - ${RECENT}` });
    // An unlike takes back a recent like only if it still counted as recent.
    const recent = like ? 1 : changed.some((r) => 'recent' in r && r.recent) ? -1 : 0;
    const [row] =
      changed.length > 0
        ? await tx
            .update(pogCards)
            .set({
              likes: like ? sql`${pogCards.likes} + 1` : sql`greatest(0, ${pogCards.likes} - 1)`,
              recentLikes: sql`greatest(0, ${pogCards.recentLikes} + ${recent})`,
            })
            .where(eq(pogCards.id, cardId))
            .returning({ likes: pogCards.likes })
        : await tx.select({ likes: pogCards.likes }).from(pogCards).where(eq(pogCards.id, cardId));
    return { cardId, likes: row?.likes ?? 0, likedByMe: like };
  });
}

/** What counts as a recent like for the hottest feed. */
const RECENT = sql`interval '7 days'`;
export const POG_RECENT_LIKES_JOB = 'pog.recent-likes';

/**
 * The job: recounts `recent_likes` of the cards that may have a like ageing past 7 days (a non-zero count) or were
 * liked since its last run, from their like rows. The cards are locked first, so the recount (a later statement,
 * a later snapshot) sees every like that moved the count before it, and a like in flight moves it after.
 */
export async function refreshRecentLikes(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`select id from pog_cards where recent_likes > 0
        or id in (select card_id from pog_likes where created_at > now() - interval '10 minutes')
        order by id for update`,
    );
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);
    const updated = await tx
      .update(pogCards)
      .set({
        recentLikes: sql`(select count(*)::int from pog_likes l where l.card_id = ${pogCards.id}
          and l.created_at > now() - ${RECENT})`,
      })
      .where(inArray(pogCards.id, ids))
      .returning({ id: pogCards.id });
    return updated.length;
  });
}

export const pogRecentLikesJobHandlers: Record<string, JobHandler> = {
  [POG_RECENT_LIKES_JOB]: async (deps) => {
    await refreshRecentLikes(deps.db);
  },
};
export const pogRecentLikesRecurringJobs: RecurringJob[] = [{ kind: POG_RECENT_LIKES_JOB, everyMs: 60_000 }];

const SHARE_TEXT: Record<'en' | 'hi' | 'pt-BR', (name: string, total: number) => string> = {
  en: (name, total) =>
    `My Proof of Gamer card ${name} scores ${total}. Mint yours on Khel! #${POG_SHARE_HASHTAG}`,
  hi: (name, total) =>
    `मेरा प्रूफ़ ऑफ़ गेमर कार्ड ${name}: स्कोर ${total}। Khel पर अपना कार्ड बनाएँ! #${POG_SHARE_HASHTAG}`,
  'pt-BR': (name, total) =>
    `Meu cartão Prova de Gamer ${name} tem ${total} pontos. Crie o seu no Khel! #${POG_SHARE_HASHTAG}`,
};

/** Records a share (it counts for SOCIAL, and on X for the share task) and answers what to send. */
export async function shareCard(
  deps: AppDeps,
  userId: string,
  channel: PogShareChannel,
  lang: 'en' | 'hi' | 'pt-BR',
) {
  const row = await cardOf(deps.db, userId);
  if (!row) throw new AppError(409, POG_NO_CARD_MESSAGE);
  if (!row.mintedAt) throw new AppError(409, POG_NOT_MINTED_MESSAGE);
  const card = await cardById(deps, userId, row.id);
  await deps.db.insert(pogShares).values({ userId, cardId: row.id, channel });
  const url = `${showcaseUrlOf(deps, row.name)}&lang=${encodeURIComponent(lang)}`;
  const text = SHARE_TEXT[lang](row.name, card?.total ?? 0);
  const e = encodeURIComponent;
  const intents: Record<PogShareChannel, string | null> = {
    x: `https://x.com/intent/post?text=${e(text)}&url=${e(url)}`,
    telegram: `https://t.me/share/url?url=${e(url)}&text=${e(text)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`,
    whatsapp: `https://wa.me/?text=${e(`${text} ${url}`)}`,
    more: null,
  };
  return {
    channel,
    url,
    text,
    imageUrl: cardImageUrls(deps, row.name, String(row.avatarVersion)).share,
    intentUrl: intents[channel],
  };
}

/** Whether the user shared their minted card on X (the quests' `share_pog_x` task reads this). */
export async function sharedOnX(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pogShares.id })
    .from(pogShares)
    .where(and(eq(pogShares.userId, userId), eq(pogShares.channel, 'x')))
    .limit(1);
  return Boolean(row);
}

interface ClanBoardRow {
  clan_id: string;
  clan_name: string;
  logo_image_id: string | null;
  pog_score: number;
  minted: number;
  member_count: number;
}

/** /pog/leaderboard: clans by their members' minted cards' totals (top 100 + mine), or my clan's members. */
export async function pogLeaderboard(
  deps: AppDeps,
  readerId: string | null,
  tab: 'global-clans' | 'my-clan',
) {
  const [member] = readerId
    ? await deps.db
        .select({ clanId: clanMembers.clanId })
        .from(clanMembers)
        .where(eq(clanMembers.userId, readerId))
    : [];
  const clanBoard = sql`
    select cl.id as clan_id, cl.name as clan_name, cl.logo_image_id, cl.member_count,
      coalesce(sum(s.total), 0)::int as pog_score, count(c.id)::int as minted
    from clans cl
    join clan_members m on m.clan_id = cl.id
    join pog_cards c on c.user_id = m.user_id and c.minted_at is not null
    left join pog_scores s on s.user_id = c.user_id
    where cl.deleted_at is null
    group by cl.id`;
  const ranked = sql`select *, rank() over (order by pog_score desc, minted desc) ::int as rank,
    row_number() over (order by pog_score desc, minted desc, clan_id) as position from (${clanBoard}) as b`;
  const entry = (r: ClanBoardRow & { rank: number }) => ({
    rank: Number(r.rank),
    clanId: r.clan_id,
    clanName: r.clan_name,
    clanLogo: clanImageUrl(deps, r.clan_id, 'logo', r.logo_image_id),
    pogScore: Number(r.pog_score),
    minted: Number(r.minted),
    memberCount: Number(r.member_count),
  });
  const top = (
    await rowsOf<ClanBoardRow & { rank: number }>(
      deps.db,
      sql`select * from (${ranked}) as r where r.position <= 100 order by r.position`,
    )
  ).map(entry);
  let myClan = null;
  if (member) {
    const [mine] = await rowsOf<ClanBoardRow & { rank: number }>(
      deps.db,
      sql`select * from (${ranked}) as r where r.clan_id = ${member.clanId}::uuid`,
    );
    myClan = mine ? entry(mine) : null;
  }
  let members: { rank: number; card: ReturnType<typeof toCard> }[] = [];
  if (tab === 'my-clan' && member) {
    const cards = await cardsWhere(
      deps,
      readerId,
      sql`${MINTED} and m.clan_id = ${member.clanId}::uuid`,
      BY_TOTAL,
      100,
      0,
    );
    members = cards.map((card, i) => ({ rank: i + 1, card }));
  }
  return { tab, clans: tab === 'global-clans' ? top : [], myClan, members };
}

/** POG referrals: the user's invite links, who signed up through them and who minted, K-Points earned. */
export async function pogReferrals(deps: AppDeps, userId: string) {
  const code = await ensureReferralCode(deps.db, userId);
  const links = inviteLinks(deps, code);
  const friends = await deps.db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      name: pogCards.name,
      mintedAt: pogCards.mintedAt,
    })
    .from(users)
    .leftJoin(pogCards, eq(pogCards.userId, users.id))
    .where(eq(users.referredBy, userId))
    .orderBy(sql`${pogCards.mintedAt} desc nulls last`, users.createdAt)
    .limit(100);
  const [earned] = await deps.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
    .from(ledgerTransfers)
    .where(
      sql`${ledgerTransfers.idempotencyKey} like 'pog-referral:%' and ${ledgerTransfers.metadata}->>'referrer' = ${userId}`,
    );
  const minted = friends.filter((f) => f.mintedAt).length;
  return {
    code,
    webUrl: links.website,
    miniAppUrl: links.miniApp,
    invited: friends.length,
    minted,
    kpointsEarned: earned?.sum ?? '0',
    rewardPerMint: POG_REFERRAL_KPOINTS.toString(),
    friends: friends.map((f) => ({
      displayName: publicName(f),
      minted: Boolean(f.mintedAt),
      name: f.name,
    })),
  };
}
