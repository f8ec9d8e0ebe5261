import fc from 'fast-check';
import type { z } from 'zod';
import { createLogger, type Logger } from './lib/logger.ts';

/**
 * Inputs that found real defects from outside (issue 8): NUL bytes and lone UTF-16 surrogates, which
 * PostgreSQL cannot store in text or jsonb; huge strings and bodies; numbers past every range. The
 * fuzz tests mix them into values their contract schemas otherwise accept.
 */

export const ONE_MB = 1024 * 1024;

/** Strings no person types but any client can send. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\udfff\ud800',
    '%00',
    '\\u0000',
    '\\ud800',
    "'; drop table users; --",
    '../../etc/passwd',
    '\u202e\u0301',
    '💥',
    '',
    ' ',
    '-1',
    '1e309',
    '99999999999999999999999999',
    'NaN',
    'null',
    '{}',
    '0x',
  ),
  // Any UTF-16 code units, NUL and lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** A string of about 1 MB (rarely: it costs a full request each time). */
export const hugeText = fc.constantFrom('a'.repeat(ONE_MB), `${'é'.repeat(ONE_MB / 2)}\u0000`);

/** JSON values that break numeric ranges, types and object shapes. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(2 ** 63, -(2 ** 63), Number.MAX_SAFE_INTEGER + 2, 1e308, -0, 0.5, -1, 0, null, true, false),
  fc.double(),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  // An own `__proto__` key and a NUL key, as JSON.parse makes them.
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"\\u0000":"x"}') as unknown),
);

/** Puts `insert` somewhere inside `value`. */
const insertAt = (value: string, at: number, insert: string) => {
  const i = value.length === 0 ? 0 : at % (value.length + 1);
  return `${value.slice(0, i)}${insert}${value.slice(i)}`;
};

type Internals = {
  _zod: {
    def: {
      type: string;
      innerType: z.ZodType;
      in: z.ZodType;
      out: z.ZodType;
      shape: Record<string, z.ZodType>;
      entries: Record<string, string | number>;
      values: unknown[];
      options: z.ZodType[];
      element: z.ZodType;
      valueType: z.ZodType;
    };
    bag: { minimum?: number; maximum?: number; patterns?: Set<RegExp>; format?: string };
  };
};
const internals = (schema: z.ZodType) => schema as unknown as Internals;

/**
 * Values a zod schema probably accepts (patterns, enums, ranges, uuids), read from the schema itself so
 * every route of the contract gets plausible input without a list kept by hand.
 */
export function validFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const { def, bag } = internals(schema)._zod;
  switch (def.type) {
    case 'optional':
      return fc.option(validFor(def.innerType, depth), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validFor(def.innerType, depth), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return validFor(def.innerType, depth);
    case 'pipe':
      // Generate for the input side unless it is only a transform.
      return internals(def.in)._zod.def.type === 'transform'
        ? validFor(def.out, depth)
        : validFor(def.in, depth);
    case 'object': {
      if (depth > 3) return fc.constant({});
      const shape = def.shape;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validFor(v, depth + 1)]));
      return fc
        .record(fields)
        .map((o) =>
          Object.fromEntries(Object.entries(o as Record<string, unknown>).filter(([, v]) => v !== undefined)),
        );
    }
    case 'string': {
      const pattern = bag.patterns ? [...bag.patterns][0] : undefined;
      if (bag.format === 'uuid' || bag.format === 'guid') return fc.uuid();
      if (bag.format === 'email') return fc.emailAddress();
      if (bag.format === 'ipv4') return fc.ipV4();
      if (bag.format === 'ipv6') return fc.ipV6();
      if (bag.format === 'url') return fc.webUrl();
      if (pattern) return fc.stringMatching(pattern);
      const min = bag.minimum ?? 0;
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(bag.maximum ?? 40, 40)) });
    }
    case 'number': {
      const min = Number.isFinite(bag.minimum) ? bag.minimum! : -1000;
      const max = Number.isFinite(bag.maximum) ? bag.maximum! : 1_000_000;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
    }
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 10n ** 12n });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'union':
      return fc.oneof(...def.options.map((o) => validFor(o, depth + 1)));
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(validFor(def.element, depth + 1), { maxLength: 3 });
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), validFor(def.valueType, depth + 1), {
        maxKeys: 3,
      });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A value its schema probably accepts, then (usually) spoiled: one field replaced by hostile JSON, or a
 * NUL / lone surrogate / hostile string slipped inside a string field; sometimes a 1 MB string.
 */
export function mutated(schema: z.ZodType, examples: unknown[] = []): fc.Arbitrary<unknown> {
  const spoilString = (s: string) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.tuple(fc.nat(), hostileText).map(([at, bad]) => insertAt(s, at, bad)) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.nat(), fc.constantFrom('\u0000', '\ud800', '\udc00', '\\u0000', '\\ud800'))
          .map(([at, bad]) => insertAt(s, at, bad)),
      },
    );
  const spoil = (value: unknown): fc.Arbitrary<unknown> => {
    if (typeof value === 'string') return spoilString(value);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 0) return fc.dictionary(hostileText, hostileJson, { minKeys: 1, maxKeys: 2 });
      return fc.tuple(fc.constantFrom(...keys), fc.nat(3)).chain(([key, how]) =>
        (how > 0 ? spoil((value as Record<string, unknown>)[key]) : hostileJson).map((bad) => ({
          ...(value as object),
          [key]: bad,
        })),
      );
    }
    return hostileJson;
  };
  const valid =
    examples.length > 0 ? fc.oneof(validFor(schema), fc.constantFrom(...examples)) : validFor(schema);
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 6, arbitrary: valid.chain(spoil) },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** Query objects for a query schema: only strings survive a URL. */
export const asQuery = (value: unknown): Record<string, string> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { q: String(value) };
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [
        k,
        typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v),
      ]),
  );
};

/** `encodeURIComponent`, except that a lone surrogate (which it refuses) goes out as its CESU-8 bytes. */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

export interface LogCapture {
  logger: Logger;
  /** Lines at error level since the last `take()`. */
  errors(): Record<string, unknown>[];
  take(): Record<string, unknown>[];
}

/** A logger that keeps warn and error lines for the test to look at (createLogger with a writer). */
export function captureLogs(): LogCapture {
  let lines: Record<string, unknown>[] = [];
  const logger = createLogger('warn', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return {
    logger,
    errors: () => lines.filter((l) => l.level === 'error'),
    take() {
      const taken = lines;
      lines = [];
      return taken;
    },
  };
}

const ENVELOPE_KEYS = ['data', 'message', 'status', 'success'];
const STACK = /\bat .+\.(?:ts|js|mjs):\d+|node_modules|\n\s+at /;

/**
 * What is wrong with an answer to hostile input, or null: a 5xx, a stack trace, or (for JSON) not the
 * `{ success, status, data, message }` envelope agreeing with the HTTP status.
 */
export function answerProblem(
  status: number,
  contentType: string | null,
  text: string,
  options: { document?: boolean } = {},
): string | null {
  if (status >= 500) return `status ${status}`;
  if (STACK.test(text)) return 'stack trace in the body';
  // A route whose success is a document of its own (RouteDef.document): only its refusals are envelopes.
  if (options.document && status < 300) return null;
  if (contentType?.includes('application/json')) {
    let body: { status?: unknown; success?: unknown; message?: unknown } | null;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return 'JSON answer that does not parse';
    }
    if (!body || JSON.stringify(Object.keys(body).sort()) !== JSON.stringify(ENVELOPE_KEYS))
      return 'not an envelope';
    if (body.status !== status || body.success !== status < 400 || typeof body.message !== 'string')
      return 'envelope disagrees with the HTTP status';
  } else if (status >= 400) {
    return `a ${status} that is not a JSON envelope`;
  }
  return null;
}

/**
 * `fc.string(constraints)` that also yields NUL bytes, lone surrogates and the hostile strings above:
 * a drop-in for the string generators of the older per-module fuzz tests.
 */
export function anyText(constraints: fc.StringConstraints = {}): fc.Arbitrary<string> {
  const min = constraints.minLength ?? 0;
  const max = constraints.maxLength ?? Number.POSITIVE_INFINITY;
  const branches = [fc.string(constraints), fc.string({ ...constraints, unit: 'binary' })];
  if (min <= 1) branches.push(hostileText.filter((s) => s.length >= min && s.length <= max));
  return fc.oneof(...branches);
}
