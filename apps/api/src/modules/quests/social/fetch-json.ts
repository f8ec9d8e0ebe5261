/**
 * A platform (X, Discord) could not answer the question: unreachable, too slow, rate limited, or it
 * answered something we did not expect. The validator tells the user to try again; nothing is recorded
 * as done. The message is for logs: it names the endpoint, never a token.
 */
export class SocialApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SocialApiError';
  }
}

/** One GET of a JSON API with a timeout: the status and the parsed body (null when not JSON). */
export async function getJson(
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  const where = `${url.origin}${url.pathname}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new SocialApiError(
      timedOut ? `${where}: no answer within ${timeoutMs} ms` : `${where}: unreachable`,
    );
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.status === 429) throw new SocialApiError(`${where}: rate limited`, 429);
  if (res.status >= 500) throw new SocialApiError(`${where}: answered ${res.status}`, res.status);
  return { status: res.status, body };
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
