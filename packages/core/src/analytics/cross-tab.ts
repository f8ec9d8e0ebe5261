/** Messages the analytics session sends between tabs of the same site. */
export type CrossTabMessage =
  | { type: 'activity'; tabId: string; at: number }
  | { type: 'tab-closed'; tabId: string }
  | { type: 'session-ended'; sessionId: string };

/** Like BroadcastChannel: a posted message reaches every other tab, not the sender. */
export interface CrossTabSignal {
  post(message: CrossTabMessage): void;
  subscribe(listener: (message: CrossTabMessage) => void): () => void;
  close?(): void;
}

interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** BroadcastChannel-backed signal; undefined where BroadcastChannel does not exist. */
export function broadcastChannelSignal(name = 'khel-analytics'): CrossTabSignal | undefined {
  const Ctor = (globalThis as unknown as { BroadcastChannel?: new (name: string) => BroadcastChannelLike })
    .BroadcastChannel;
  if (!Ctor) return undefined;
  const channel = new Ctor(name);
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const handler = (event: { data: unknown }) => {
        if (isCrossTabMessage(event.data)) listener(event.data);
      };
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close: () => channel.close(),
  };
}

/** Tabs in one process, for tests and Node: messages are delivered at once to the other members. */
export function createMemorySignalHub() {
  const members = new Set<Set<(message: CrossTabMessage) => void>>();
  return {
    connect(): CrossTabSignal {
      const own = new Set<(message: CrossTabMessage) => void>();
      members.add(own);
      return {
        post(message) {
          for (const member of [...members]) {
            if (member === own) continue;
            for (const listener of [...member]) listener(message);
          }
        },
        subscribe(listener) {
          own.add(listener);
          return () => own.delete(listener);
        },
        close: () => members.delete(own),
      };
    },
  };
}

function isCrossTabMessage(value: unknown): value is CrossTabMessage {
  return (
    value !== null &&
    typeof value === 'object' &&
    ['activity', 'tab-closed', 'session-ended'].includes((value as { type?: unknown }).type as string)
  );
}
