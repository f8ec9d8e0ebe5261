import type { Env } from '../env.ts';

/** Our origin as users and platforms see it: PUBLIC_URL's, else this server on localhost (development). */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
}
