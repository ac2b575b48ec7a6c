/**
 * The Gateway API translator: ProviderResources -> one XdsIR and InfraIR per Gateway, plus the
 * status of every object Pier manages. Pure and deterministic: no clock, no I/O, sorted output.
 * It never throws on bad input: a problem in one object becomes a status condition on it.
 *
 * A full translation is the translation of every Gateway of ours as its own unit (unit.ts), put
 * together (compose.ts); the incremental runner does the same with the units a change affects.
 */
import type { GatewayClass } from '../apis/gateway';
import type { GatewayInfraState, InfraIR, RateLimitService, XdsIR } from '../ir/types';
import type { ObjectStatus, ProviderResources } from '../message/resources';
import { classStatuses, compareStatuses, composeRouteStatus, gatewaysNamedBy, type GatewayState } from './compose';
import { backendTLSStatuses } from './backends/backendtls';
import { telemetryStatuses } from './telemetry/telemetrypolicy';
import { backendTrafficStatuses } from './backends/backendtraffic';
import { xBackendStatuses } from './backends/xbackend';
import { pierPolicyStatuses, type TargetExists } from './policies/status';
import type { PolicyOutcomes } from './policies/apply';
import { TranslationMemo, routeKey, type AnyRoute } from './memo';
import { ResourceIndex } from './resourceindex';
import { classParametersProblem } from './parameters/proxyconfig';
import { translateGatewayUnit, type GatewayUnit } from './unit';

export interface TranslateOptions {
  /** GatewayClasses whose spec.controllerName equals this are ours. */
  controllerName: string;
  /** Bind address (and status address) for Gateways without spec.addresses. */
  defaultAddress?: string;
  /** What the infrastructure reports per Gateway ("<namespace>/<gateway>"): bind and status addresses, readiness. */
  gatewayInfra?: ReadonlyMap<string, GatewayInfraState>;
  /**
   * The infrastructure assigns Gateways without spec.addresses their addresses (host
   * infrastructure with an address pool): such a Gateway it has not reported on yet is not served
   * (Programmed=False, Pending), so no proxy is ever given listeners on the wrong address.
   */
  awaitGatewayInfra?: boolean;
  /**
   * The infrastructure reports on every Gateway it runs (Kubernetes infrastructure: its Service's
   * addresses, its Deployment's readiness): until it has, a served Gateway is Programmed=False
   * (Pending) with no status address, never Programmed with the default bind address meanwhile.
   */
  infraReports?: boolean;
  /**
   * Kubernetes infrastructure: listeners on ports below 1024 bind an unprivileged port
   * (the IR's bindPort, from src/ir/ports.ts); their Service maps the Gateway port to it.
   */
  unprivilegedPorts?: boolean;
  /**
   * The infrastructure copies a Gateway's spec.infrastructure labels and annotations onto the
   * objects it makes (Kubernetes infrastructure): GatewayInfrastructure is supported.
   */
  infrastructurePropagation?: boolean;
  /**
   * The infrastructure gives each Gateway a Service ClusterIP (Kubernetes infrastructure):
   * spec.addresses may ask for routability Cluster (GEP-5093, GatewayAddressRoutabilityCluster).
   */
  clusterRoutability?: boolean;
  /**
   * Kinds the cluster does not serve (Bus.unservedKinds: Kubernetes mode, a beta API left off):
   * references to them are InvalidKind, and their feature is not advertised.
   */
  unservedKinds?: readonly string[];
  /** The rate limit service that counts global limits (Pier's rateLimitService); without it, RateLimitPolicy spec.global is Invalid. */
  rateLimitService?: RateLimitService;
}

export interface TranslationResult {
  /** Key: "<namespace>/<gateway>". */
  xdsIR: Record<string, XdsIR>;
  /** Key: "<namespace>/<gateway>". */
  infraIR: Record<string, InfraIR>;
  /** Sorted by kind (GatewayClass, Gateway, ListenerSet, routes), then namespace and name. */
  statuses: ObjectStatus[];
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By namespace, then name: the order of every list of the output. */
export function compareObjects(a: { metadata: { namespace?: string; name: string } }, b: { metadata: { namespace?: string; name: string } }): number {
  return compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || compareStrings(a.metadata.name, b.metadata.name);
}

/** Every route of every kind. */
export function allRoutes(resources: ProviderResources): AnyRoute[] {
  return [...resources.httpRoutes, ...resources.grpcRoutes, ...resources.tlsRoutes, ...resources.tcpRoutes, ...resources.udpRoutes];
}

/** Names of the GatewayClasses of our controller. */
export function ourClassNames(classes: readonly GatewayClass[], controllerName: string): Set<string> {
  return new Set(classes.filter((gc) => gc.spec?.controllerName === controllerName).map((gc) => gc.metadata.name));
}

/** Per Gateway of ours, what its unit reported of the Pier policies reaching it. */
export function policyOutcomesOf(units: ReadonlyMap<string, GatewayUnit>): Map<string, PolicyOutcomes> {
  const out = new Map<string, PolicyOutcomes>();
  for (const [key, unit] of units) if (unit.policyOutcomes) out.set(key, unit.policyOutcomes);
  return out;
}

/** Whether a policy target exists (not recorded as a read: policy statuses are redone on every change while policies exist). */
export function targetExists(index: ResourceIndex, routeExists: (routeKey: string) => boolean): TargetExists {
  return (t) => {
    switch (t.kind) {
      case 'Gateway': return index.gatewayExists(t.namespace, t.name);
      case 'ListenerSet': return index.parentOfListenerSet(`${t.namespace}/${t.name}`) !== undefined;
      case 'Service': return index.serviceExists(t.namespace, t.name);
      default: return routeExists(`${t.kind}/${t.namespace}/${t.name}`);
    }
  };
}

export function translate(resources: ProviderResources, options: TranslateOptions): TranslationResult {
  const index = ResourceIndex.fromResources(resources, options.unservedKinds, { rateLimitService: options.rateLimitService !== undefined });
  const memo = new TranslationMemo();
  const { controllerName } = options;
  const ourClasses = ourClassNames(resources.gatewayClasses, controllerName);

  const routes = allRoutes(resources);
  const parentOfListenerSet = (listenerSet: string): string | undefined => index.parentOfListenerSet(listenerSet);
  const naming = new Map<string, AnyRoute[]>();
  for (const route of routes) {
    for (const gw of gatewaysNamedBy(route, parentOfListenerSet)) {
      const list = naming.get(gw);
      if (list) list.push(route);
      else naming.set(gw, [route]);
    }
  }

  const units = new Map<string, GatewayUnit>();
  for (const gw of [...resources.gateways].sort(compareObjects)) {
    if (!ourClasses.has(gw.spec?.gatewayClassName)) continue;
    const key = `${gw.metadata.namespace ?? ''}/${gw.metadata.name}`;
    units.set(key, translateGatewayUnit(gw, naming.get(key) ?? [], index, memo, { ...options, infra: options.gatewayInfra?.get(key) }));
  }

  const stateOf = (gateway: string): GatewayState => {
    if (units.has(gateway)) return 'ours';
    const slash = gateway.indexOf('/');
    return index.gateway(gateway.slice(0, slash), gateway.slice(slash + 1)) ? 'other' : 'missing';
  };
  const statuses: ObjectStatus[] = [...classStatuses(resources.gatewayClasses, controllerName, options, (gc) => classParametersProblem(gc, index))];
  const xdsIR: Record<string, XdsIR> = {};
  const infraIR: Record<string, InfraIR> = {};
  for (const unit of units.values()) {
    statuses.push(unit.status, ...unit.listenerSetStatuses);
    if (unit.xdsIR) xdsIR[unit.key] = unit.xdsIR;
    if (unit.infraIR) infraIR[unit.key] = unit.infraIR;
  }
  for (const route of routes) {
    const status = composeRouteStatus(route, memo.translateRoute(route, index), stateOf,
      (gateway, refIndex) => units.get(gateway)?.routeEntries.get(routeKey(route))?.[refIndex], controllerName, parentOfListenerSet);
    if (status) statuses.push(status);
  }
  const ancestors = new Map<string, Set<string>>();
  for (const unit of units.values()) {
    for (const policy of unit.policies) {
      const set = ancestors.get(policy) ?? new Set<string>();
      set.add(unit.key);
      ancestors.set(policy, set);
    }
  }
  statuses.push(...backendTLSStatuses(index.backendTLS, (p) => ancestors.get(p), controllerName));
  statuses.push(...backendTrafficStatuses(index.backendTraffic, (p) => ancestors.get(p), (ns, name) => index.serviceExists(ns, name), controllerName));
  statuses.push(...telemetryStatuses(index.telemetry, stateOf, (gw) => units.get(gw)?.telemetry, controllerName));
  statuses.push(...xBackendStatuses(index, (p) => ancestors.get(p), controllerName));
  const routeKeys = new Set(routes.map(routeKey));
  statuses.push(...pierPolicyStatuses(index.pierPolicies, policyOutcomesOf(units), targetExists(index, (k) => routeKeys.has(k)), controllerName));
  statuses.sort(compareStatuses);
  return { xdsIR, infraIR, statuses };
}
