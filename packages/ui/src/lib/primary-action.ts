import { useEffect, useRef } from 'react';

/** A screen's main action at this moment, for a front end that shows it on a button of its own (Telegram's MainButton). */
export interface PrimaryAction {
  text: string;
  run: () => void;
  /** Shows progress and ignores presses. */
  busy: boolean;
  enabled: boolean;
}

export type PrimaryActionListener = (action: PrimaryAction | null) => void;

/**
 * Tells `listener` the current main action whenever its text or state changes (null while there is
 * none, and when the screen goes away). The reported `run` always calls the latest handler.
 */
export function useReportPrimaryAction(
  listener: PrimaryActionListener | undefined,
  action: (PrimaryAction & { key: string }) | null,
): void {
  const latestRun = useRef(action?.run);
  latestRun.current = action?.run;
  useEffect(() => {
    if (!listener) return;
    listener(
      action
        ? { text: action.text, busy: action.busy, enabled: action.enabled, run: () => latestRun.current?.() }
        : null,
    );
  }, [listener, action?.key, action?.text, action?.busy, action?.enabled]);
  useEffect(() => () => listener?.(null), [listener]);
}
