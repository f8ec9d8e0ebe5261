import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An expected failure with a status and a user-facing message; becomes an error envelope. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong, Please try again!';

export function envelope(c: Context, status: ContentfulStatusCode, data: unknown, message: string) {
  return c.json({ success: status < 400, status, data, message }, status);
}

export function errorResponse(c: Context, err: AppError) {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return envelope(c, err.status, err.data, err.message);
}
