import type { ApiClient } from '@khel/core/client';
import { identityRoutes, type SocialLinkProvider } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';

/**
 * POST /social-auth/:provider/start: the X, Discord or Steam page (or its sandbox) where the user
 * approves, with a single-use state; the platform sends the browser back to `returnTo` with the outcome.
 */
export async function startSocialLink(
  client: ApiClient,
  provider: SocialLinkProvider,
  returnTo?: string,
): Promise<string> {
  const result = unwrap(
    await client.request(identityRoutes.socialLinkStart, {
      params: { provider },
      body: returnTo ? { returnTo } : {},
    }),
  );
  return result.authorizeUrl;
}
