import { loginRetryGate } from '@khel/core/session';
import { useEffect, useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import { type LoginRetryView, readLoginRetry } from '../lib/login-retry.ts';

/** The login-retry gate of the session, re-read every second while a wait runs. */
export function useLoginRetry(): LoginRetryView {
  const { session } = useApi();
  const [view, setView] = useState(() => readLoginRetry(loginRetryGate(session)));

  useEffect(() => {
    const update = () => setView(readLoginRetry(loginRetryGate(session)));
    update();
    return session.subscribe((change) => {
      if (change.type === 'login-retry' || change.type === 'ended') update();
    });
  }, [session]);

  const waiting = view.msLeft > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setView(readLoginRetry(loginRetryGate(session))), 1000);
    return () => clearInterval(timer);
  }, [waiting, session]);

  return view;
}
