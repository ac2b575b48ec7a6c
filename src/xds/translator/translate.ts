/**
 * The xDS translator: one gateway's IR in, the Envoy resources its proxies need out. Pure and
 * deterministic: no I/O, no clock, and every resource list sorted by name, so the same IR always
 * gives the same resources (and the same versions downstream).
 *
 * Endpoints are not in the IR: translateGateway gives, with the resources, the EndpointBinding
 * of each cluster that needs endpoints, and the endpoint translator (endpoints.ts) builds them.
 * translateXds does both at once, for offline use and tests.
 */
import type { VirtualHost as IRVirtualHost, XdsIR } from '../../ir/types';
import { withEndpoints, type EndpointBinding, type XdsResources } from '../types';
import { buildClusters, type ClusterMemo, type ClusterResources } from './clusters/cluster';
import { GatewayClusters } from './clusters/clustertable';
import { buildGatewayEndpoints, type EndpointSource } from './endpoints/endpoints';
import { buildListeners, type HttpFilterNeeds, type ListenerMemo } from './listeners/listener';
import type { RouteConfigState } from './listeners/route-config-patch';
import type { RouteCache } from './listeners/route';
import type { VirtualHost } from '../../generated/envoy/config/route/v3/VirtualHost';
import { byName } from './names';
import { rateLimitServiceCluster } from './listeners/globalratelimit';
import { jwksClusters } from './listeners/jwtauthn';
import { oidcClusters, oidcSecrets } from './listeners/security-oidc';
import { buildSecrets } from './listeners/secret';

export interface GatewayTranslation {
  /** Listeners, routes, clusters and secrets; `endpoints` is empty. */
  resources: XdsResources;
  /** Sorted by cluster name. */
  bindings: EndpointBinding[];
}

/**
 * Envoy objects built from IR objects, by IR object: the IR of a gateway reuses the (frozen)
 * objects of unchanged routes and backends, so re-translating it rebuilds only what changed.
 */
export class XdsTranslationMemo {
  readonly routes: RouteCache = new Map();
  readonly virtualHosts = new WeakMap<object, Map<string, VirtualHost>>();
  readonly virtualHostTrees = new WeakMap<VirtualHost, VirtualHost>();
  readonly clusters: ClusterMemo = { built: new WeakMap(), vhostSettings: new WeakMap(), withPolicy: new WeakMap() };
  readonly httpFilterNeeds = new WeakMap<IRVirtualHost, HttpFilterNeeds>();
  /** Each gateway's clusters, counted between its translations (clustertable.ts). */
  private readonly clusterTables = new Map<string, GatewayClusters>();
  /** Each gateway's route configurations, by name (route-config-patch.ts). */
  private readonly routeConfigs = new Map<string, Map<string, RouteConfigState>>();

  listenersOf(gateway: string): ListenerMemo {
    let routeConfigs = this.routeConfigs.get(gateway);
    if (!routeConfigs) this.routeConfigs.set(gateway, (routeConfigs = new Map()));
    return { routes: this.routes, virtualHosts: this.virtualHosts, virtualHostTrees: this.virtualHostTrees, httpFilterNeeds: this.httpFilterNeeds, routeConfigs };
  }

  clustersOf(gateway: string): GatewayClusters {
    let table = this.clusterTables.get(gateway);
    if (!table) this.clusterTables.set(gateway, (table = new GatewayClusters()));
    return table;
  }

  /** Forgets what was kept for a gateway that is gone. */
  forget(gateway: string): void {
    this.clusterTables.delete(gateway);
    this.routeConfigs.delete(gateway);
  }
}

/** Clusters and bindings, each sorted by cluster name. */
function sortedClusters(ir: XdsIR, memo: XdsTranslationMemo | undefined): ClusterResources {
  if (memo) return memo.clustersOf(ir.gateway).build(ir, memo.clusters);
  const { clusters, bindings } = buildClusters(ir);
  return { clusters: clusters.sort(byName((r) => r.name ?? '')), bindings: bindings.sort(byName((b) => b.cluster)) };
}

/**
 * The clusters of services the proxies call themselves (the rate limit service, JWKS servers, OIDC token endpoints), spliced into
 * the sorted list: they have their endpoints inline, so no binding.
 */
function withServiceClusters(built: ClusterResources, ir: XdsIR): ClusterResources {
  const own = [...(ir.rateLimitService ? [rateLimitServiceCluster(ir.rateLimitService)] : []), ...jwksClusters(ir), ...oidcClusters(ir)];
  if (own.length === 0) return built;
  const clusters = [...built.clusters];
  for (const cluster of own) {
    const at = clusters.findIndex((c) => (c.name ?? '') > (cluster.name ?? ''));
    clusters.splice(at < 0 ? clusters.length : at, 0, cluster);
  }
  return { clusters, bindings: built.bindings };
}

export function translateGateway(ir: XdsIR, memo?: XdsTranslationMemo): GatewayTranslation {
  const { listeners, routes } = buildListeners(ir, memo?.listenersOf(ir.gateway));
  const { clusters, bindings } = withServiceClusters(sortedClusters(ir, memo), ir);
  return {
    resources: {
      gateway: ir.gateway,
      listeners: listeners.sort(byName((r) => r.name ?? '')),
      routes: routes.sort(byName((r) => r.name ?? '')),
      clusters,
      endpoints: [],
      secrets: [...buildSecrets(ir), ...oidcSecrets(ir)].sort(byName((r) => r.name ?? '')),
    },
    bindings,
  };
}

const NO_ENDPOINTS: EndpointSource = () => [];

/** Every resource of the gateway, endpoints included (from endpointsOf; none when not given). */
export function translateXds(ir: XdsIR, endpointsOf: EndpointSource = NO_ENDPOINTS): XdsResources {
  const { resources, bindings } = translateGateway(ir);
  return withEndpoints(resources, buildGatewayEndpoints(ir.gateway, bindings, endpointsOf));
}
