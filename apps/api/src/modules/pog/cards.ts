import {
  POG_BADGE_TYPE_OF,
  POG_NOT_FOUND_MESSAGE,
  type PogBadge,
  type PogBadgeId,
  type PogCard,
  type PogMintRecord,
  type PogTheme,
  type PogVariant,
} from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { type PogCardRow, pogCards } from '@khel/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { publicOrigin } from '../../lib/public-origin.ts';

/** The public origin links are made with (PUBLIC_URL, else this server on localhost). */
export function originOf(deps: Pick<AppDeps, 'env'>): string {
  return publicOrigin(deps.env);
}

/** Where a card's pictures are served: the address changes with the avatar, so caches may keep each one. */
export function cardImageUrls(deps: Pick<AppDeps, 'env'>, name: string, version: string) {
  const base = `${originOf(deps)}/api/pog/cards/${encodeURIComponent(name)}`;
  return {
    front: `${base}/front.png?v=${version}`,
    back: `${base}/back.png?v=${version}`,
    share: `${base}/share.png?v=${version}`,
  };
}

export function avatarUrlOf(deps: Pick<AppDeps, 'env'>, name: string, version: number): string {
  return `${originOf(deps)}/api/pog/nft-image/${encodeURIComponent(name)}?v=${version}`;
}

export function showcaseUrlOf(deps: Pick<AppDeps, 'env'>, name: string): string {
  return `${originOf(deps)}/pog-showcase?username=${encodeURIComponent(name)}`;
}

export function mintRecordOf(card: PogCardRow): PogMintRecord | null {
  if (!card.mintedAt || !card.txHash || !card.chain) return null;
  return {
    chain: card.chain,
    network: card.network ?? '',
    contract: card.contract ?? '',
    tokenId: card.serial.toString(),
    owner: card.ownerAddress ?? '',
    txHash: card.txHash,
    block: card.block ?? '',
    explorerUrl: card.explorerUrl,
    mintedAt: card.mintedAt.toISOString(),
  };
}

/** One card as the lists read it: the card row's columns plus its scores, badges, clan, rank and the reader's like. */
export interface CardListRow {
  id: string;
  serial: string;
  name: string;
  theme: PogTheme | null;
  avatar_version: number;
  has_avatar: boolean;
  likes: number;
  chain: 'evm' | 'ton' | null;
  network: string | null;
  contract: string | null;
  owner_address: string | null;
  tx_hash: string | null;
  block: string | null;
  explorer_url: string | null;
  minted_at: string | Date | null;
  updated_at: string | Date;
  human: number | null;
  play: number | null;
  skill: number | null;
  commerce: number | null;
  social: number | null;
  total: number | null;
  variant: PogVariant | null;
  badges: { id: PogBadgeId; earnedAt: string }[] | null;
  clan_id: string | null;
  clan_name: string | null;
  liked_by_me: boolean;
  rank: number | null;
}

const iso = (v: string | Date | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

/** The rows a card list reads, with the aliases its WHERE and ORDER BY fragments use: c (card), s (scores), m (clan member). */
const CARD_FROM = sql`from pog_cards c
    left join pog_scores s on s.user_id = c.user_id
    left join clan_members m on m.user_id = c.user_id`;

/**
 * The SELECT every card list shares. `rank` is 1 + the minted cards with a better total (ties: minted earlier),
 * null while the card is not minted: the minted counts above the card's total (`pog_minted_counts`: per 64 totals
 * above its bucket, per total within it) plus the cards tied with it minted earlier (a range of
 * `pog_cards_total_idx`, on the card's copy of its owner's total, `score_total`), so a rank does not count the
 * cards.
 */
export function cardSelect(readerId: string | null): SQL {
  const reader = readerId ?? '00000000-0000-0000-0000-000000000000';
  return sql`
    select c.id, c.serial::text as serial, c.name, c.theme, c.avatar_version, (c.avatar is not null) as has_avatar,
      c.likes, c.chain, c.network, c.contract, c.owner_address, c.tx_hash, c.block, c.explorer_url, c.minted_at,
      c.updated_at, s.human, s.play, s.skill, s.commerce, s.social, s.total, s.variant,
      (select json_agg(json_build_object('id', b.badge, 'earnedAt', b.earned_at) order by b.earned_at, b.badge)
         from pog_badges b where b.user_id = c.user_id) as badges,
      cl.id as clan_id, cl.name as clan_name,
      exists (select 1 from pog_likes l where l.card_id = c.id and l.user_id = ${reader}::uuid) as liked_by_me,
      case when c.minted_at is null then null else (1
        + coalesce((select sum(k.count) from pog_minted_counts k
            where k.level = 1 and k.bucket > c.score_total >> 6), 0)
        + coalesce((select sum(k.count) from pog_minted_counts k
            where k.level = 0 and k.bucket > c.score_total and k.bucket < ((c.score_total >> 6) + 1) << 6), 0)
        + (select count(*) from pog_cards o where o.minted_at is not null and o.score_total = c.score_total
            and o.minted_at < c.minted_at)
      )::int end as rank
    ${CARD_FROM}
    left join clans cl on cl.id = m.clan_id and cl.deleted_at is null`;
}

export function toCard(deps: Pick<AppDeps, 'env'>, row: CardListRow): PogCard {
  const version = `${row.avatar_version}-${row.total ?? 0}-${row.tx_hash ? 'm' : 'u'}`;
  const badges: PogBadge[] = (row.badges ?? []).map((b) => ({
    id: b.id,
    type: POG_BADGE_TYPE_OF[b.id],
    earnedAt: iso(b.earnedAt)!,
  }));
  const mintedAt = iso(row.minted_at);
  return {
    id: row.id,
    name: row.name,
    theme: row.theme,
    variant: row.variant ?? 'Common',
    scores: {
      HUMAN: row.human ?? 0,
      PLAY: row.play ?? 0,
      SKILL: row.skill ?? 0,
      COMMERCE: row.commerce ?? 0,
      SOCIAL: row.social ?? 0,
    },
    total: row.total ?? 0,
    badges,
    avatarUrl: row.has_avatar ? avatarUrlOf(deps, row.name, row.avatar_version) : null,
    images: cardImageUrls(deps, row.name, version),
    showcaseUrl: showcaseUrlOf(deps, row.name),
    likes: row.likes,
    likedByMe: row.liked_by_me,
    clan: row.clan_id && row.clan_name ? { id: row.clan_id, name: row.clan_name } : null,
    mint:
      mintedAt && row.tx_hash && row.chain
        ? {
            chain: row.chain,
            network: row.network ?? '',
            contract: row.contract ?? '',
            tokenId: row.serial,
            owner: row.owner_address ?? '',
            txHash: row.tx_hash,
            block: row.block ?? '',
            explorerUrl: row.explorer_url,
            mintedAt,
          }
        : null,
    rank: row.rank,
  };
}

/** The rows of a raw query: postgres-js answers an array, PGlite an object with `rows`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

export async function cardsWhere(
  deps: Pick<AppDeps, 'env' | 'db'>,
  readerId: string | null,
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
): Promise<PogCard[]> {
  // The page's ids first (only what the order needs), then the costly columns (rank, badges, the reader's like)
  // for those rows alone.
  const rows = await rowsOf<CardListRow>(
    deps.db,
    sql`${cardSelect(readerId)} where c.id in (
      select c.id ${CARD_FROM}
      where ${where} order by ${order} limit ${limit} offset ${offset}
    ) order by ${order}`,
  );
  return rows.map((r) => toCard(deps, r));
}

/** Minted cards (of one variant), summed from `pog_minted_counts`. */
export async function mintedCount(db: Executor, variant?: PogVariant): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as n from pog_minted_counts
      where level = 1 ${variant ? sql`and score_variant = ${variant}` : sql``}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function countWhere(db: Executor, where: SQL): Promise<number> {
  const rows = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${CARD_FROM} where ${where}`);
  return Number(rows[0]?.n ?? 0);
}

export async function cardById(
  deps: Pick<AppDeps, 'env' | 'db'>,
  readerId: string | null,
  cardId: string,
): Promise<PogCard | null> {
  const [card] = await cardsWhere(deps, readerId, sql`c.id = ${cardId}::uuid`, sql`c.id`, 1, 0);
  return card ?? null;
}

/** A card by its POG name in any case; 404 when there is none. */
export async function cardByName(
  deps: Pick<AppDeps, 'env' | 'db'>,
  readerId: string | null,
  name: string,
): Promise<PogCard> {
  const [card] = await cardsWhere(deps, readerId, sql`c.name_key = ${name.toLowerCase()}`, sql`c.id`, 1, 0);
  if (!card) throw new AppError(404, POG_NOT_FOUND_MESSAGE);
  return card;
}

export async function cardRowByName(db: Executor, name: string): Promise<PogCardRow | null> {
  const [row] = await db.select().from(pogCards).where(sql`${pogCards.nameKey} = ${name.toLowerCase()}`);
  return row ?? null;
}

/** The token's metadata address (ERC-721 tokenURI / TEP-64 individual content). */
export function metadataUrlOf(deps: Pick<AppDeps, 'env'>, name: string): string {
  return `${originOf(deps)}/api/pog/metadata/${encodeURIComponent(name)}`;
}

/** ERC-721 / TEP-64 token metadata: name, description, image, the showcase, and the scores as attributes. */
export async function metadataOf(
  deps: Pick<AppDeps, 'env' | 'db'>,
  name: string,
): Promise<Record<string, unknown>> {
  const card = await cardByName(deps, null, name);
  return {
    name: `${card.name} · Proof of Gamer`,
    description: `Khel Proof of Gamer card of ${card.name}: ${card.variant}, total score ${card.total}.`,
    image: card.images.front,
    external_url: card.showcaseUrl,
    attributes: [
      { trait_type: 'Variant', value: card.variant },
      { trait_type: 'Theme', value: card.theme ?? 'None' },
      { trait_type: 'Total', value: card.total, display_type: 'number' },
      ...Object.entries(card.scores).map(([k, v]) => ({ trait_type: k, value: v, display_type: 'number' })),
      ...card.badges.map((b) => ({ trait_type: 'Badge', value: b.id })),
    ],
  };
}
