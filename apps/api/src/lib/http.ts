import { type ApiMessageCode, apiMessageCodeOf, apiMessages } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
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

/** The catalogue's text of a code, for a throw that names its message by code: `new AppError(409, coded('POG_NOT_MINTED'))`. */
export function coded(code: ApiMessageCode): string {
  return apiMessages[code];
}

/** The catalogue's code of a stored or computed message (a failure reason), null when it has none. */
export function messageCodeOrNull(text: string | null | undefined): ApiMessageCode | null {
  return (text && apiMessageCodeOf(text)) || null;
}

export const GENERIC_ERROR_MESSAGE = MESSAGES.somethingWentWrong;

/**
 * A failed answer's data with its message's code (the catalogue's, `apiMessageCodeOf`) as `code`, so the
 * client translates by code. Object data keeps its fields; a `code` it already has (an action code
 * such as INSUFFICIENT_FUNDS) stays, and the message's code then goes in `messageCode`.
 */
export function withMessageCode(data: unknown, message: string): unknown {
  const code = apiMessageCodeOf(message);
  if (!code) return data;
  if (data === null || data === undefined) return { code };
  if (typeof data !== 'object' || Array.isArray(data)) return data;
  const existing = (data as { code?: unknown }).code;
  if (existing === undefined) return { ...data, code };
  return existing === code ? data : { ...data, messageCode: code };
}

export function envelope(c: Context, status: ContentfulStatusCode, data: unknown, message: string) {
  const body = status < 400 ? data : withMessageCode(data, message);
  return c.json({ success: status < 400, status, data: body, message }, status);
}

export function errorResponse(c: Context, err: AppError) {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return envelope(c, err.status, err.data, err.message);
}
