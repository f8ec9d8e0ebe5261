import { type ReactNode, useEffect, useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import {
  type DevicePushState,
  devicePushState,
  turnOffDevicePush,
  turnOnDevicePush,
} from '../api/device-push.ts';

/**
 * The website's "Notifications on this device" switch (Web Push): the same notifications as the bot's, in this
 * browser. The browser's permission is asked only when the switch is turned on; its states are said in words:
 * unsupported (no switch), blocked in the browser, on, off.
 */
export function DevicePushSwitch({
  initialState,
  render,
}: {
  initialState: DevicePushState;
  /** Draws the switch (DevicePushView, which the card holds, so that this chunk carries only the logic). */
  render: (view: {
    state: DevicePushState;
    busy: boolean;
    failed: boolean;
    onToggle: (on: boolean) => void;
  }) => ReactNode;
}) {
  const { client } = useApi();
  // Starts from what the browser says at once (the placeholder showed the same), then reads the subscription.
  const [state, setState] = useState<DevicePushState>(initialState);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    devicePushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(on ? await turnOnDevicePush(client) : await turnOffDevicePush(client));
    } catch {
      setFailed(true);
      setState(await devicePushState().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  };

  return render({ state, busy, failed, onToggle: (on) => void toggle(on) });
}
