/**
 * Holds on Telegram's closing confirmation: while at least one payment or mint is under way, closing
 * the Mini App asks first (web_app_setup_closing_behavior). Each hold is released once; the last
 * release turns the confirmation off.
 */
export function createCloseHolds(apply: (confirm: boolean) => void): () => () => void {
  let holds = 0;
  return () => {
    holds += 1;
    if (holds === 1) apply(true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds -= 1;
      if (holds === 0) apply(false);
    };
  };
}

/** Through the SDK chunk; calls keep their order (they wait on the same import). */
function applyClosingConfirmation(confirm: boolean): void {
  import('@telegram-apps/sdk-react')
    .then(({ closingBehavior }) => {
      closingBehavior.mount.ifAvailable();
      if (confirm) closingBehavior.enableConfirmation.ifAvailable();
      else closingBehavior.disableConfirmation.ifAvailable();
    })
    .catch((error: unknown) => console.error('Could not set the closing confirmation', error));
}

export const holdClose = createCloseHolds(applyClosingConfirmation);
