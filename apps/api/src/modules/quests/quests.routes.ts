import {
  PROOF_IMAGE_MAX_BYTES,
  PROOF_METHODS,
  QUEST_NOT_FOUND_MESSAGE,
  questsRoutes,
  UUID_PATTERN,
} from '@khel/core/contract';
import { questTasks, userQuests, userTasks } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, envelope } from '../../lib/http.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { PICTURE_MESSAGES } from '../profile/index.ts';
import { followedHubs, setHubFollow } from './hub-follows.ts';
import { PROOF_IMAGE_TOO_LARGE_MESSAGE, submitProof } from './proofs.ts';
import { getQuestDetails, listQuests, questFilters } from './quests.ts';
import {
  getQuestSlots,
  getQuestStatus,
  myQuests,
  startQuest,
  todayQuests,
  validateTask,
} from './user-quests.ts';
import { readRedirectToken } from './validators/redirection.ts';

/** SPEC §7 quest and userquest paths (README.md), and the signed redirect of URI redirection tasks. */
export function questsRouter() {
  const app = new Hono<AppEnv>();

  mountQuestBrowseRoutes(app);
  mountUserQuestRoutes(app);
  mountProofRoutes(app);
  return app;
}

/** Quests to browse, and the hubs the user follows. */
function mountQuestBrowseRoutes(app: Hono<AppEnv>): void {
  mount(app, questsRoutes.questList, async ({ c, query }) => ({
    data: await listQuests(c.get('deps').db, query, c.get('deps').clock()),
  }));
  mount(app, questsRoutes.questFilters, async ({ c }) => ({
    data: await questFilters(c.get('deps').db, c.get('deps').clock()),
  }));
  mount(app, questsRoutes.questDetails, async ({ c, params }) => ({
    data: await getQuestDetails(c.get('deps').db, params.slug, c.get('deps').clock()),
  }));
  mount(app, questsRoutes.followedHubs, ACTIVE_USER, async ({ c, user }) => ({
    data: { hubs: await followedHubs(c.get('deps').db, user.id) },
  }));
  mount(app, questsRoutes.followHub, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await setHubFollow(c.get('deps').db, user.id, params.slug, true),
  }));
  mount(app, questsRoutes.unfollowHub, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await setHubFollow(c.get('deps').db, user.id, params.slug, false),
  }));
}

/** The user's quests: started, live, slots, status and task validation. */
function mountUserQuestRoutes(app: Hono<AppEnv>): void {
  mount(app, questsRoutes.myQuests, ACTIVE_USER, async ({ c, user }) => ({
    data: await myQuests(c.get('deps'), user.id, false),
  }));
  mount(app, questsRoutes.todayQuests, ACTIVE_USER, async ({ c, user }) => ({
    data: await todayQuests(c.get('deps'), user.id),
  }));
  mount(app, questsRoutes.liveQuests, ACTIVE_USER, async ({ c, user }) => ({
    data: await myQuests(c.get('deps'), user.id, true),
  }));
  mount(app, questsRoutes.startQuest, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await startQuest(c.get('deps'), user, body.questId),
    message: 'Quest started',
  }));
  mount(app, questsRoutes.questSlots, ACTIVE_USER, async ({ c, params }) => ({
    data: await getQuestSlots(c.get('deps').db, params.questId),
  }));
  mount(app, questsRoutes.questStatus, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await getQuestStatus(c.get('deps'), user.id, params.questId),
  }));
  mount(app, questsRoutes.validateTask, ACTIVE_USER, async ({ c, user, body }) => {
    const result = await validateTask(c.get('deps'), user, body);
    return { data: result, message: result.verified ? 'Task verified' : (result.message ?? undefined) };
  });
}

/** Task proofs: the methods, text, link and image (size-limited before reading), and the redirection link. */
function mountProofRoutes(app: Hono<AppEnv>): void {
  mount(app, questsRoutes.proofMethods, async () => ({
    data: { methods: PROOF_METHODS.map((method, i) => ({ version: `v${i + 1}`, method })) },
  }));
  mount(app, questsRoutes.proofText, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await submitProof(c.get('deps'), user, body.questId, body.taskId, {
      method: 'text',
      text: body.text,
    }),
    status: 201,
  }));
  mount(app, questsRoutes.proofLink, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await submitProof(c.get('deps'), user, body.questId, body.taskId, {
      method: 'link',
      link: body.link,
    }),
    status: 201,
  }));
  app.post(questsRoutes.proofImage.path, async (c, next) =>
    bodyLimit({
      maxSize: PROOF_IMAGE_MAX_BYTES + 64 * 1024,
      onError: (ctx) => envelope(ctx, 413, null, PROOF_IMAGE_TOO_LARGE_MESSAGE),
    })(c, next),
  );
  mount(app, questsRoutes.proofImage, ACTIVE_USER, async ({ c, user }) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError(400, PICTURE_MESSAGES.missing);
    }
    const questId = typeof form.questId === 'string' ? form.questId : '';
    const taskId = typeof form.taskId === 'string' ? form.taskId : '';
    if (!UUID_PATTERN.test(questId)) throw new AppError(404, QUEST_NOT_FOUND_MESSAGE);
    if (!UUID_PATTERN.test(taskId)) throw new AppError(404, QUEST_NOT_FOUND_MESSAGE);
    const file = form.image;
    if (!(file instanceof File) || file.size === 0) throw new AppError(400, PICTURE_MESSAGES.missing);
    if (file.size > PROOF_IMAGE_MAX_BYTES) throw new AppError(413, PROOF_IMAGE_TOO_LARGE_MESSAGE);
    const bytes = Buffer.from(await file.arrayBuffer());
    return {
      data: await submitProof(c.get('deps'), user, questId, taskId, {
        method: 'image',
        declaredType: file.type,
        bytes,
      }),
      status: 201,
    };
  });

  // A redirection task's signed link: records the visit, then sends the browser on (302, not an envelope).
  app.get('/userquest/redirect/:token', async (c) => {
    const deps = c.get('deps');
    const token = c.req.param('token');
    const named = token.length <= 200 ? readRedirectToken(deps.secrets.questLinkKey, token) : null;
    if (!named || !UUID_PATTERN.test(named.taskId) || !UUID_PATTERN.test(named.userId))
      throw new AppError(404, 'This link is not valid.');
    const [task] = await deps.db.select().from(questTasks).where(eq(questTasks.id, named.taskId));
    const url = task?.type === 'uri_redirection' ? (task.config as { url?: string }).url : undefined;
    if (!task || !url) throw new AppError(404, 'This link is not valid.');
    const [started] = await deps.db
      .select({ questId: userQuests.questId })
      .from(userQuests)
      .where(and(eq(userQuests.userId, named.userId), eq(userQuests.questId, task.questId)));
    if (started)
      await deps.db
        .insert(userTasks)
        .values({ userId: named.userId, taskId: task.id, questId: task.questId, visitedAt: deps.clock() })
        .onConflictDoUpdate({
          target: [userTasks.userId, userTasks.taskId],
          set: { visitedAt: deps.clock(), updatedAt: deps.clock() },
        });
    return c.redirect(url, 302);
  });
}
