import { randomBytes, randomInt } from 'node:crypto';
import {
  type GeneratedLinks,
  type generateUtmLinkBodySchema,
  UTM_ALREADY_ATTRIBUTED_MESSAGE,
  UTM_ATTRIBUTION_WINDOW_HOURS,
  UTM_CODE_PARAM,
  UTM_CODE_PATTERN,
  UTM_LINK_NOT_FOUND_MESSAGE,
  UTM_MEDIUMS,
  UTM_RATE_LIMIT_MESSAGE,
  UTM_SOURCES,
  UTM_TARGET_NOT_FOUND_MESSAGE,
  UTM_TOO_LATE_MESSAGE,
  type UtmLink,
  type UtmTargetType,
  type UtmValues,
} from '@khel/core/contract';
import { CAMPAIGN_PATHS, SCREEN_PATHS } from '@khel/core/spa-routes';
import { type Executor, schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { linkStats } from './utm-stats.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock'>;
type LinkRow = typeof schema.utmLinks.$inferSelect;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const newCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Links one owner may make per minute. */
export const UTM_LINKS_PER_MINUTE = 20;
/** Visits one IP may add to the counts per minute (more still redirect, uncounted). */
export const UTM_COUNTED_VISITS_PER_MINUTE = 60;

/** Campaigns a link may point at: published, not a draft nor archived, not private. */
const HIDDEN_CAMPAIGN_STATES = ['DRAFT', 'ARCHIVED'] as const;
const LIVE_CAMPAIGN_STATES = ['PUBLISHED', 'LIVE'];

export interface UtmTarget {
  type: UtmTargetType;
  slug: string;
  title: string;
  live: boolean;
}

export async function findTarget(
  db: Executor,
  type: UtmTargetType,
  slug: string,
  now: Date,
): Promise<UtmTarget | null> {
  if (type === 'quest') {
    const q = schema.quests;
    const [row] = await db
      .select({ title: q.title, endsAt: q.endsAt })
      .from(q)
      .where(and(eq(q.slug, slug), eq(q.kind, 'quest'), isNotNull(q.publishedAt)));
    return row ? { type, slug, title: row.title, live: row.endsAt > now } : null;
  }
  const c = schema.campaigns;
  const [row] = await db
    .select({ title: c.title, status: c.status })
    .from(c)
    .where(and(eq(c.slug, slug), eq(c.private, false), notInArray(c.status, [...HIDDEN_CAMPAIGN_STATES])));
  return row ? { type, slug, title: row.title, live: LIVE_CAMPAIGN_STATES.includes(row.status) } : null;
}

const targetPath = (type: UtmTargetType, slug: string) =>
  (type === 'quest' ? SCREEN_PATHS.questDetailsSlug : CAMPAIGN_PATHS.campaign).replace(
    ':slug',
    encodeURIComponent(slug),
  );

/** The target page with the utm_* query and the code (what the short link redirects to). */
export function targetLocation(link: LinkRow): string {
  const query = new URLSearchParams({
    utm_source: link.source,
    utm_medium: link.medium,
    utm_campaign: link.campaign,
  });
  if (link.content) query.set('utm_content', link.content);
  if (link.term) query.set('utm_term', link.term);
  query.set(UTM_CODE_PARAM, link.code);
  return `${targetPath(link.targetType, link.targetSlug)}?${query}`;
}

function linkView(deps: Pick<Deps, 'env'>, link: LinkRow, target: UtmTarget | null): UtmLink {
  const origin = publicOrigin(deps.env);
  return {
    code: link.code,
    shortUrl: `${origin}/l/${link.code}`,
    targetUrl: `${origin}${targetLocation(link)}`,
    target: target ?? { type: link.targetType, slug: link.targetSlug, title: link.targetSlug, live: false },
    source: link.source,
    medium: link.medium,
    campaign: link.campaign,
    content: link.content,
    term: link.term,
    createdAt: link.createdAt.toISOString(),
  };
}

export type LinkOwner = { userId: string } | { operatorId: string };

export async function generateLink(
  deps: Deps,
  owner: LinkOwner,
  body: z.output<typeof generateUtmLinkBodySchema>,
): Promise<UtmLink> {
  const now = deps.clock();
  const ownerKey = 'userId' in owner ? `user:${owner.userId}` : `operator:${owner.operatorId}`;
  const hit = await hitRateLimit(deps.db, `utm-link:${ownerKey}`, UTM_LINKS_PER_MINUTE, 60_000, now);
  if (!hit.allowed)
    throw new AppError(429, UTM_RATE_LIMIT_MESSAGE, null, {
      'Retry-After': String(Math.ceil(hit.retryAfterMs / 1000)),
    });
  const target = await findTarget(deps.db, body.targetType, body.slug, now);
  if (!target) throw new AppError(404, UTM_TARGET_NOT_FOUND_MESSAGE);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await deps.db
      .insert(schema.utmLinks)
      .values({
        code: newCode(),
        ownerUserId: 'userId' in owner ? owner.userId : null,
        ownerOperatorId: 'operatorId' in owner ? owner.operatorId : null,
        targetType: body.targetType,
        targetSlug: body.slug,
        source: body.source,
        medium: body.medium,
        campaign: body.campaign,
        content: body.content ?? null,
        term: body.term ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: schema.utmLinks.code })
      .returning();
    if (row) return linkView(deps, row, target);
  }
  throw new Error('Could not find a free UTM code');
}

export async function utmValues(
  db: Executor,
  query: { questPage: number; questLimit: number; campaignLimit: number },
): Promise<UtmValues> {
  const q = schema.quests;
  const c = schema.campaigns;
  const quests = await db
    .select({ slug: q.slug, title: q.title })
    .from(q)
    .where(and(eq(q.kind, 'quest'), isNotNull(q.publishedAt)))
    .orderBy(desc(q.featured), desc(q.startsAt), asc(q.slug))
    .limit(query.questLimit)
    .offset((query.questPage - 1) * query.questLimit);
  const campaigns = await db
    .select({ slug: c.slug, title: c.title, status: c.status })
    .from(c)
    .where(and(eq(c.private, false), inArray(c.status, LIVE_CAMPAIGN_STATES as ('PUBLISHED' | 'LIVE')[])))
    .orderBy(desc(c.startsAt), asc(c.slug))
    .limit(query.campaignLimit);
  return { sources: [...UTM_SOURCES], mediums: [...UTM_MEDIUMS], quests, campaigns, ...query };
}

export async function generatedLinks(
  deps: Deps,
  userId: string,
  page: number,
  limit: number,
): Promise<GeneratedLinks> {
  const l = schema.utmLinks;
  const [total] = await deps.db.select({ n: count() }).from(l).where(eq(l.ownerUserId, userId));
  const rows = await deps.db
    .select()
    .from(l)
    .where(eq(l.ownerUserId, userId))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const stats = await linkStats(
    deps.db,
    rows.map((r) => r.id),
  );
  const now = deps.clock();
  const items = [];
  for (const row of rows) {
    const target = await findTarget(deps.db, row.targetType, row.targetSlug, now);
    items.push({
      ...linkView(deps, row, target),
      stats: stats.get(row.id) ?? { clicks: 0, visits: 0, signUps: 0, questCompletions: 0 },
    });
  }
  return { items, page, limit, total: Number(total?.n ?? 0) };
}

async function linkByCode(db: Executor, code: string): Promise<LinkRow | null> {
  if (!UTM_CODE_PATTERN.test(code)) return null;
  const [row] = await db.select().from(schema.utmLinks).where(eq(schema.utmLinks.code, code));
  return row ?? null;
}

/** The code a URL of ours carries: `<origin>/l/<code>` or any page of ours with `?kutm=<code>`. */
export function codeOfUrl(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const short = /^\/l\/([^/]+)\/?$/.exec(parsed.pathname)?.[1];
  return short ?? parsed.searchParams.get(UTM_CODE_PARAM);
}

export async function verifyLink(deps: Deps, query: { url?: string; code?: string }) {
  const code = query.code ?? codeOfUrl(query.url ?? '', publicOrigin(deps.env));
  const row = code ? await linkByCode(deps.db, code) : null;
  if (!row) return { ours: false, code: null, link: null };
  const target = await findTarget(deps.db, row.targetType, row.targetSlug, deps.clock());
  return { ours: true, code: row.code, link: linkView(deps, row, target) };
}

export const newVisitorId = () => randomBytes(16).toString('base64url');

/**
 * A short link opened: every open adds a click, a new visitor (browser cookie) adds a visit row once.
 * Past the per-IP cap the visitor is still redirected but not counted. Null when the code is unknown.
 */
export async function recordVisit(
  deps: Deps,
  code: string,
  visitorId: string,
  ip: string,
): Promise<LinkRow | null> {
  const now = deps.clock();
  const link = await linkByCode(deps.db, code);
  if (!link) return null;
  const hit = await hitRateLimit(deps.db, `utm-visit:${ip}`, UTM_COUNTED_VISITS_PER_MINUTE, 60_000, now);
  if (!hit.allowed) return link;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(schema.utmLinks)
      .set({ clicks: sql`${schema.utmLinks.clicks} + 1` })
      .where(eq(schema.utmLinks.id, link.id));
    await tx
      .insert(schema.utmVisits)
      .values({ linkId: link.id, visitorId, visitedAt: now })
      .onConflictDoNothing({ target: [schema.utmVisits.linkId, schema.utmVisits.visitorId] });
  });
  return link;
}

/**
 * A new account says which link it came through: at most one link per account (the primary key of
 * utm_attributions, so two requests at once record one), within 24 h of sign-up. Asking again with the
 * same link answers the same; another link is refused.
 */
export async function attributeSignUp(deps: Deps, user: UserRow, code: string): Promise<{ code: string }> {
  const now = deps.clock();
  const link = await linkByCode(deps.db, code);
  if (!link) throw new AppError(404, UTM_LINK_NOT_FOUND_MESSAGE);
  const [inserted] = await deps.db
    .select({ linkId: schema.utmAttributions.linkId })
    .from(schema.utmAttributions)
    .where(eq(schema.utmAttributions.userId, user.id));
  if (inserted) {
    if (inserted.linkId === link.id) return { code };
    throw new AppError(409, UTM_ALREADY_ATTRIBUTED_MESSAGE);
  }
  if (now.getTime() - user.createdAt.getTime() > UTM_ATTRIBUTION_WINDOW_HOURS * 3_600_000)
    throw new AppError(409, UTM_TOO_LATE_MESSAGE);
  const [row] = await deps.db
    .insert(schema.utmAttributions)
    .values({ userId: user.id, linkId: link.id, attributedAt: now })
    .onConflictDoNothing({ target: schema.utmAttributions.userId })
    .returning();
  if (row) return { code };
  // Another request for this account won the insert: the same answer if it chose the same link.
  const [winner] = await deps.db
    .select({ linkId: schema.utmAttributions.linkId })
    .from(schema.utmAttributions)
    .where(eq(schema.utmAttributions.userId, user.id));
  if (winner?.linkId === link.id) return { code };
  throw new AppError(409, UTM_ALREADY_ATTRIBUTED_MESSAGE);
}
