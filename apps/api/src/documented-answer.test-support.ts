import { API_BASE_PATH, type RouteDef } from '@khel/core/contract';
import Ajv2020Module from 'ajv/dist/2020.js';
import { buildOpenApiDocument } from './modules/system/openapi.routes.ts';

type Validate = ((value: unknown) => boolean) & { errors?: unknown[] | null };
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as new (
  options: object,
) => { compile: (schema: object) => Validate; errorsText: (errors?: unknown[] | null) => string };

/**
 * Checks a success's JSON body against the schema the OpenAPI document declares for that route and status (the
 * envelope with its `data`, or a document route's own JSON), as a client generated from the document would.
 * Formats (uuid, date-time…) are not checked; each schema is compiled on first use.
 */
export function documentedAnswers() {
  const doc = buildOpenApiDocument('test', true) as unknown as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>
    >;
  };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const compiled = new Map<string, Validate | null>();
  return (route: RouteDef, status: number, text: string): string | null => {
    const path = `${API_BASE_PATH}${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const key = `${route.method} ${path} ${status}`;
    if (!compiled.has(key)) {
      const response = doc.paths[path]?.[route.method.toLowerCase()]?.responses[String(status)];
      const schema = response?.content?.['application/json']?.schema;
      compiled.set(key, schema ? ajv.compile(schema) : null);
    }
    const validate = compiled.get(key);
    if (!validate) return `a ${status} JSON answer the document does not declare`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return 'JSON answer that does not parse';
    }
    return validate(body) ? null : `answer unlike the document: ${ajv.errorsText(validate.errors)}`;
  };
}
