import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * What a front end does besides drawing the screens when something happens to the gamer's money or
 * card. The website does nothing more; the Mini App answers with Telegram's chrome (DESIGN §7).
 */
export interface AppFeedback {
  /** A gain (a reward, a purchase, a swap, a deposit credited, a card minted): Telegram's success haptic. */
  gain: () => void;
  /**
   * An action refused (a task's answer not accepted) or failed outside TanStack Query's mutations
   * (whose errors the Mini App watches itself): Telegram's error haptic.
   */
  failure: () => void;
  /**
   * A payment or a mint is under way until the returned release is called: Telegram asks before the
   * app is closed meanwhile (closing confirmation).
   */
  holdClose: () => () => void;
}

const NONE: AppFeedback = { gain: () => {}, failure: () => {}, holdClose: () => () => {} };

export const AppFeedbackContext = createContext<AppFeedback>(NONE);

/** The front end's answer to a gain (a no-op on the website). */
export function useGainFeedback(): () => void {
  return useContext(AppFeedbackContext).gain;
}

/** The front end's answer to a failed action that is not a mutation (a no-op on the website). */
export function useFailureFeedback(): () => void {
  return useContext(AppFeedbackContext).failure;
}

/** A gain once `reached` turns true while the screen is open (not when it opens on a gain already made). */
export function useGainWhen(reached: boolean): void {
  const gain = useGainFeedback();
  const before = useRef(reached);
  useEffect(() => {
    if (reached && !before.current) gain();
    before.current = reached;
  }, [reached, gain]);
}

/** Holds closing (see AppFeedback.holdClose) while `active`: a payment or a mint is on its way. */
export function useConfirmClose(active: boolean): void {
  const { holdClose } = useContext(AppFeedbackContext);
  useEffect(() => (active ? holdClose() : undefined), [active, holdClose]);
}
