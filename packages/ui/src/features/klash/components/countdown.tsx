import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now.ts';
import { countdownParts } from '../lib/klash-view.ts';

/** The time left until `to` (`2d 4h`, `3h 12m`, `4m 05s`), ticking every second. */
export function useCountdownText(): (to: string) => string {
  const { t } = useTranslation();
  const now = useNow();
  return (to) => {
    const { key, values } = countdownParts(to, now);
    return t(key, values);
  };
}

export function Countdown({ to }: { to: string }) {
  const text = useCountdownText();
  return (
    <time className="klash-countdown" dateTime={to}>
      {text(to)}
    </time>
  );
}
