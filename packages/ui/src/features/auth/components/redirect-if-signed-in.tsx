import type { ReactNode } from 'react';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Navigate } from '../../../routing/index.ts';

/** For sign-in pages: a signed-in user goes to `to` (home) instead. */
export function RedirectIfSignedIn({ children, to = '/home' }: { children: ReactNode; to?: string }) {
  const signedIn = useIsSignedIn();
  return signedIn ? <Navigate to={to} replace /> : children;
}
