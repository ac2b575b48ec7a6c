/** Reading the routes of built virtual hosts, list or matcher tree (route-lookup.ts), in tests. */
import type { Route } from '../../../src/generated/envoy/config/route/v3/Route';
import type { VirtualHost } from '../../../src/generated/envoy/config/route/v3/VirtualHost';

/**
 * The routes of a virtual host in an order a list would try them in, whether it has a list or a
 * matcher tree. Each leaf keeps the list's order, so merging the leaves keeps every order that
 * matters; routes that share no leaf (their paths never both match) come in the order first met.
 */
export function virtualHostRoutes(vhost: VirtualHost): Route[] {
  if (vhost.routes && vhost.routes.length > 0) return vhost.routes;
  const tree = vhost.matcher;
  if (!tree) return [];
  const lists = [...Object.values(tree.matcher_tree?.prefix_match_map?.map ?? {}), ...(tree.on_no_match ? [tree.on_no_match] : [])]
    .map((onMatch) => (onMatch.action?.typed_config as unknown as { routes?: Route[] } | undefined)?.routes ?? []);
  const firstMet = new Map<Route, number>();
  const after = new Map<Route, Set<Route>>();
  const waitingOn = new Map<Route, number>();
  for (const list of lists) {
    list.forEach((route, i) => {
      if (!firstMet.has(route)) { firstMet.set(route, firstMet.size); waitingOn.set(route, 0); after.set(route, new Set()); }
      const previous = list[i - 1];
      if (previous && !after.get(previous)!.has(route)) { after.get(previous)!.add(route); waitingOn.set(route, waitingOn.get(route)! + 1); }
    });
  }
  const out: Route[] = [];
  const ready = [...firstMet.keys()].filter((r) => waitingOn.get(r) === 0);
  while (ready.length > 0) {
    ready.sort((a, b) => firstMet.get(a)! - firstMet.get(b)!);
    const next = ready.shift()!;
    out.push(next);
    for (const r of after.get(next)!) {
      const left = waitingOn.get(r)! - 1;
      waitingOn.set(r, left);
      if (left === 0) ready.push(r);
    }
  }
  return out;
}
