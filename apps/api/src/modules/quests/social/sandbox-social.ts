import {
  type SandboxSocialAction,
  type SandboxSocialActionInput,
  X_BIO_MAX_LENGTH,
  X_POST_MAX_LENGTH,
} from '@khel/core/contract';
import type { Database } from '@khel/db';
import { sandboxSocialActions } from '@khel/db/schema';
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { AppError } from '../../../lib/http.ts';
import type { DiscordProvider } from './discord-provider.ts';
import {
  hasHashtag,
  normaliseHandle,
  postIdOf,
  X_RECENT_SEARCH_DAYS,
  type XPost,
  type XProvider,
} from './x-provider.ts';

/**
 * The SANDBOX X and Discord providers (DESIGN §8): they reach neither platform. They keep their own
 * record of who did what in `sandbox_social_actions` (platform, actor = the platform's user id,
 * action, target, value), which a developer writes by acting as the platform at GET /api/dev/social or
 * through POST /api/dev/social/actions, and answer the providers' questions from it by the platforms'
 * rules: an undo (unlike, unfollow, leave, role_remove) cancels what came before, recent search only
 * sees the last 7 days, leaving a guild drops its roles, a post is at most 280 characters and a bio 160.
 */

type SandboxSocialActionRow = typeof sandboxSocialActions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each undo and what it undoes: the latest of the pair for a target decides. */
const UNDO_OF = { unlike: 'like', unretweet: 'retweet', unfollow: 'follow' } as const;

type XPairAction = 'like' | 'retweet' | 'follow';

const rowsOf = (db: Database, platform: 'x' | 'discord', actor: string, actions: string[], target?: string) =>
  db
    .select()
    .from(sandboxSocialActions)
    .where(
      and(
        eq(sandboxSocialActions.platform, platform),
        eq(sandboxSocialActions.actor, actor),
        inArray(sandboxSocialActions.action, actions),
        ...(target === undefined ? [] : [eq(sandboxSocialActions.target, target)]),
      ),
    );

export class SandboxXProvider implements XProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /** Whether the latest of `action` and its undo on `target` is the action. */
  private async isOn(actor: string, action: XPairAction, target: string) {
    const undo = Object.entries(UNDO_OF).find(([, a]) => a === action)![0];
    const [latest] = await rowsOf(this.db, 'x', actor, [action, undo], target)
      .orderBy(desc(sandboxSocialActions.id))
      .limit(1);
    return latest?.action === action;
  }

  hasLiked(xUserId: string, postId: string) {
    return this.isOn(xUserId, 'like', postId);
  }

  hasRetweeted(xUserId: string, postId: string) {
    return this.isOn(xUserId, 'retweet', postId);
  }

  async hasReplied(xUserId: string, postId: string): Promise<XPost | null> {
    const [reply] = await rowsOf(this.db, 'x', xUserId, ['reply'], postId)
      .orderBy(desc(sandboxSocialActions.id))
      .limit(1);
    return reply ? { id: sandboxPostId(reply), text: reply.value } : null;
  }

  follows(xUserId: string, handle: string) {
    return this.isOn(xUserId, 'follow', normaliseHandle(handle));
  }

  async recentPostsWithHashtag(xUserId: string, hashtag: string): Promise<XPost[]> {
    const since = new Date(this.clock().getTime() - X_RECENT_SEARCH_DAYS * DAY_MS);
    const posts = await this.db
      .select()
      .from(sandboxSocialActions)
      .where(
        and(
          eq(sandboxSocialActions.platform, 'x'),
          eq(sandboxSocialActions.actor, xUserId),
          eq(sandboxSocialActions.action, 'post'),
          gte(sandboxSocialActions.createdAt, since),
        ),
      )
      .orderBy(desc(sandboxSocialActions.id))
      .limit(100);
    return posts
      .filter((p) => hasHashtag(p.value, hashtag))
      .map((p) => ({ id: sandboxPostId(p), text: p.value }));
  }

  async bio(xUserId: string) {
    const [latest] = await rowsOf(this.db, 'x', xUserId, ['bio'])
      .orderBy(desc(sandboxSocialActions.id))
      .limit(1);
    // The sandbox knows every id; someone who never set a bio has an empty one.
    return latest?.value ?? '';
  }
}

const sandboxPostId = (row: SandboxSocialActionRow) => `sandbox-${row.id}`;

/** A member's state in a guild, replayed from the recorded joins, leaves and role changes. */
async function guildState(db: Database, discordUserId: string, guildId: string) {
  const rows = await rowsOf(
    db,
    'discord',
    discordUserId,
    ['join', 'leave', 'role_add', 'role_remove'],
    guildId,
  ).orderBy(asc(sandboxSocialActions.id));
  let member = false;
  const roles = new Set<string>();
  for (const row of rows) {
    if (row.action === 'join') member = true;
    else if (row.action === 'leave') {
      member = false;
      roles.clear();
    } else if (row.action === 'role_add' && member) roles.add(row.value);
    else if (row.action === 'role_remove') roles.delete(row.value);
  }
  return { member, roles: [...roles] };
}

export class SandboxDiscordProvider implements DiscordProvider {
  readonly name = 'sandbox';

  constructor(private readonly db: Database) {}

  async isGuildMember(discordUserId: string, guildId: string) {
    return (await guildState(this.db, discordUserId, guildId)).member;
  }

  async memberRoles(discordUserId: string, guildId: string) {
    const state = await guildState(this.db, discordUserId, guildId);
    return state.member ? state.roles : null;
  }
}

const bad = (message: string): never => {
  throw new AppError(400, message);
};

/** Checks and normalises one action as the platform would (a post link to its id, a handle without @). */
async function normalised(db: Database, input: SandboxSocialActionInput) {
  const target = input.target.trim();
  const value = input.value;
  switch (input.action) {
    case 'like':
    case 'unlike':
    case 'retweet':
    case 'unretweet':
    case 'reply': {
      const postId =
        postIdOf(target) ??
        bad('Give the X post as its link (https://x.com/<handle>/status/<id>) or its id.');
      if (input.action === 'reply') {
        if (!value.trim()) bad('Write the text of the reply.');
        if ([...value].length > X_POST_MAX_LENGTH) bad(`A reply is at most ${X_POST_MAX_LENGTH} characters.`);
      }
      return { target: postId, value: input.action === 'reply' ? value : '' };
    }
    case 'follow':
    case 'unfollow': {
      const handle = normaliseHandle(target);
      if (!/^[a-z0-9_]{1,15}$/.test(handle)) bad('Give the X handle to follow, such as @khelgames.');
      return { target: handle, value: '' };
    }
    case 'post':
      if (!value.trim()) bad('Write the text of the post.');
      if ([...value].length > X_POST_MAX_LENGTH) bad(`A post is at most ${X_POST_MAX_LENGTH} characters.`);
      return { target: '', value };
    case 'bio':
      if ([...value].length > X_BIO_MAX_LENGTH) bad(`A bio is at most ${X_BIO_MAX_LENGTH} characters.`);
      return { target: '', value };
    case 'join':
    case 'leave':
      if (!/^\d{5,25}$/.test(target)) bad('Give the Discord server (guild) id, digits only.');
      return { target, value: '' };
    case 'role_add':
    case 'role_remove': {
      if (!/^\d{5,25}$/.test(target)) bad('Give the Discord server (guild) id, digits only.');
      const role = value.trim();
      if (!/^\d{5,25}$/.test(role)) bad('Give the role id, digits only.');
      if (input.action === 'role_add' && !(await guildState(db, input.actor, target)).member)
        bad('Only a member of the server can get a role: record the join first.');
      return { target, value: role };
    }
  }
}

/** Records what a person did on the platform, as the sandbox will report it. */
export async function recordSocialAction(
  db: Database,
  input: SandboxSocialActionInput,
  now: Date,
): Promise<SandboxSocialAction> {
  const { target, value } = await normalised(db, input);
  const [row] = await db
    .insert(sandboxSocialActions)
    .values({
      platform: input.platform,
      actor: input.actor,
      action: input.action,
      target,
      value,
      createdAt: now,
    })
    .returning();
  return socialActionView(row!);
}

export const socialActionView = (row: SandboxSocialActionRow): SandboxSocialAction => ({
  id: row.id,
  platform: row.platform as 'x' | 'discord',
  actor: row.actor,
  action: row.action as SandboxSocialAction['action'],
  target: row.target,
  value: row.value,
  createdAt: row.createdAt.toISOString(),
});

/** The latest recorded X and Discord actions, newest first (the sandbox page lists them). */
export async function latestSocialActions(db: Database, limit = 20) {
  const rows = await db
    .select()
    .from(sandboxSocialActions)
    .where(inArray(sandboxSocialActions.platform, ['x', 'discord']))
    .orderBy(desc(sandboxSocialActions.id))
    .limit(limit);
  return rows.map(socialActionView);
}
