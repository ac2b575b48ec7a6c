/**
 * Putting units together: the statuses that do not belong to one Gateway. A route's status has
 * one entry per parentRef, in order: for a Gateway of ours, the entry that Gateway's unit
 * computed; for a Gateway that does not exist, NoMatchingParent; nothing for parents that are
 * not ours to answer. Shared by the full translation and the incremental runner, so both give
 * the same statuses from the same units.
 */
import type { GatewayClass, RouteParentStatus } from '../apis/gateway';
import type { ObjectStatus } from '../message/resources';
import { PIER_POLICY_KINDS } from '../apis/pier';
import { ConditionType, GatewayClassReason } from './model/conditions';
import { supportedFeatures, type FeatureOptions } from './model/features';
import type { AnyRoute, RouteTranslation } from './memo';
import { listenerSetOfParentKey, missingParent, parentKey } from './routes/parents';
import { condition, verdict } from './model/status';

/** How a Gateway named by a parentRef stands: ours (translated), another controller's, or absent. */
export type GatewayState = 'ours' | 'other' | 'missing';

const STATUS_KIND_ORDER = ['GatewayClass', 'Gateway', 'ListenerSet', 'HTTPRoute', 'GRPCRoute', 'TLSRoute', 'TCPRoute', 'UDPRoute', 'BackendTLSPolicy',
  'XBackendTrafficPolicy', 'XTelemetryPolicy', 'XBackend', ...PIER_POLICY_KINDS.map((k) => k.kind)];

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareStatuses(a: ObjectStatus, b: ObjectStatus): number {
  return STATUS_KIND_ORDER.indexOf(a.kind) - STATUS_KIND_ORDER.indexOf(b.kind)
    || compareStrings(a.namespace ?? '', b.namespace ?? '')
    || compareStrings(a.name, b.name);
}

/** The parents (Gateway keys, ListenerSet parent keys: parents.ts parentKey) a route's parentRefs name, each once. */
export function parentsNamedBy(route: AnyRoute): string[] {
  const out = new Set<string>();
  for (const ref of route.spec.parentRefs ?? []) {
    const key = parentKey(ref, route.metadata.namespace ?? '');
    if (key !== undefined) out.add(key);
  }
  return [...out];
}

/**
 * The Gateway that translates a route for a parent key: the Gateway itself, or a ListenerSet's
 * parent Gateway (parentOfListenerSet; undefined when the ListenerSet does not exist).
 */
export function gatewayOfParent(key: string, parentOfListenerSet: (listenerSet: string) => string | undefined): string | undefined {
  const set = listenerSetOfParentKey(key);
  return set === undefined ? key : parentOfListenerSet(set);
}

/** The Gateways whose units translate a route, each once. */
export function gatewaysNamedBy(route: AnyRoute, parentOfListenerSet: (listenerSet: string) => string | undefined): string[] {
  const out = new Set<string>();
  for (const key of parentsNamedBy(route)) {
    const gateway = gatewayOfParent(key, parentOfListenerSet);
    if (gateway !== undefined) out.add(gateway);
  }
  return [...out];
}

/**
 * Accepted (False, InvalidParameters, when its parametersRef cannot be used), and the features Pier supports. No SupportedVersion condition: it is experimental
 * in v1.6, and the standard-channel CRDs carry no bundle version for Pier to judge.
 */
export function classStatuses(
  classes: readonly GatewayClass[], controllerName: string, options: FeatureOptions = {}, parametersProblem: (gc: GatewayClass) => string | undefined = () => undefined,
): ObjectStatus[] {
  return classes.filter((gc) => gc.spec?.controllerName === controllerName).map((gc) => {
    const problem = parametersProblem(gc);
    const accepted = problem === undefined
      ? verdict(true, GatewayClassReason.Accepted, 'GatewayClass is accepted')
      : verdict(false, GatewayClassReason.InvalidParameters, problem);
    return {
      kind: 'GatewayClass' as const,
      name: gc.metadata.name,
      status: { conditions: [condition(ConditionType.Accepted, accepted, gc.metadata.generation)], supportedFeatures: supportedFeatures(options) },
    };
  });
}

/**
 * A route's status from its units' entries. entryOf(gateway, refIndex) is the entry the unit of
 * that Gateway (ours) computed. A parentRef naming a ListenerSet is answered by the unit of the
 * ListenerSet's Gateway (parentOfListenerSet); one naming a ListenerSet that does not exist is
 * NoMatchingParent. Undefined when the route has nothing of ours to report.
 */
export function composeRouteStatus(
  route: AnyRoute,
  translation: RouteTranslation,
  stateOf: (gateway: string) => GatewayState,
  entryOf: (gateway: string, refIndex: number) => RouteParentStatus | undefined,
  controllerName: string,
  parentOfListenerSet: (listenerSet: string) => string | undefined,
): ObjectStatus | undefined {
  const namespace = route.metadata.namespace ?? '';
  const parents: RouteParentStatus[] = [];
  for (const [refIndex, ref] of (route.spec.parentRefs ?? []).entries()) {
    const key = parentKey(ref, namespace);
    if (key === undefined) continue;
    const gateway = gatewayOfParent(key, parentOfListenerSet);
    const state: GatewayState = gateway === undefined ? 'missing' : stateOf(gateway);
    if (gateway !== undefined && state === 'ours') {
      const entry = entryOf(gateway, refIndex);
      if (entry) parents.push(entry);
    } else if (state === 'missing' && (gateway === undefined || listenerSetOfParentKey(key) === undefined)) {
      // The Gateway (or ListenerSet) does not exist. A ListenerSet whose Gateway does not exist
      // is left unanswered, like another controller's. A route that could not be translated
      // reports only on the parents of ours.
      if (translation.ok) {
        const parent = missingParent(ref, refIndex, ref.namespace ?? namespace);
        parents.push(parent.status(controllerName, route.metadata.generation, translation.ctx.verdicts()));
      }
    }
  }
  if (parents.length === 0) return undefined;
  // A copy: the status is kept, and push left room for 16 more entries.
  return { kind: route.kind, namespace, name: route.metadata.name, status: { parents: parents.slice() } };
}
