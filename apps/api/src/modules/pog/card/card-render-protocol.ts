/**
 * What the card render pool (card-render-pool.ts, in the API process) and a render child
 * (card-render-child.ts, a process of its own) say to each other over the child's IPC channel, with
 * Node's `advanced` serialisation (structured clone: Uint8Array and Date cross as they are). This file
 * imports nothing, so that a child, the pool and the tests' stand-in children share it cheaply.
 *
 * child → pool: `{ ready }` once it listens; then one answer per task, in any order.
 * pool → child: one task at a time.
 */

/** A card's three faces, and `item`: the share picture of a quest, campaign, tournament or article. */
export type CardRenderFace = 'front' | 'back' | 'share' | 'item';

export interface CardRenderTaskMessage<Input = unknown> {
  id: number;
  face: CardRenderFace;
  input: Input;
}

export type CardRenderChildMessage =
  | { ready: true }
  | { id: number; png: Uint8Array }
  | { id: number; error: { name: string; message: string } };

/**
 * Serves tasks on this process's IPC channel with `render` until the pool goes away: the channel
 * closing (the pool's close, or the API process ending in any way, a crash or SIGKILL included) ends
 * this process, so a render child never outlives the API.
 */
export function serveCardRenders(render: (face: CardRenderFace, input: never) => Promise<Uint8Array>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('a card render child needs an IPC channel (started by card-render-pool.ts)');
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: CardRenderTaskMessage<never>) => {
    render(message.face, message.input).then(
      (png) => send({ id: message.id, png } satisfies CardRenderChildMessage),
      (error: unknown) => {
        const { name, message: text } =
          error instanceof Error ? error : { name: 'Error', message: String(error).slice(0, 200) };
        send({ id: message.id, error: { name, message: text } } satisfies CardRenderChildMessage);
      },
    );
  });
  send({ ready: true } satisfies CardRenderChildMessage);
}
