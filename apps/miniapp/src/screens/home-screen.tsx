import { HomeScreen } from '@khel/ui/home';

/** A gain in Telegram: the success haptic, when this client has haptics (the SDK is loaded by then). */
function hapticOnGain() {
  import('@telegram-apps/sdk-react')
    .then(({ hapticFeedback }) => hapticFeedback.notificationOccurred.ifAvailable('success'))
    .catch((error: unknown) => console.error('Could not play the haptic', error));
}

/** Home in the Mini App: the shared feed, with a haptic on every gain. */
export default function MiniAppHomeScreen() {
  return <HomeScreen onGain={hapticOnGain} />;
}
