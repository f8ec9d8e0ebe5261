import { mainButton } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';
import type { TelegramMainButtonProps } from './main-button.tsx';

/** Drives Telegram's MainButton from props; hidden again when the screen that shows it goes away. */
export default function MainButtonSync({
  text,
  onClick,
  enabled = true,
  loading = false,
}: TelegramMainButtonProps) {
  const handler = useRef(onClick);
  handler.current = onClick;

  useEffect(() => {
    mainButton.mount.ifAvailable();
    const off = mainButton.onClick.ifAvailable(() => handler.current());
    return () => {
      if (off?.[0]) off[1]();
      mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
    };
  }, []);

  useEffect(() => {
    mainButton.setParams.ifAvailable({
      text,
      isVisible: true,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
    });
  }, [text, enabled, loading]);

  return null;
}
