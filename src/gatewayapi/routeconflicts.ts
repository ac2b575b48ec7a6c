/**
 * HTTPRoute and GRPCRoute on one listener (GRPCRouteSpec.hostnames): when routes of the two
 * kinds share a hostname there, exactly one is accepted: the oldest (creation timestamp), then
 * the first by "<namespace>/<name>". The other loses that listener; a parentRef that loses every
 * listener it attached to is not accepted.
 */
import { RouteReason } from './conditions';
import type { ListenerAttachment, ListenerContext } from './contexts';
import { intersectHostname } from './hostnames';
import type { HTTPLikeRouteContext } from './httprules';
import { compareRouteAge } from './precedence';
import { verdict } from './status';

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
  const accepted = new Map<ListenerContext, AcceptedOnListener[]>();
  const contenders = routes.filter((r) => r.problemVerdict === undefined).sort(compareRoutes);
  for (const route of contenders) {
    for (const parent of route.parents) {
      if (!parent.attachment.ok) continue;
      const kept: ListenerAttachment[] = [];
      const lostTo: string[] = [];
      for (const attachment of parent.attachments) {
        const others = accepted.get(attachment.listener) ?? [];
        const winner = others.find((o) => o.route.kind !== route.kind && hostnamesIntersect(o.hostnames, attachment.hostnames));
        if (winner) {
          lostTo.push(`listener ${attachment.listener.listener.name} has ${winner.route.kind} ${winner.route.namespace}/${winner.route.name} on the same hostnames`);
          continue;
        }
        kept.push(attachment);
        others.push({ route, hostnames: attachment.hostnames });
        accepted.set(attachment.listener, others);
      }
      parent.attachments.splice(0, parent.attachments.length, ...kept);
      if (kept.length === 0 && lostTo.length > 0) {
        parent.attachment = verdict(false, RouteReason.NotAllowedByListeners,
          `HTTPRoutes and GRPCRoutes cannot share a hostname on a listener, and the older route wins: ${lostTo.join('; ')}`);
      }
    }
  }
}
