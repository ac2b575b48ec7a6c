/**
 * Route attachment: for each parentRef, which listeners of which Gateway take the route, and
 * on which hostnames. Shared by every route kind; kinds without hostnames (TCP, UDP) pass
 * usesHostnames=false.
 */
import { GATEWAY_GROUP, type ParentReference } from '../../apis/gateway';
import { RouteReason } from '../model/conditions';
import { RouteParentContext, type GatewayContext, type ListenerAttachment, type ListenerContext, type RouteContext } from '../model/contexts';
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

const LISTENER_SET_PREFIX = 'ListenerSet/';

/**
 * What a parentRef names, as a key: "<namespace>/<name>" for a Gateway,
 * "ListenerSet/<namespace>/<name>" for a ListenerSet (whose Gateway translates the route);
 * undefined for anything else.
 */
export function parentKey(ref: ParentReference, routeNamespace: string): string | undefined {
  if ((ref.group ?? GATEWAY_GROUP) !== GATEWAY_GROUP) return undefined;
  const kind = ref.kind ?? 'Gateway';
  if (kind === 'Gateway') return `${ref.namespace ?? routeNamespace}/${ref.name}`;
  if (kind === 'ListenerSet') return `${LISTENER_SET_PREFIX}${ref.namespace ?? routeNamespace}/${ref.name}`;
  return undefined;
}

/** The parent key of a ListenerSet ("<namespace>/<name>"). */
export function listenerSetParentKeyOf(listenerSet: string): string {
  return `${LISTENER_SET_PREFIX}${listenerSet}`;
}

/** The ListenerSet ("<namespace>/<name>") a parent key names; undefined for a Gateway's key. */
export function listenerSetOfParentKey(key: string): string | undefined {
  return key.startsWith(LISTENER_SET_PREFIX) ? key.slice(LISTENER_SET_PREFIX.length) : undefined;
}

/** The parent of a parentRef naming a Gateway (or ListenerSet) that does not exist. */
export function missingParent(ref: ParentReference, refIndex: number, namespace: string): RouteParentContext {
  const parent = new RouteParentContext(ref, undefined, refIndex);
  const kind = ref.kind === 'ListenerSet' ? 'ListenerSet' : 'Gateway';
  parent.attachment = verdict(false, RouteReason.NoMatchingParent, `${kind} ${namespace}/${ref.name} not found`);
  return parent;
}

/** What a parentRef attaches to: a Gateway's own listeners, or one of its ListenerSets'. */
interface ParentTarget {
  gateway: GatewayContext;
  /** "Gateway <key>" or "ListenerSet <key>", for messages. */
  label: string;
  listeners: (ref: ParentReference) => ListenerContext[];
  /** Set when the parent takes no routes at all (a ListenerSet that is not attached). */
  refused?: string;
}

function targetOf(ref: ParentReference, key: string, gateways: ReadonlyMap<string, GatewayContext>): ParentTarget | undefined {
  const setKey = listenerSetOfParentKey(key);
  if (setKey === undefined) {
    const gateway = gateways.get(key);
    return gateway && { gateway, label: `Gateway ${gateway.key}`, listeners: (r) => gateway.listenersFor(r) };
  }
  for (const gateway of gateways.values()) {
    const set = gateway.listenerSets.get(setKey);
    if (!set) continue;
    const accepted = set.accepted;
    return {
      gateway,
      label: `ListenerSet ${set.key}`,
      listeners: (r) => set.listenersFor(r),
      refused: accepted.ok ? undefined : `ListenerSet ${set.key} is not accepted: ${accepted.message}`,
    };
  }
  return undefined;
}

/**
 * One RouteParentContext per parentRef that names a Gateway of ours (or a ListenerSet of one),
 * or a Gateway that does not exist (reported as NoMatchingParent). Gateways of other
 * controllers, ListenerSets of other Gateways, and other parents are left to their owners (or
 * to composition: compose.ts): no entry here.
 */
export function attachRoute(
  route: RouteContext,
  gateways: ReadonlyMap<string, GatewayContext>,
  index: ResourceIndex,
  usesHostnames: boolean,
): RouteParentContext[] {
  const parents: RouteParentContext[] = [];
  for (const [refIndex, ref] of route.parentRefs().entries()) {
    const key = parentKey(ref, route.namespace);
    if (key === undefined) continue;
    const target = targetOf(ref, key, gateways);
    if (!target) {
      if (listenerSetOfParentKey(key) !== undefined) continue; // a ListenerSet of another Gateway: its unit answers
      const namespace = ref.namespace ?? route.namespace;
      if (index.gateway(namespace, ref.name)) continue; // another controller's Gateway (or not translated here)
      parents.push(missingParent(ref, refIndex, namespace));
      continue;
    }
    const { gateway, label } = target;
    const parent = new RouteParentContext(ref, gateway, refIndex);
    parents.push(parent);
    if (target.refused !== undefined) {
      parent.attachment = verdict(false, RouteReason.NoMatchingParent, target.refused);
      continue;
    }

    const candidates = target.listeners(ref);
    if (candidates.length === 0) {
      parent.attachment = verdict(false, RouteReason.NoMatchingParent, `${label} has no listener${ref.sectionName || ref.port !== undefined ? ` with ${describeSection(ref)}` : 's'}`);
      continue;
    }
    const kindAllowed = candidates.filter((l) => l.allowsKind(GATEWAY_GROUP, route.kind));
    const allowed = kindAllowed.filter((l) => l.allowsNamespace(route.namespace));
    if (allowed.length === 0) {
      parent.attachment = verdict(false, RouteReason.NotAllowedByListeners, kindAllowed.length === 0
        ? `no selected listener of ${label} accepts ${route.kind}`
        : `no selected listener of ${label} allows routes from namespace ${route.namespace}`);
      continue;
    }
    const attachments: ListenerAttachment[] = [];
    for (const listener of allowed) {
      const hostnames = usesHostnames ? intersectListenerAndRoute(listener.listener.hostname, route.hostnames()) : [];
      if (usesHostnames && hostnames.length === 0) continue;
      attachments.push({ listener, hostnames });
    }
    // Copies of what push built: kept for as long as the route is, with no room to grow.
    parent.attachments = attachments.slice();
    parent.attachment = parent.attachments.length > 0
      ? verdict(true, RouteReason.Accepted, 'Route is accepted')
      : verdict(false, RouteReason.NoMatchingListenerHostname, `no listener of ${label} matches the route's hostnames`);
  }
  return parents.slice();
}
