/**
 * Route attachment: for each parentRef, which listeners of which Gateway take the route, and
 * on which hostnames. Shared by every route kind; kinds without hostnames (TCP, UDP) pass
 * usesHostnames=false.
 */
import { GATEWAY_GROUP, type ParentReference } from '../../apis/gateway';
import { RouteReason } from '../model/conditions';
import { RouteParentContext, type GatewayContext, type RouteContext } from '../model/contexts';
import { intersectListenerAndRoute } from '../listeners/hostnames';
import type { ResourceIndex } from '../resourceindex';
import { verdict } from '../model/status';

function describeSection(ref: ParentReference): string {
  const parts: string[] = [];
  if (ref.sectionName) parts.push(`sectionName "${ref.sectionName}"`);
  if (ref.port !== undefined) parts.push(`port ${ref.port}`);
  return parts.join(' and ');
}

/** "<namespace>/<name>" of the Gateway a parentRef names; undefined when it names something else. */
export function parentGatewayKey(ref: ParentReference, routeNamespace: string): string | undefined {
  if ((ref.group ?? GATEWAY_GROUP) !== GATEWAY_GROUP || (ref.kind ?? 'Gateway') !== 'Gateway') return undefined;
  return `${ref.namespace ?? routeNamespace}/${ref.name}`;
}

/** The parent of a parentRef naming a Gateway that does not exist. */
export function missingParent(ref: ParentReference, refIndex: number, namespace: string): RouteParentContext {
  const parent = new RouteParentContext(ref, undefined, refIndex);
  parent.attachment = verdict(false, RouteReason.NoMatchingParent, `Gateway ${namespace}/${ref.name} not found`);
  return parent;
}

/**
 * One RouteParentContext per parentRef that names a Gateway of ours, or a Gateway that does not
 * exist (reported as NoMatchingParent). Gateways of other controllers, and parents that are not
 * Gateways, are left to their owners: no status entry.
 */
export function attachRoute(
  route: RouteContext,
  gateways: ReadonlyMap<string, GatewayContext>,
  index: ResourceIndex,
  usesHostnames: boolean,
): RouteParentContext[] {
  const parents: RouteParentContext[] = [];
  for (const [refIndex, ref] of route.parentRefs().entries()) {
    const gatewayKey = parentGatewayKey(ref, route.namespace);
    if (gatewayKey === undefined) continue;
    const gateway = gateways.get(gatewayKey);
    if (!gateway) {
      const namespace = ref.namespace ?? route.namespace;
      if (index.gateway(namespace, ref.name)) continue; // another controller's Gateway (or not translated here)
      parents.push(missingParent(ref, refIndex, namespace));
      continue;
    }
    const parent = new RouteParentContext(ref, gateway, refIndex);
    parents.push(parent);

    const candidates = gateway.listenersFor(ref);
    if (candidates.length === 0) {
      parent.attachment = verdict(false, RouteReason.NoMatchingParent, `Gateway ${gateway.key} has no listener with ${describeSection(ref)}`);
      continue;
    }
    const kindAllowed = candidates.filter((l) => l.allowsKind(GATEWAY_GROUP, route.kind));
    const allowed = kindAllowed.filter((l) => l.allowsNamespace(route.namespace));
    if (allowed.length === 0) {
      parent.attachment = verdict(false, RouteReason.NotAllowedByListeners, kindAllowed.length === 0
        ? `no selected listener of Gateway ${gateway.key} accepts ${route.kind}`
        : `no selected listener of Gateway ${gateway.key} allows routes from namespace ${route.namespace}`);
      continue;
    }
    for (const listener of allowed) {
      const hostnames = usesHostnames ? intersectListenerAndRoute(listener.listener.hostname, route.hostnames()) : [];
      if (usesHostnames && hostnames.length === 0) continue;
      parent.attachments.push({ listener, hostnames });
    }
    parent.attachment = parent.attachments.length > 0
      ? verdict(true, RouteReason.Accepted, 'Route is accepted')
      : verdict(false, RouteReason.NoMatchingListenerHostname, `no listener of Gateway ${gateway.key} matches the route's hostnames`);
  }
  return parents;
}
