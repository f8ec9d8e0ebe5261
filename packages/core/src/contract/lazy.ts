import { globalRegistry, type z } from 'zod';

/**
 * Contract schemas made on first use (issue 23: a server start built every schema of the contract at
 * import, ≈ 15 % of the start, though a start needs none of them and a request needs its route's).
 *
 * `lazySchema(() => z.object({…}))` returns a stand-in typed as the schema the factory makes. The
 * factory runs the first time anything reads the stand-in (a property, a method, `instanceof`, its keys
 * or prototype); from then on every operation is forwarded to that one schema. Passing the stand-in
 * around, storing it in a route definition or in another schema's shape, or testing it for truthiness
 * builds nothing. zod sees the schema through it: `.parse`, `.extend`, `.optional()` and the rest are the
 * built schema's own, `instanceof z.ZodType` holds (zod checks the `_zod` traits, which are read through),
 * and `z.toJSONSchema` finds the schema's `.describe()` text (copied onto the stand-in, zod keeps metadata
 * per object).
 *
 * One thing zod does by identity needs help: `z.toJSONSchema` files what it learns about a schema under
 * the object it was given (the stand-in) while the schema's own JSON Schema step, a closure made with the
 * schema, looks itself up under the built object. So the stand-in's `_zod` is a view of the built one
 * whose `processJSONSchema` lets the built object find the stand-in's entry for the length of that call.
 */

/** The part of zod's `_zod` internals the JSON Schema view touches. */
interface JsonSchemaInternals {
  processJSONSchema?: (ctx: { seen: Map<object, unknown> }, json: object, params: object) => void;
}

let builtCount = 0;
let madeCount = 0;
const standIns = new WeakSet<object>();

/** How many lazy schemas exist and how many of them have been built so far (the contract's tests read it). */
export function lazySchemaCounts(): { made: number; built: number } {
  return { made: madeCount, built: builtCount };
}

/** Whether `value` is a stand-in made by `lazySchema` (asking does not build it). */
export function isLazySchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && standIns.has(value);
}

export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let schema: T | undefined;
  // The proxy's own target: it holds the built schema's non-configurable properties once they are
  // reported (a proxy may report such a property only if its target has it too), nothing else.
  const target: object = {};
  let internals: object | undefined;
  const standIn: T = new Proxy(target, {
    get: (_, key) => (key === '_zod' ? internalsView() : Reflect.get(real(), key)),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      if (descriptor && !descriptor.configurable && !Reflect.getOwnPropertyDescriptor(target, key)) {
        Reflect.defineProperty(target, key, descriptor);
      }
      return descriptor;
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  }) as T;
  function real(): T {
    if (schema === undefined) {
      schema = build();
      builtCount += 1;
      // zod keeps `.describe()`/`.meta()` per object: the stand-in carries the built schema's own.
      const meta = globalRegistry.get(schema);
      if (meta !== undefined && !globalRegistry.has(standIn)) globalRegistry.add(standIn, meta);
    }
    return schema;
  }
  function internalsView(): object {
    if (internals) return internals;
    const built = real();
    const own = built._zod as unknown as JsonSchemaInternals;
    const ownStep = own.processJSONSchema;
    internals = ownStep
      ? (Object.create(own, {
          processJSONSchema: {
            value: (ctx: { seen: Map<object, unknown> }, json: object, params: object) => {
              const before = ctx.seen.get(built);
              ctx.seen.set(built, ctx.seen.get(standIn));
              try {
                ownStep(ctx, json, params);
              } finally {
                if (before === undefined) ctx.seen.delete(built);
                else ctx.seen.set(built, before);
              }
            },
          },
        }) as object)
      : own;
    return internals;
  }
  madeCount += 1;
  standIns.add(standIn);
  return standIn;
}
