import {
  type PublicUser,
  USER_NOT_FOUND_MESSAGE,
  USER_RECENT_NOT_FOUND_MESSAGE,
  USER_RECENT_SEARCHES_MAX,
  type UserActivity,
  type UserNft,
} from '@khel/core/contract';
import { formatAmount, publicName } from '@khel/core/format';
import type { Executor, Transaction } from '@khel/db';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { cardImageUrls, rowsOf, showcaseUrlOf } from '../pog/index.ts';
import { profilePictureUrl } from '../profile/index.ts';

/**
 * Finding gamers: search, recent searches, batch details, id from username, NFTs held, the activity timeline.
 * Every answer about another user is built by `toPublicUser` from `PUBLIC_COLUMNS` alone: no phone, email, KYC,
 * Telegram id or wallet ever leaves through here.
 */

interface PublicRow {
  id: string;
  username: string | null;
  first_name: string | null;
  picture_at: Date | string | null;
  clan_id: string | null;
  clan_name: string | null;
  pog_variant: PublicUser['pogVariant'];
  pog_name: string | null;
}

const PUBLIC_COLUMNS = sql`u.id, u.username, u.first_name, pp.updated_at as picture_at,
  cl.id as clan_id, cl.name as clan_name,
  case when pc.minted_at is not null then coalesce(ps.variant, 'Common') end as pog_variant,
  case when pc.minted_at is not null then pc.name end as pog_name`;
const PUBLIC_FROM = sql`from users u
  left join profile_pictures pp on pp.user_id = u.id
  left join clan_members m on m.user_id = u.id
  left join clans cl on cl.id = m.clan_id and cl.deleted_at is null
  left join pog_cards pc on pc.user_id = u.id
  left join pog_scores ps on ps.user_id = u.id`;
/** Deleted accounts (and those on their way out) are not found. */
const LIVE = sql`u.deleted_at is null and u.deletion_requested_at is null`;

function toPublicUser(deps: Pick<AppDeps, 'env'>, r: PublicRow): PublicUser {
  const pictureAt = r.picture_at ? new Date(r.picture_at) : null;
  return {
    id: r.id,
    username: r.username,
    displayName: publicName({ id: r.id, username: r.username, firstName: r.first_name }),
    avatarUrl: pictureAt ? profilePictureUrl(deps as AppDeps, r.id, pictureAt) : null,
    clan: r.clan_id && r.clan_name ? { id: r.clan_id, name: r.clan_name } : null,
    pogVariant: r.pog_variant ?? null,
    pogName: r.pog_name ?? null,
  };
}

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users whose username or first name starts with `q`, any case. Each arm is a prefix match on its own
 * `lower(…) text_pattern_ops` index (users_username_prefix_idx, users_first_name_prefix_idx); exact username
 * matches first, then shorter names, then by name.
 */
export async function searchUsers(
  deps: Pick<AppDeps, 'env' | 'db'>,
  readerId: string,
  q: string,
  page: { page: number; limit: number },
) {
  const prefix = likePrefix(q.trim());
  const exact = q.trim().toLowerCase();
  const rows = await rowsOf<PublicRow>(
    deps.db,
    sql`select ${PUBLIC_COLUMNS} ${PUBLIC_FROM}
      where u.id in (
        select id from users where lower(username) like ${prefix}
        union
        select id from users where lower(first_name) like ${prefix}
      ) and ${LIVE} and u.id <> ${readerId}::uuid
      order by (lower(u.username) = ${exact}) desc nulls last,
        length(coalesce(u.username, u.first_name)), lower(coalesce(u.username, u.first_name)), u.id
      limit ${page.limit + 1} offset ${(page.page - 1) * page.limit}`,
  );
  return {
    users: rows.slice(0, page.limit).map((r) => toPublicUser(deps, r)),
    page: page.page,
    limit: page.limit,
    isLastPage: rows.length <= page.limit,
  };
}

/** Public details of the given ids, in the order asked; unknown or deleted ids are left out. */
export async function batchDetails(deps: Pick<AppDeps, 'env' | 'db'>, ids: string[]) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await rowsOf<PublicRow>(
    deps.db,
    sql`select ${PUBLIC_COLUMNS} ${PUBLIC_FROM}
      where u.id in (${sql.join(
        unique.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and ${LIVE}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toPublicUser(deps, r)] : [];
  });
}

export async function userByUsername(deps: Pick<AppDeps, 'env' | 'db'>, username: string) {
  const [row] = await rowsOf<PublicRow>(
    deps.db,
    sql`select ${PUBLIC_COLUMNS} ${PUBLIC_FROM} where lower(u.username) = ${username.toLowerCase()} and ${LIVE}`,
  );
  if (!row) throw new AppError(404, USER_NOT_FOUND_MESSAGE);
  return toPublicUser(deps, row);
}

export async function recentSearches(deps: Pick<AppDeps, 'env' | 'db'>, userId: string) {
  const rows = await rowsOf<PublicRow>(
    deps.db,
    sql`select ${PUBLIC_COLUMNS} ${PUBLIC_FROM}
      join user_recent_searches r on r.searched_user_id = u.id
      where r.user_id = ${userId}::uuid and ${LIVE}
      order by r.searched_at desc
      limit ${USER_RECENT_SEARCHES_MAX}`,
  );
  return rows.map((r) => toPublicUser(deps, r));
}

/**
 * Remembers a pick: once per gamer (a second pick moves it to the top), and only the last ten (the rest are
 * deleted in the same transaction, so the table never grows past ten rows a user).
 */
export async function recordRecentSearch(tx: Transaction, userId: string, searchedUserId: string, now: Date) {
  const target = await rowsOf<{ id: string }>(
    tx,
    sql`select u.id from users u where u.id = ${searchedUserId}::uuid and ${LIVE}`,
  );
  if (target.length === 0 || searchedUserId.toLowerCase() === userId) {
    throw new AppError(404, USER_RECENT_NOT_FOUND_MESSAGE);
  }
  await tx.execute(sql`insert into user_recent_searches (user_id, searched_user_id, searched_at)
    values (${userId}::uuid, ${searchedUserId}::uuid, ${now.toISOString()}::timestamptz)
    on conflict (user_id, searched_user_id) do update set searched_at = excluded.searched_at`);
  await tx.execute(sql`delete from user_recent_searches where user_id = ${userId}::uuid
    and searched_user_id not in (
      select searched_user_id from user_recent_searches where user_id = ${userId}::uuid
      order by searched_at desc, searched_user_id limit ${USER_RECENT_SEARCHES_MAX})`);
}

export async function clearRecentSearches(db: Executor, userId: string) {
  await db.execute(sql`delete from user_recent_searches where user_id = ${userId}::uuid`);
}

interface NftRow {
  name: string;
  chain: UserNft['chain'];
  network: string | null;
  contract: string | null;
  serial: string;
  explorer_url: string | null;
  tx_hash: string;
  minted_at: Date | string;
  avatar_version: number;
  total: number | null;
}

/** The NFTs the user holds: their POG card once minted, on EVM or TON (one card a user today). */
export async function userNfts(deps: Pick<AppDeps, 'env' | 'db'>, userId: string): Promise<UserNft[]> {
  const rows = await rowsOf<NftRow>(
    deps.db,
    sql`select c.name, c.chain, c.network, c.contract, c.serial::text as serial, c.explorer_url, c.tx_hash,
        c.minted_at, c.avatar_version, s.total
      from pog_cards c left join pog_scores s on s.user_id = c.user_id
      where c.user_id = ${userId}::uuid and c.minted_at is not null and c.chain is not null`,
  );
  return rows.map((r) => ({
    kind: 'pog',
    name: r.name,
    chain: r.chain,
    network: r.network ?? '',
    contract: r.contract ?? '',
    tokenId: r.serial,
    imageUrl: cardImageUrls(deps, r.name, `${r.avatar_version}-${r.total ?? 0}-m`).front,
    showcaseUrl: showcaseUrlOf(deps, r.name),
    explorerUrl: r.explorer_url,
    txHash: r.tx_hash,
    mintedAt: new Date(r.minted_at).toISOString(),
  }));
}

interface ActivityRow {
  kind: UserActivity['kind'];
  at: Date | string;
  title: string;
  path: string | null;
  amount: string | null;
}

/**
 * The user's own verified activity, newest first: quests completed, campaign entries finished, clan joins
 * (joined or approved), the POG mint and earnings collected. Read from each capability's own table; nothing is
 * copied, so the timeline is always what those tables say.
 */
export async function userActivity(db: Executor, userId: string, page: { page: number; limit: number }) {
  const rows = await rowsOf<ActivityRow>(
    db,
    sql`select * from (
      select 'quest_completed' as kind, uq.completed_at as at, q.title, '/quest-details/' || q.slug as path,
        null::text as amount
        from user_quests uq join quests q on q.id = uq.quest_id
        where uq.user_id = ${userId}::uuid and uq.completed_at is not null
      union all
      select 'campaign_entered', e.finished_at, c.title, '/k-drop/campaigns/' || c.slug, null
        from campaign_entries e join campaigns c on c.id = e.campaign_id
        where e.user_id = ${userId}::uuid and e.finished_at is not null and e.status = 'FINISHED'
      union all
      select 'clan_joined', ev.at, cl.name, '/discover-clan?clanId=' || cl.id, null
        from clan_events ev join clans cl on cl.id = ev.clan_id
        where ev.user_id = ${userId}::uuid and ev.kind in ('join', 'approved', 'creation')
      union all
      select 'pog_minted', pc.minted_at, pc.name, '/pog-showcase?username=' || pc.name, null
        from pog_cards pc where pc.user_id = ${userId}::uuid and pc.minted_at is not null
      union all
      select 'earning_collected', er.collected_at, er.title, '/collect-earnings', er.amount::text
        from earnings er where er.user_id = ${userId}::uuid and er.collected_at is not null
    ) a order by at desc, kind, title
    limit ${page.limit + 1} offset ${(page.page - 1) * page.limit}`,
  );
  const items: UserActivity[] = rows.slice(0, page.limit).map((r) => ({
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    title: r.title,
    path: r.path,
    amount: r.amount === null ? null : formatAmount(r.amount, 'KCASH'),
    currency: r.amount === null ? null : 'KCASH',
  }));
  return { items, page: page.page, limit: page.limit, isLastPage: rows.length <= page.limit };
}
