import type { Transaction } from '@khel/db';
import { operatorActions } from '@khel/db/schema';

/** Who changed the catalogue: an operator (by token), the CLI run on the server, or the demo seed. */
export interface Actor {
  operatorId: string | null;
  name: string;
}

/** Logs one catalogue change in operator_actions, in the change's own transaction. */
export async function logOperatorAction(
  tx: Transaction,
  actor: Actor,
  action: string,
  target: string,
  details: Record<string, unknown> = {},
) {
  await tx
    .insert(operatorActions)
    .values({ operatorId: actor.operatorId, actor: actor.name, action, target, details });
}
