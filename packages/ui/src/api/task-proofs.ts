import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { unwrap } from '../lib/api-result.ts';

// The proofs of a task (POST /userquest/proofs/v1..v3), sent with the questId of the quest row that
// holds the task: a quest's own, or a campaign's (its `questId`). Quests and campaigns both send them.

/** POST /userquest/proofs/v1: a text proof. */
export async function addTextProof(
  client: ApiClient,
  body: { questId: string; taskId: string; text: string },
) {
  return unwrap(await client.request(questsRoutes.proofText, { body }));
}

/** POST /userquest/proofs/v2: a link proof. */
export async function addLinkProof(
  client: ApiClient,
  body: { questId: string; taskId: string; link: string },
) {
  return unwrap(await client.request(questsRoutes.proofLink, { body }));
}

export interface ImageProofInput {
  questId: string;
  taskId: string;
  image: Blob;
}

/** POST /userquest/proofs/v3: a JPEG image, as multipart (questId, taskId, image). */
export async function addImageProof(client: ApiClient, { questId, taskId, image }: ImageProofInput) {
  const formData = new FormData();
  formData.set('questId', questId);
  formData.set('taskId', taskId);
  formData.set('image', image, 'proof.jpg');
  return unwrap(await client.request(questsRoutes.proofImage, { formData }));
}

/** A proof for one task, whichever kind the task asks for. */
export type TaskProofInput =
  | { taskId: string; kind: 'text'; text: string }
  | { taskId: string; kind: 'link'; link: string }
  | { taskId: string; kind: 'image'; image: Blob };

/** Sends `proof` to the endpoint of its kind, for the quest row `questId`. */
export function sendTaskProof(client: ApiClient, questId: string, proof: TaskProofInput) {
  const ids = { questId, taskId: proof.taskId };
  if (proof.kind === 'image') return addImageProof(client, { ...ids, image: proof.image });
  if (proof.kind === 'link') return addLinkProof(client, { ...ids, link: proof.link });
  return addTextProof(client, { ...ids, text: proof.text });
}
