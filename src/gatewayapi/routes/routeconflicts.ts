/**
 * HTTPRoute and GRPCRoute on one listener (GRPCRouteSpec.hostnames): when routes of the two
 * kinds share a hostname there, exactly one is accepted: the oldest (creation timestamp), then
 * the first by "<namespace>/<name>". The other loses that listener; a parentRef that loses every
 * listener it attached to is not accepted. The lost listeners still count the route in their
 * attachedRoutes: attachment depends only on allowedRoutes and the parentRef, not on status.
 */
import { RouteReason } from '../model/conditions';
import type { ListenerAttachment, ListenerContext } from '../model/contexts';
import { intersectHostname } from '../listeners/hostnames';
import type { HTTPLikeRouteContext } from './httprules';
import { compareRouteAge } from './precedence';
import { verdict } from '../model/status';

interface AcceptedOnListener {
  route: HTTPLikeRouteContext;
  hostnames: string[];
}

function hostnamesIntersect(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.some((y) => intersectHostname(x, y) !== undefined));
}

function compareRoutes(a: HTTPLikeRouteContext, b: HTTPLikeRouteContext): number {
  return compareRouteAge(a, b) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

/**
 * Removes, from each route's parents, the listener attachments it loses to an older route of
 * the other kind. Routes that are not acceptable anyway (every rule invalid) take part in nothing.
 */
export function resolveKindConflicts(routes: readonly HTTPLikeRouteContext[]): void {
  // Nothing to settle unless both kinds are there.
  if (!routes.some((r) => r.kind === 'GRPCRoute') || !routes.some((r) => r.kind === 'HTTPRoute')) return;
  /** Per listener, per kind: the routes accepted there so far. */
  const accepted = new Map<ListenerContext, Map<string, AcceptedOnListener[]>>();
  const contenders = routes.filter((r) => r.problemVerdict === undefined).sort(compareRoutes);
  for (const route of contenders) {
    for (const parent of route.parents) {
      if (!parent.attachment.ok) continue;
      const kept: ListenerAttachment[] = [];
      const lostTo: string[] = [];
      for (const attachment of parent.attachments) {
        let byKind = accepted.get(attachment.listener);
        if (!byKind) accepted.set(attachment.listener, (byKind = new Map()));
        let winner: AcceptedOnListener | undefined;
        for (const [kind, list] of byKind) {
          if (kind === route.kind) continue;
          winner = list.find((o) => hostnamesIntersect(o.hostnames, attachment.hostnames));
          if (winner) break;
        }
        if (winner) {
          parent.conflictLosses.push(attachment.listener);
          lostTo.push(`listener ${attachment.listener.listener.name} has ${winner.route.kind} ${winner.route.namespace}/${winner.route.name} on the same hostnames`);
          continue;
        }
        kept.push(attachment);
        let same = byKind.get(route.kind);
        if (!same) byKind.set(route.kind, (same = []));
        same.push({ route, hostnames: attachment.hostnames });
      }
      parent.attachments.splice(0, parent.attachments.length, ...kept);
      if (kept.length === 0 && lostTo.length > 0) {
        parent.attachment = verdict(false, RouteReason.NotAllowedByListeners,
          `HTTPRoutes and GRPCRoutes cannot share a hostname on a listener, and the older route wins: ${lostTo.join('; ')}`);
      }
    }
  }
}
