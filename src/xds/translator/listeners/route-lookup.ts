/**
 * A virtual host's routes as Envoy's matcher tree, so a request's route is found in time that
 * does not grow with the number of routes before it (Envoy walks a plain route list in order).
 *
 * The tree is a prefix map on the request's `:path`, keyed by each route's literal path (the
 * exact path, or the prefix). A request goes to the leaf of the longest key that begins its path,
 * and Envoy then tries that leaf's routes in order, as it would the whole list. Each leaf holds,
 * in the list's own (Gateway API precedence) order, every route that could match a request that
 * reaches it: the routes of every key that begins the leaf's key (a request's path begins with
 * those too) and the routes without a literal path (regular expressions), which are also all a
 * request with no key reaches. So the tree picks the route the list would pick, for every request:
 * a route left out of a leaf is one whose path cannot match there.
 */
import type { Route } from '../../../generated/envoy/config/route/v3/Route';
import type { Matcher } from '../../../generated/xds/type/matcher/v3/Matcher';
import type { VirtualHost } from '../../../generated/envoy/config/route/v3/VirtualHost';
import { typedConfig } from '../../types';
import { markRouteTree } from '../../route-tree-bytes';

const PATH_INPUT = Object.freeze({
  name: 'request-path',
  typed_config: Object.freeze(typedConfig('envoy.type.matcher.v3.HttpRequestHeaderMatchInput', { header_name: ':path' })),
});

/** The literal that begins every path the route's match accepts; undefined when there is none. */
export function literalPathPrefix(route: Route): string | undefined {
  const match = route.match;
  if (!match || match.case_sensitive?.value === false) return undefined;
  return match.path ?? match.prefix ?? match.path_separated_prefix ?? undefined;
}

function routeList(routes: Route[]): NonNullable<Matcher['on_no_match']> {
  return { action: { name: 'routes', typed_config: typedConfig('envoy.config.route.v3.RouteList', { routes }) } };
}

/**
 * How many route entries the leaves may hold in all, per route: a route in many leaves (a
 * regular expression, a short prefix under many longer ones) is one route object per leaf in
 * Envoy's memory, so a tree that repeats routes too much costs more than walking the list.
 */
const LEAF_ENTRIES_PER_ROUTE = 4;
const LEAF_ENTRIES_SLACK = 256;

/**
 * Routes of keys under one leaf: Envoy walks a leaf in order, and pays per leaf when it takes a
 * RouteConfiguration in (an Any unpacked and validated, a matcher node), so keys that share a
 * prefix share a leaf until there are this many routes (bench `route-lookup`).
 */
const ROUTES_PER_LEAF = 16;

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/**
 * The matcher tree for routes in precedence order (the order Envoy would try them in a list);
 * undefined when its leaves would repeat routes beyond the budget above.
 */
export function routeLookupTree(routes: readonly Route[]): Matcher | undefined {
  const byKey = new Map<string, number[]>();
  const unkeyed: number[] = [];
  routes.forEach((route, at) => {
    const key = literalPathPrefix(route);
    if (key === undefined || key === '') unkeyed.push(at);
    else {
      const list = byKey.get(key);
      if (list) list.push(at);
      else byKey.set(key, [at]);
    }
  });
  const map: Record<string, NonNullable<Matcher['on_no_match']>> = {};
  const keys = [...byKey.keys()].sort();
  let entries = unkeyed.length;
  const budget = routes.length * LEAF_ENTRIES_PER_ROUTE + LEAF_ENTRIES_SLACK;
  const leaf = (key: string, from: readonly number[]): boolean => {
    entries += from.length;
    if (entries > budget) return false;
    map[key] = routeList([...from].sort((a, b) => a - b).map((at) => routes[at]!));
    return true;
  };
  /**
   * Keys [lo, hi) share their longest common prefix `common`; `above` are the routes of the keys
   * that begin `common` from outside the range, with the unkeyed ones. Few enough routes: one
   * leaf at `common` for them all. Otherwise a leaf at `common` when it is a key itself (for
   * paths that take none of the longer keys), and the range split by the character that follows.
   */
  const place = (lo: number, hi: number, above: readonly number[]): boolean => {
    const common = commonPrefix(keys[lo]!, keys[hi - 1]!);
    let count = 0;
    for (let i = lo; i < hi; i++) count += byKey.get(keys[i]!)!.length;
    if (count <= ROUTES_PER_LEAF || hi - lo === 1) {
      const reach = [...above];
      for (let i = lo; i < hi; i++) reach.push(...byKey.get(keys[i]!)!);
      return leaf(common, reach);
    }
    let next = [...above];
    if (keys[lo] === common) {
      next = [...above, ...byKey.get(common)!];
      if (!leaf(common, next)) return false;
      lo++;
    }
    while (lo < hi) {
      const c = keys[lo]![common.length];
      let end = lo + 1;
      while (end < hi && keys[end]![common.length] === c) end++;
      if (!place(lo, end, next)) return false;
      lo = end;
    }
    return true;
  };
  if (keys.length > 0 && !place(0, keys.length, unkeyed)) return undefined;
  const tree: Matcher = { matcher_tree: { input: PATH_INPUT, prefix_match_map: { map } } };
  if (unkeyed.length > 0) tree.on_no_match = routeList(unkeyed.map((at) => routes[at]!));
  return markRouteTree(tree);
}

/**
 * The virtual host with its routes in a matcher tree in place of the list (same routing). A
 * virtual host whose routes fit in one leaf keeps its list: the tree would be that one leaf, the
 * same walk, and Envoy pays for each tree when it takes a RouteConfiguration in (bench
 * `route-apply`: 300 virtual hosts of 10 routes took it twice as long as the lists).
 */
export function withRouteLookupTree(vhost: VirtualHost): VirtualHost {
  const routes = vhost.routes ?? [];
  if (routes.length <= ROUTES_PER_LEAF) return vhost;
  const tree = routeLookupTree(routes);
  if (!tree) return vhost;
  const { routes: _list, ...rest } = vhost;
  return { ...rest, matcher: tree };
}
