import {
  API_BASE_PATH,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type RouteDef,
  routes,
} from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { IDEMPOTENCY_RETENTION_MS } from '../../lib/idempotency.ts';

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  withArrayItems(
    z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
      string,
      unknown
    >,
  );

/**
 * A tuple (`prefixItems`, as zod writes it, with `items: false`) gets as `items` what any of its places may hold,
 * with `minItems` and `maxItems` its length. The same array in 2020-12 terms, and one that tools reading only `items` (and
 * Spectral's `array-items` rule) understand.
 */
function withArrayItems<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withArrayItems) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withArrayItems(value);
  const prefix = out.prefixItems as unknown[] | undefined;
  // zod writes `items: false` (nothing after the tuple): `maxItems` says the same, and `items` stays a schema.
  if (out.type === 'array' && Array.isArray(prefix) && (out.items === undefined || out.items === false)) {
    const distinct = [...new Map(prefix.map((p) => [JSON.stringify(p), p])).values()];
    out.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
    out.minItems ??= prefix.length;
    out.maxItems ??= prefix.length;
  }
  return out as T;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

function envelopeOf(data: Record<string, unknown>, success: boolean) {
  return {
    type: 'object',
    required: ['success', 'status', 'data', 'message'],
    properties: {
      success: { type: 'boolean', const: success },
      status: { type: 'integer' },
      data,
      message: { type: 'string' },
    },
  };
}

/** The header every `idempotent` route requires (DESIGN §3; lib/idempotency.ts enforces it). */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: true,
  description:
    'One key per user intent (e.g. a UUID), sent again on every retry of that intent. The same key with ' +
    `the same body replays the first answer byte for byte, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, and ` +
    'nothing runs again; the same key with another method, path or body is a 422; while the first request ' +
    `with the key is still running the answer is 409 '${MESSAGES.conflictInProgress}' with Retry-After. ` +
    `Answers are kept for ${IDEMPOTENCY_RETENTION_MS / 3_600_000} hours; a missing or malformed key is a 400.`,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
} as const;

/** What a `publicCache` route takes and answers (lib/public-cache.ts). */
export const IF_NONE_MATCH_PARAMETER = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description:
    'An ETag of an earlier anonymous answer: 304 with no body when the answer is still the same. ' +
    'Requests without an Authorization header are answered from a cache of a few seconds (Cache-Control max-age).',
  schema: { type: 'string' },
} as const;

const publicCacheHeaders = (seconds: number) => ({
  ETag: {
    description: 'A strong tag of the answer (weak when compressed); anonymous requests only',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: `\`public, max-age=${seconds}\` for an anonymous request (the answer may be up to ${seconds} s old); \`no-store\` when signed in`,
    schema: { type: 'string' },
  },
});

function successContent(route: RouteDef) {
  const data = toJsonSchema(route.response, 'output');
  // A document of its own: JSON as it is (GraphQL, token and collection metadata), or bytes of its type.
  if (route.document) {
    const type = route.mediaType ?? 'application/json';
    if (type === 'application/json') return { 'application/json': { schema: data } };
    return { [type]: { schema: { type: 'string', contentMediaType: type } } };
  }
  if (!route.eventStream) return { 'application/json': { schema: envelopeOf(data, true) } };
  return {
    'text/event-stream': {
      schema: {
        type: 'string',
        description:
          'Server-sent events. The `data:` of each event is one JSON value of the schema under `x-event-data` (not wrapped in the envelope).',
      },
      'x-event-data': data,
    },
  };
}

/** A success that is a redirect (`successStatus: 302`): where to, and no body. */
const redirectResponse = {
  description: 'Redirect',
  headers: { Location: { description: 'Where the link leads', schema: { type: 'string' } } },
};

/** An operation's parameters: the query's fields, the path's, the Source header and the Idempotency-Key. */
function parametersOf(route: RouteDef): unknown[] {
  const parameters: unknown[] = [];
  if (route.query) {
    const schema = toJsonSchema(route.query, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      parameters.push({
        name: key,
        in: 'query',
        required: schema.required?.includes(key) ?? false,
        schema: prop,
      });
    }
  }
  for (const m of route.path.matchAll(/:([A-Za-z_]+)/g)) {
    parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  parameters.push({
    name: 'Source',
    in: 'header',
    required: false,
    schema: { type: 'string', enum: ['website', 'telegram'] },
  });
  if (route.idempotent) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  if (route.publicCache) parameters.push(IF_NONE_MATCH_PARAMETER);
  return parameters;
}

function operation(name: string, route: RouteDef) {
  const parameters = parametersOf(route);
  const success = String(route.successStatus ?? 200);
  return {
    operationId: name,
    summary: route.summary,
    tags: [route.tag],
    ...(route.auth === 'bearer' ? { security: [{ bearer: [] }] } : {}),
    ...(route.auth === 'tma' ? { security: [{ telegramInitData: [] }] } : {}),
    ...(route.auth === 'operator' ? { security: [{ operatorToken: [] }] } : {}),
    ...(route.auth === 'bot' ? { security: [{ telegramBotActor: [] }] } : {}),
    parameters,
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              [route.multipart ? 'multipart/form-data' : 'application/json']: {
                schema: toJsonSchema(route.body, 'input'),
              },
            },
          },
        }
      : {}),
    responses: {
      [success]:
        success === '302'
          ? redirectResponse
          : {
              description: 'Success',
              ...(route.publicCache ? { headers: publicCacheHeaders(route.publicCache.seconds) } : {}),
              ...(route.idempotent
                ? {
                    headers: {
                      [IDEMPOTENT_REPLAYED_HEADER]: {
                        description:
                          '`true` when this is the stored answer of an earlier request with the same key',
                        schema: { type: 'string', enum: ['true'] },
                      },
                    },
                  }
                : {}),
              content: successContent(route),
            },
      ...(route.publicCache
        ? {
            '304': {
              description: 'Not modified: If-None-Match names the current answer (anonymous requests)',
            },
          }
        : {}),
      ...(route.idempotent
        ? {
            '409': {
              description: `'${MESSAGES.conflictInProgress}': a request with this Idempotency-Key is still running (see Retry-After), or a business conflict such as not enough funds`,
              content: { 'application/json': { schema: envelopeOf({}, false) } },
            },
            '422': {
              description: 'This Idempotency-Key was already used for a different request',
              content: { 'application/json': { schema: envelopeOf({}, false) } },
            },
          }
        : {}),
      '4XX': { $ref: '#/components/responses/Error' },
    },
  };
}

/** The OpenAPI 3.1 document, generated from the contract's route table. */
export function buildOpenApiDocument(version: string, includeDevRoutes: boolean) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    if (route.devOnly && !includeDevRoutes) continue;
    const path = `${API_BASE_PATH}${openApiPath(route.path)}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(name, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Khel API',
      version,
      description:
        'Every JSON answer is an envelope `{ success, status, data, message }`, except the successes of the routes that answer a document of their own (GraphQL, token and collection metadata, images, CSV, a redirect), which the operation describes as it is. Errors are always envelopes, with a readable message and never a stack trace.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        telegramInitData: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`tma <initDataRaw>` from the Telegram Mini App',
        },
        operatorToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Operator <token>`: a token made by `pnpm --filter @khel/api operator create <name>`',
        },
        telegramBotActor: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            '`TelegramBot <telegramUserId>.<issuedAt>.<signature>`: the Khel bot acting for a Telegram user (@khel/core/bot-actor)',
        },
      },
      responses: {
        Error: {
          description: 'Error envelope',
          content: { 'application/json': { schema: envelopeOf({}, false) } },
        },
      },
    },
  };
}

type Doc = ReturnType<typeof buildOpenApiDocument>;

/** A self-contained reference page (no CDN: it must work offline). */
function renderDocs(doc: Doc) {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as ReturnType<typeof operation> })),
  );
  const block = (value: unknown) => html`<pre>${JSON.stringify(value, null, 2)}</pre>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Khel API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#0f1020;color:#e8e8f0}
main{max-width:960px;margin:auto;padding:16px}
a{color:#8fb4ff}details{background:#181a33;border-radius:8px;margin:8px 0;padding:8px 12px}
summary{cursor:pointer}code,pre{font:13px ui-monospace,monospace}pre{background:#0b0c18;padding:8px;overflow:auto;border-radius:6px}
.m{display:inline-block;min-width:64px;font-weight:700}.get{color:#7fd18b}.post{color:#f0b35a}.put,.patch{color:#8fb4ff}.delete{color:#ff7a7a}
</style></head>
<body><main><h1>Khel API reference</h1>
<p>${doc.info.description} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${ops.map(
  ({
    path,
    method,
    op,
  }) => html`<details><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${path}</code> — ${op.summary}</summary>
<p>Tag: ${op.tags.join(', ')}${op.security ? raw(' · needs authentication') : ''}</p>
${op.parameters.length ? html`<h4>Parameters</h4>${block(op.parameters)}` : ''}
${'requestBody' in op && op.requestBody ? html`<h4>Body</h4>${block(op.requestBody)}` : ''}
<h4>Responses</h4>${block(op.responses)}</details>`,
)}
</main></body></html>`;
}

export function openApiRouter() {
  const app = new Hono<AppEnv>();
  let cached: Doc | undefined;
  const doc = (c: { get: (k: 'deps') => { version: string; env: { NODE_ENV: string } } }) => {
    const deps = c.get('deps');
    cached ??= buildOpenApiDocument(deps.version, deps.env.NODE_ENV !== 'production');
    return cached;
  };
  app.get('/openapi.json', (c) => c.json(doc(c)));
  app.get('/docs', (c) => c.html(renderDocs(doc(c))));
  return app;
}
