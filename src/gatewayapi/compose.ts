/**
 * Putting units together: the statuses that do not belong to one Gateway. A route's status has
 * one entry per parentRef, in order: for a Gateway of ours, the entry that Gateway's unit
 * computed; for a Gateway that does not exist, NoMatchingParent; nothing for parents that are
 * not ours to answer. Shared by the full translation and the incremental runner, so both give
 * the same statuses from the same units.
 */
import type { GatewayClass, RouteParentStatus } from '../apis/gateway';
import type { ObjectStatus } from '../message/resources';
import { ConditionType, GatewayClassReason } from './model/conditions';
import { supportedFeatures, type FeatureOptions } from './model/features';
import type { AnyRoute, RouteTranslation } from './memo';
import { missingParent, parentGatewayKey } from './routes/parents';
import { condition, verdict } from './model/status';

/** How a Gateway named by a parentRef stands: ours (translated), another controller's, or absent. */
export type GatewayState = 'ours' | 'other' | 'missing';

const STATUS_KIND_ORDER = ['GatewayClass', 'Gateway', 'HTTPRoute', 'GRPCRoute', 'TLSRoute', 'TCPRoute', 'UDPRoute', 'BackendTLSPolicy'];

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareStatuses(a: ObjectStatus, b: ObjectStatus): number {
  return STATUS_KIND_ORDER.indexOf(a.kind) - STATUS_KIND_ORDER.indexOf(b.kind)
    || compareStrings(a.namespace ?? '', b.namespace ?? '')
    || compareStrings(a.name, b.name);
}

/** The Gateways ("<namespace>/<name>") a route's parentRefs name, each once. */
export function gatewaysNamedBy(route: AnyRoute): string[] {
  const out = new Set<string>();
  for (const ref of route.spec.parentRefs ?? []) {
    const key = parentGatewayKey(ref, route.metadata.namespace ?? '');
    if (key !== undefined) out.add(key);
  }
  return [...out];
}

/**
 * Accepted, and the features Pier supports. No SupportedVersion condition: it is experimental
 * in v1.6, and the standard-channel CRDs carry no bundle version for Pier to judge.
 */
export function classStatuses(classes: readonly GatewayClass[], controllerName: string, options: FeatureOptions = {}): ObjectStatus[] {
  return classes.filter((gc) => gc.spec?.controllerName === controllerName).map((gc) => ({
    kind: 'GatewayClass' as const,
    name: gc.metadata.name,
    status: {
      conditions: [condition(ConditionType.Accepted, verdict(true, GatewayClassReason.Accepted, 'GatewayClass is accepted'), gc.metadata.generation)],
      supportedFeatures: supportedFeatures(options),
    },
  }));
}

/**
 * A route's status from its units' entries. entryOf(gateway, refIndex) is the entry the unit of
 * that Gateway (ours) computed. Undefined when the route has nothing of ours to report.
 */
export function composeRouteStatus(
  route: AnyRoute,
  translation: RouteTranslation,
  stateOf: (gateway: string) => GatewayState,
  entryOf: (gateway: string, refIndex: number) => RouteParentStatus | undefined,
  controllerName: string,
): ObjectStatus | undefined {
  const namespace = route.metadata.namespace ?? '';
  const parents: RouteParentStatus[] = [];
  for (const [refIndex, ref] of (route.spec.parentRefs ?? []).entries()) {
    const gateway = parentGatewayKey(ref, namespace);
    if (gateway === undefined) continue;
    switch (stateOf(gateway)) {
      case 'ours': {
        const entry = entryOf(gateway, refIndex);
        if (entry) parents.push(entry);
        break;
      }
      case 'missing':
        // A route that could not be translated reports only on the parents of ours.
        if (translation.ok) {
          const parent = missingParent(ref, refIndex, ref.namespace ?? namespace);
          parents.push(parent.status(controllerName, route.metadata.generation, translation.ctx.verdicts()));
        }
        break;
      case 'other':
        break;
    }
  }
  if (parents.length === 0) return undefined;
  return { kind: route.kind, namespace, name: route.metadata.name, status: { parents } };
}
