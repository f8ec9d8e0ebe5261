import { useEffect, useRef } from 'react';

/**
 * The action that competes with the main one (edit instead of pay, keep instead of delete), for a
 * front end that shows it on a button of its own (Telegram's SecondaryButton).
 */
export interface SecondaryAction {
  text: string;
  run: () => void;
  enabled: boolean;
}

/** A screen's main action at this moment, for a front end that shows it on a button of its own (Telegram's MainButton). */
export interface PrimaryAction {
  text: string;
  run: () => void;
  /** Shows progress and ignores presses. */
  busy: boolean;
  enabled: boolean;
  /** The other choice at this step, when there is one. */
  secondary?: SecondaryAction;
}

export type PrimaryActionListener = (action: PrimaryAction | null) => void;

/**
 * Tells `listener` the current main action whenever its text or state changes (null while there is
 * none, and when the screen goes away). The reported `run` (and the secondary's) always calls the
 * latest handler.
 */
export function useReportPrimaryAction(
  listener: PrimaryActionListener | undefined,
  action: (PrimaryAction & { key: string }) | null,
): void {
  const latestRun = useRef(action?.run);
  latestRun.current = action?.run;
  const latestSecondary = useRef(action?.secondary?.run);
  latestSecondary.current = action?.secondary?.run;
  const secondary = action?.secondary;
  useEffect(() => {
    if (!listener) return;
    listener(
      action
        ? {
            text: action.text,
            busy: action.busy,
            enabled: action.enabled,
            run: () => latestRun.current?.(),
            ...(secondary
              ? {
                  secondary: {
                    text: secondary.text,
                    enabled: secondary.enabled,
                    run: () => latestSecondary.current?.(),
                  },
                }
              : {}),
          }
        : null,
    );
  }, [
    listener,
    action?.key,
    action?.text,
    action?.busy,
    action?.enabled,
    secondary?.text,
    secondary?.enabled,
  ]);
  useEffect(() => () => listener?.(null), [listener]);
}
