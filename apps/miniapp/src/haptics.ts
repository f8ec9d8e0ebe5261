import type { QueryClient } from '@tanstack/react-query';

type Notification = 'success' | 'error';

/** Telegram's notification haptic, when this client has haptics (the SDK is a chunk of its own). */
function notify(type: Notification): void {
  import('@telegram-apps/sdk-react')
    .then(({ hapticFeedback }) => hapticFeedback.notificationOccurred.ifAvailable(type))
    .catch((error: unknown) => console.error('Could not play the haptic', error));
}

/** A gain in Telegram (a quest completed, a reward, a purchase, a mint): the success haptic. */
export function hapticOnGain(): void {
  notify('success');
}

/** An action that failed or was refused: the error haptic. */
export function hapticOnError(): void {
  notify('error');
}

/**
 * Every action the gamer takes goes through a TanStack Query mutation (claim, validate, pay, mint…):
 * each one that fails plays the error haptic. Returns the unsubscribe.
 */
export function hapticOnMutationErrors(queryClient: QueryClient): () => void {
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') hapticOnError();
  });
}
