import { getCampaignTimer, type Instant } from '@khel/core/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from '../lib/campaign-view.ts';

/** The clock, ticking every `intervalMs` while the screen shows. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** SPEC §4 timer: 'Starts in 2d 4h' before the start, 'Ends in 4h 12m' while live, nothing after. */
export function CampaignTimer({
  startsAt,
  endsAt,
  now,
}: {
  startsAt: Instant;
  endsAt: Instant | null;
  now: number;
}) {
  const { t } = useTranslation();
  const timer = getCampaignTimer({ startsAt, endsAt, now });
  if (timer.label === null) return null;
  const time = countdownParts(timer.remainingMs)
    .map((p) => t(`campaigns.units.${p.unit}`, { count: p.count }))
    .join(' ');
  return (
    <span className={`campaign-timer campaign-timer--${timer.label.toLowerCase()}`}>
      <span aria-hidden="true">⏱</span> {t(`campaigns.timer.${timer.label}`, { time })}
    </span>
  );
}
