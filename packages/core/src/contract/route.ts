import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the API. The server validates `query`/`body` with these schemas and
 * the client parses `response` (the envelope's `data`) with the same ones.
 */
export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Path below the API base, Hono style (`/users/:id`). */
  path: string;
  summary: string;
  tag: string;
  /**
   * `bearer` needs an access token; `tma` needs Telegram init data; `operator` needs an operator's
   * token (`Authorization: Operator <token>`, created by the operator CLI); `bot` is the Khel bot acting for a
   * Telegram user (`Authorization: TelegramBot <assertion>`, @khel/core/bot-actor: signed with a key derived from
   * the bot token, so only the bot can make one); `none` is public.
   */
  auth: 'none' | 'bearer' | 'tma' | 'operator' | 'bot';
  /**
   * A `bot` route the bot may also call for a Telegram user who has no Khel account (a public read such as the
   * clan of a group): the assertion is still checked, and the handler gets no user.
   */
  botGuests?: boolean;
  query?: Q;
  body?: B;
  /**
   * The `:name` segments of `path`, as strings. A value this schema refuses names nothing, so the server
   * answers 404 with the schema's message (text that is not safe text is a 400, as anywhere else).
   */
  params?: P;
  /**
   * The largest body the server reads for this route, in bytes (DEFAULT_MAX_BODY_BYTES when left out).
   * A bigger one is answered 413 before it is read: by its Content-Length, or counted as it streams in.
   */
  maxBodyBytes?: number;
  /**
   * A public read whose anonymous answer may be shared between visitors for `seconds` (apps/api
   * lib/public-cache.ts): a request without an `Authorization` header is answered from an in-process
   * cache of the serialized envelope, keyed on the path and query string, with a strong `ETag`
   * (`If-None-Match` → 304) and `Cache-Control: public, max-age=<seconds>`. What a visitor may see is
   * up to `seconds` old. Only for `auth: 'none'` GET routes whose answer depends on nothing but the
   * path, the query and the time (a signed-in request is computed afresh and never cached).
   */
  publicCache?: { seconds: number };
  /**
   * A read that tolerates data a second or so old: with a read replica configured (apps/api
   * DATABASE_READ_URL), a request without an `Authorization` header is answered from the replica while it
   * keeps up (a signed-in reader always reads the primary, so they see their own writes). Only for GET
   * routes whose handler writes nothing.
   */
  readReplica?: boolean;
  /** Schema of `data` in a successful envelope. */
  response: R;
  /** HTTP status of a success (200 unless stated; 302 is a redirect: a Location header, no body). */
  successStatus?: 200 | 201 | 202 | 204 | 302;
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
  /**
   * A success answers a document of its own (an image, token metadata, a GraphQL result), not an envelope;
   * refusals are envelopes as everywhere.
   */
  document?: boolean;
  /**
   * What a `document` route's success is: `application/json` when left out (its `response` is then the schema
   * of the whole body, as the OpenAPI document says), else bytes of this type.
   */
  mediaType?: 'application/json' | 'image/png' | 'image/jpeg' | 'text/csv';
}

export const defineRoute = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(
  def: RouteDef<Q, B, R, P>,
): RouteDef<Q, B, R, P> => def;

/** What a JSON route may send at most (RouteDef.maxBodyBytes raises it for a route that needs more). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const REQUEST_TOO_LARGE_MESSAGE = 'The request is too large.';

/** Ids in paths: a UUID in any case (the database makes v4 ones). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `params` of a route whose one path segment `:name` is a UUID; any other value is a 404 with `notFoundMessage`. */
export const uuidParams = <N extends string>(name: N, notFoundMessage: string) =>
  z.object({ [name]: z.string().regex(UUID_PATTERN, { message: notFoundMessage }) } as {
    [K in N]: z.ZodString;
  });

export type RouteQuery<T> =
  T extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType, z.ZodType | undefined>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type RouteBody<T> =
  T extends RouteDef<z.ZodType | undefined, infer B, z.ZodType, z.ZodType | undefined>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type RouteResponse<T> =
  T extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, infer R, z.ZodType | undefined>
    ? z.output<R>
    : never;
