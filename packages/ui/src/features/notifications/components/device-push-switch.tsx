import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { useApi } from '../../../providers/api-context.ts';
import {
  type DevicePushState,
  devicePushState,
  turnOffDevicePush,
  turnOnDevicePush,
} from '../api/device-push.ts';
import { devicePushTexts } from '../device-push-texts.ts';

/**
 * The website's "Notifications on this device" switch (Web Push): the same notifications as the bot's, in this
 * browser. The browser's permission is asked only when the switch is turned on; its states are said in words:
 * unsupported (no switch), blocked in the browser, on, off.
 */
export function DevicePushSwitch() {
  const { i18n } = useTranslation();
  const texts = devicePushTexts(i18n.language);
  const { client } = useApi();
  const [state, setState] = useState<DevicePushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const hintId = useId();

  useEffect(() => {
    let live = true;
    devicePushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return null;
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

  return (
    <div className="notification-settings__device" data-state={state}>
      {state === 'unsupported' ? (
        <Notice tone="info">{texts.unsupported}</Notice>
      ) : (
        <ul className="notification-settings notification-settings--all">
          <li className="setting-row">
            <label className="notification-settings__row">
              <span className="setting-row__value">{texts.label}</span>
              <input
                type="checkbox"
                role="switch"
                className="notification-settings__switch"
                checked={state === 'on'}
                aria-checked={state === 'on'}
                aria-describedby={hintId}
                disabled={busy || state === 'denied'}
                aria-busy={busy || undefined}
                onChange={(event) => void toggle(event.target.checked)}
              />
            </label>
          </li>
        </ul>
      )}
      {state !== 'unsupported' && (
        <p className="field__hint" id={hintId}>
          {state === 'denied' ? texts.denied : state === 'on' ? texts.on : texts.hint}
        </p>
      )}
      {failed && <Notice tone="error">{texts.failed}</Notice>}
    </div>
  );
}
