/** A gain in Telegram (a quest completed, a reward): the success haptic, when this client has haptics. */
export function hapticOnGain(): void {
  import('@telegram-apps/sdk-react')
    .then(({ hapticFeedback }) => hapticFeedback.notificationOccurred.ifAvailable('success'))
    .catch((error: unknown) => console.error('Could not play the haptic', error));
}
