import { useEffect, useState } from 'react';

/** Milliseconds until `until` (epoch ms; 0 once passed or when null), re-read every second while waiting. */
export function useMsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = until === null ? 0 : Math.max(0, until - now);
  const waiting = left > 0;
  useEffect(() => {
    setNow(Date.now());
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting, until]);
  return left;
}
