import * as contract from './all.ts';
import type { RouteDef } from './route.ts';

export * from './all.ts';

type Contract = typeof contract;
/** The contract's route groups: every export whose name ends in `Routes` (`storeRoutes`, …). */
type RouteGroupName = Extract<keyof Contract, `${string}Routes`>;
type Intersection<U> = (U extends unknown ? (group: U) => void : never) extends (group: infer I) => void
  ? I
  : never;

/** Every route of every group, by name: the groups merged into one flat object type. */
export type Routes = {
  readonly [Name in keyof Intersection<Contract[RouteGroupName]>]: Intersection<
    Contract[RouteGroupName]
  >[Name];
};
export type RouteName = keyof Routes;

/** Merges the route groups of a module namespace; two groups naming the same route is a mistake. */
function mergeRouteGroups(namespace: Contract): Routes {
  const merged: Record<string, RouteDef> = {};
  for (const [groupName, group] of Object.entries(namespace)) {
    if (!groupName.endsWith('Routes')) continue;
    for (const [name, route] of Object.entries(group as Record<string, RouteDef>)) {
      if (name in merged)
        throw new Error(`Route ${name} is defined twice (${groupName} and an earlier group)`);
      merged[name] = route;
    }
  }
  return merged as unknown as Routes;
}

/** The route table: every endpoint that exists. The API mounts these; the OpenAPI document is made from them. */
// Marked pure so that screens importing one route group do not pull every schema into their chunk.
export const routes = /* @__PURE__ */ mergeRouteGroups(contract);

/**
 * The contract's message tables: every export whose name ends in `Messages` (`pogMessages`), each a
 * capability's user-facing messages under their stable codes. The API sends a failed answer's code as
 * `data.code`; the UI translates by code (its maps are typed by `ApiMessageCode`).
 */
type MessageTableName = Extract<keyof Contract, `${string}Messages`>;
type MessageTables = Intersection<Contract[MessageTableName]>;
export type ApiMessageCode = Extract<keyof MessageTables, string>;

/** Merges the message tables; a code two tables define, or a text two codes share, is a mistake. */
function mergeMessageTables(namespace: Contract): Readonly<Record<ApiMessageCode, string>> {
  const merged: Record<string, string> = {};
  const codeOfText = new Map<string, string>();
  for (const [tableName, table] of Object.entries(namespace)) {
    if (!tableName.endsWith('Messages')) continue;
    for (const [code, text] of Object.entries(table as Record<string, string>)) {
      if (code in merged) throw new Error(`Message code ${code} is defined twice (${tableName})`);
      const other = codeOfText.get(text);
      if (other) throw new Error(`Codes ${other} and ${code} share the text "${text}": define it once`);
      merged[code] = text;
      codeOfText.set(text, code);
    }
  }
  return merged as Record<ApiMessageCode, string>;
}

/** Every coded message, by code (server side: the client bundles only the `ApiMessageCode` type). */
export const apiMessages = /* @__PURE__ */ mergeMessageTables(contract);

let codesByText: Map<string, ApiMessageCode> | null = null;
/** The code of a message text of the catalogue; undefined for a text it does not hold. */
export function apiMessageCodeOf(text: string): ApiMessageCode | undefined {
  codesByText ??= new Map(Object.entries(apiMessages).map(([code, t]) => [t, code as ApiMessageCode]));
  return codesByText.get(text);
}
