import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the API. The server validates `query`/`body` with these schemas and
 * the client parses `response` (the envelope's `data`) with the same ones.
 */
export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below the API base, Hono style (`/users/:id`). */
  path: string;
  summary: string;
  tag: string;
  /** `bearer` needs an access token; `tma` needs Telegram init data; `none` is public. */
  auth: 'none' | 'bearer' | 'tma';
  query?: Q;
  body?: B;
  /** Schema of `data` in a successful envelope. */
  response: R;
  /** HTTP status of a success (200 unless stated). */
  successStatus?: 200 | 201 | 202 | 204;
  /** Only served outside production. */
  devOnly?: boolean;
  /** Multipart upload instead of JSON. */
  multipart?: boolean;
  /**
   * A money write that takes an `Idempotency-Key` header (DESIGN §3): the OpenAPI document lists the
   * header, the server requires it (mountIdempotent) and the client sends a fresh key per attempt.
   */
  idempotent?: boolean;
  /** A `text/event-stream` answer; `response` is the schema of each event's data. */
  eventStream?: boolean;
}

export const defineRoute = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  def: RouteDef<Q, B, R>,
): RouteDef<Q, B, R> => def;

export type RouteQuery<T> =
  T extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type RouteBody<T> =
  T extends RouteDef<z.ZodType | undefined, infer B, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type RouteResponse<T> =
  T extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;
