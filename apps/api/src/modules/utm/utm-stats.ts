import type { Executor } from '@khel/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows.ts';

export interface LinkStats {
  clicks: number;
  visits: number;
  signUps: number;
  questCompletions: number;
}

/** A link's signed-up users who completed a quest, counted once each (their first completion). */
const completedQuest = sql`exists (select 1 from user_quests uq where uq.user_id = a.user_id and uq.completed_at is not null)`;

/** All-time results of the given links, by link id. */
export async function linkStats(db: Executor, linkIds: string[]): Promise<Map<string, LinkStats>> {
  if (linkIds.length === 0) return new Map();
  const rows = await queryRows<{
    id: string;
    clicks: number;
    visits: number;
    sign_ups: number;
    quests: number;
  }>(
    db,
    sql`select l.id, l.clicks,
          (select count(*) from utm_visits v where v.link_id = l.id)::int as visits,
          (select count(*) from utm_attributions a where a.link_id = l.id)::int as sign_ups,
          (select count(*) from utm_attributions a where a.link_id = l.id and ${completedQuest})::int as quests
        from utm_links l
        where l.id in (${sql.join(
          linkIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        clicks: Number(r.clicks),
        visits: Number(r.visits),
        signUps: Number(r.sign_ups),
        questCompletions: Number(r.quests),
      },
    ]),
  );
}

/** Every link's visits and sign-ups within [from, until) (operators' per-link report), busiest first. */
export async function utmLinkResults(db: Executor, range: { from: Date; until: Date }) {
  const [from, until] = [range.from.toISOString(), range.until.toISOString()];
  const rows = await queryRows<{
    code: string;
    target_type: string;
    target_slug: string;
    source: string;
    medium: string;
    campaign: string;
    visits: number;
    sign_ups: number;
    quests: number;
  }>(
    db,
    sql`select * from (
          select l.code, l.target_type, l.target_slug, l.source, l.medium, l.campaign,
            (select count(*) from utm_visits v where v.link_id = l.id
               and v.visited_at >= ${from}::timestamptz and v.visited_at < ${until}::timestamptz)::int as visits,
            (select count(*) from utm_attributions a where a.link_id = l.id
               and a.attributed_at >= ${from}::timestamptz and a.attributed_at < ${until}::timestamptz)::int as sign_ups,
            (select count(*) from utm_attributions a where a.link_id = l.id
               and a.attributed_at >= ${from}::timestamptz and a.attributed_at < ${until}::timestamptz
               and ${completedQuest})::int as quests
          from utm_links l
        ) r
        where visits > 0 or sign_ups > 0
        order by sign_ups desc, visits desc, code
        limit 500`,
  );
  return rows.map((r) => ({
    code: r.code,
    targetType: r.target_type,
    slug: r.target_slug,
    source: r.source,
    medium: r.medium,
    campaign: r.campaign,
    visits: Number(r.visits),
    signUps: Number(r.sign_ups),
    questCompletions: Number(r.quests),
  }));
}
