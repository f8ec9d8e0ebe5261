import type { PrimaryAction } from '@khel/ui';
import { mainButton, secondaryButton } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';

/**
 * Drives Telegram's MainButton (and SecondaryButton, when the action has a competing one) from the
 * screen's action; both are hidden again when the screen that shows them goes away.
 */
export default function MainButtonSync({ action }: { action: PrimaryAction }) {
  const { text, enabled, busy, secondary } = action;
  const handlers = useRef({ main: action.run, secondary: secondary?.run });
  handlers.current = { main: action.run, secondary: secondary?.run };

  useEffect(() => {
    mainButton.mount.ifAvailable();
    secondaryButton.mount.ifAvailable();
    const offMain = mainButton.onClick.ifAvailable(() => handlers.current.main());
    const offSecondary = secondaryButton.onClick.ifAvailable(() => handlers.current.secondary?.());
    return () => {
      if (offMain?.[0]) offMain[1]();
      if (offSecondary?.[0]) offSecondary[1]();
      mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
      secondaryButton.setParams.ifAvailable({ isVisible: false });
    };
  }, []);

  useEffect(() => {
    mainButton.setParams.ifAvailable({
      text,
      isVisible: true,
      isEnabled: enabled && !busy,
      isLoaderVisible: busy,
    });
  }, [text, enabled, busy]);

  const secondaryText = secondary?.text;
  const secondaryEnabled = secondary?.enabled ?? false;
  useEffect(() => {
    secondaryButton.setParams.ifAvailable(
      secondaryText
        ? { text: secondaryText, isVisible: true, isEnabled: secondaryEnabled, position: 'left' }
        : { isVisible: false },
    );
  }, [secondaryText, secondaryEnabled]);

  return null;
}
