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
