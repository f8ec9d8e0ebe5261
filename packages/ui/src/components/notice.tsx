import { ALERT_DURATION_MS } from '@khel/core/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertTone } from '../stores/ui-store.ts';
import { useUiStore } from '../stores/ui-store.ts';

export type NoticeTone = 'error' | 'info' | 'success';

export interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  /**
   * How it is announced: errors interrupt (`alert`), the rest wait their turn (`status`). A notice
   * that must interrupt although it is not an error (a payment that is late) says `alert`.
   */
  role?: 'alert' | 'status';
  /** `div` when it holds more than a sentence (a list, a button). */
  as?: 'p' | 'div';
  /** Extra classes (`notice notice--<tone>` are always there). */
  className?: string;
  id?: string;
}

/** A message in the page's flow: a request failed, something is on its way, something worked. */
export function Notice({ tone, children, role, as: Tag = 'p', className, id }: NoticeProps) {
  return (
    <Tag
      className={`notice notice--${tone}${className ? ` ${className}` : ''}`}
      role={role ?? (tone === 'error' ? 'alert' : 'status')}
      id={id}
    >
      {children}
    </Tag>
  );
}

export interface AlertProps {
  message: string;
  tone?: AlertTone;
  /** Dismisses itself after this many milliseconds (SPEC §9: 3000 by default); 0 keeps it. */
  durationMs?: number;
  onDismiss?: () => void;
}

/** A notice floating over the page (the UI store's alerts), dismissed by itself or with ×. */
export function Alert({ message, tone = 'info', durationMs = ALERT_DURATION_MS, onDismiss }: AlertProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!onDismiss || durationMs <= 0) return;
    const timer = setTimeout(onDismiss, durationMs);
    return () => clearTimeout(timer);
  }, [onDismiss, durationMs]);

  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="alert__message">{message}</span>
      {onDismiss && (
        <button type="button" className="alert__close" onClick={onDismiss} aria-label={t('common.dismiss')}>
          ×
        </button>
      )}
    </div>
  );
}

/** Renders the alerts queued with `uiStore.getState().showAlert(...)`. */
export function AlertHost() {
  const alerts = useUiStore((s) => s.alerts);
  const dismiss = useUiStore((s) => s.dismissAlert);
  if (alerts.length === 0) return null;
  return (
    <div className="alert-host">
      {alerts.map((a) => (
        <Alert
          key={a.id}
          message={a.message}
          tone={a.tone}
          durationMs={a.durationMs}
          onDismiss={() => dismiss(a.id)}
        />
      ))}
    </div>
  );
}
