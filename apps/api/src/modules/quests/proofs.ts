import {
  PROOF_IMAGE_MAX_BYTES,
  type ProofMethod,
  QUEST_NOT_STARTED_MESSAGE,
  TASK_NOT_FOUND_MESSAGE,
} from '@khel/core/contract';
import type { UserRow } from '@khel/db/schema';
import { questProofs, userQuests, userTasks } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { processProfilePicture } from '../profile/index.ts';
import { loadQuest } from './quests.ts';

export const PROOF_METHOD_MISMATCH_MESSAGE = (method: ProofMethod) =>
  `This task takes ${method === 'image' ? 'an image' : `a ${method}`} as proof.`;
export const PROOF_IMAGE_TOO_LARGE_MESSAGE = `The image is too large. It must be at most ${PROOF_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;

export type ProofInput =
  | { method: 'text'; text: string }
  | { method: 'link'; link: string }
  | { method: 'image'; declaredType: string; bytes: Buffer };

/**
 * Attaches proof to a task of a started quest (userquest/proofs v1 text, v2 link, v3 JPEG, re-encoded
 * like a profile picture so nothing of the original file is kept). The latest proof replaces the earlier one.
 */
export async function submitProof(
  deps: AppDeps,
  user: UserRow,
  questId: string,
  taskId: string,
  input: ProofInput,
) {
  const { tasks } = await loadQuest(deps.db, { id: questId });
  const task = tasks.find((t) => t.id === taskId && t.active);
  if (!task) throw new AppError(404, TASK_NOT_FOUND_MESSAGE);
  if (task.proof && task.proof !== input.method)
    throw new AppError(400, PROOF_METHOD_MISMATCH_MESSAGE(task.proof));
  const [started] = await deps.db
    .select({ questId: userQuests.questId })
    .from(userQuests)
    .where(and(eq(userQuests.userId, user.id), eq(userQuests.questId, questId)));
  if (!started) throw new AppError(409, QUEST_NOT_STARTED_MESSAGE);
  const image =
    input.method === 'image' ? (await processProfilePicture(input.declaredType, input.bytes)).jpeg : null;
  const now = deps.clock();
  const values = {
    userId: user.id,
    taskId,
    method: input.method,
    text: input.method === 'text' ? input.text : null,
    link: input.method === 'link' ? input.link : null,
    image,
    createdAt: now,
  };
  await deps.db.transaction(async (tx) => {
    await tx.insert(userTasks).values({ userId: user.id, taskId, questId }).onConflictDoNothing();
    await tx
      .insert(questProofs)
      .values(values)
      .onConflictDoUpdate({ target: [questProofs.userId, questProofs.taskId], set: values });
  });
  return { taskId, method: input.method, createdAt: now.toISOString() };
}
