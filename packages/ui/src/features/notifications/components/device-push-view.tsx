import { useId } from 'react';
import { Notice } from '../../../components/notice.tsx';
import type { DevicePushTexts } from '../device-push-texts.ts';

/** What the website's Web Push switch shows: the browser cannot, blocked, on or off. */
export type DevicePushViewState = 'unsupported' | 'denied' | 'on' | 'off';

/**
 * What the browser tells at once, without waiting for its service worker: no Web Push, blocked, or off until the
 * subscription is read. The placeholder shows this while the switch's chunk loads, and the switch starts from it,
 * so the profile below does not move when the switch arrives (a late switch once pushed the page down).
 */
export function immediateDevicePushState(): DevicePushViewState {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'off';
}

/** The switch's layout, the same whether it is live (`onToggle`) or a placeholder (none: disabled). */
export function DevicePushView({
  state,
  texts,
  busy = false,
  failed = false,
  onToggle,
}: {
  state: DevicePushViewState;
  texts: DevicePushTexts;
  busy?: boolean;
  failed?: boolean;
  onToggle?: (on: boolean) => void;
}) {
  const hintId = useId();
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
                disabled={!onToggle || busy || state === 'denied'}
                aria-busy={busy || undefined}
                onChange={(event) => onToggle?.(event.target.checked)}
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
