/** Tiny hand-written xDS resources for cache and server tests. */
import { typedConfig, type Cluster, type ClusterLoadAssignment, type Listener, type RouteConfiguration, type Secret, type XdsResources } from '../../../src/xds/types';

export function listener(name: string, routeName = 'r1', port = 10080): Listener {
  return {
    name,
    address: { socket_address: { address: '0.0.0.0', port_value: port } },
    filter_chains: [{
      filters: [{
        name: 'envoy.filters.network.http_connection_manager',
        typed_config: typedConfig('envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager', {
          stat_prefix: name,
          rds: { route_config_name: routeName, config_source: { ads: {}, resource_api_version: 'V3' } },
          http_filters: [{ name: 'envoy.filters.http.router', typed_config: typedConfig('envoy.extensions.filters.http.router.v3.Router', {}) }],
        }),
      }],
    }],
  } as Listener;
}

export function route(name: string, clusters: string[] = ['c1']): RouteConfiguration {
  return {
    name,
    virtual_hosts: [{
      name: 'vh',
      domains: ['*'],
      routes: clusters.map((c) => ({ match: { prefix: `/${c}` }, route: { cluster: c } })),
    }],
  };
}

export function cluster(name: string, timeoutSeconds = 1): Cluster {
  return {
    name,
    type: 'EDS',
    eds_cluster_config: { eds_config: { ads: {}, resource_api_version: 'V3' } },
    connect_timeout: { seconds: String(timeoutSeconds) },
  } as Cluster;
}

export function endpoints(clusterName: string, ...ips: string[]): ClusterLoadAssignment {
  return {
    cluster_name: clusterName,
    endpoints: [{ lb_endpoints: ips.map((ip) => ({ endpoint: { address: { socket_address: { address: ip, port_value: 8080 } } } })) }],
  };
}

export function secret(name: string): Secret {
  return { name, generic_secret: { secret: { inline_string: `${name}-value` } } } as Secret;
}

export function resources(gateway: string, parts: Partial<Omit<XdsResources, 'gateway'>> = {}): XdsResources {
  return { gateway, listeners: [], routes: [], clusters: [], endpoints: [], secrets: [], ...parts };
}

/** A small complete gateway: one listener, one route to c1, cluster c1 and its endpoints. */
export function basicGateway(gateway = 'default/eg'): XdsResources {
  return resources(gateway, {
    listeners: [listener('l1')],
    routes: [route('r1', ['c1'])],
    clusters: [cluster('c1')],
    endpoints: [endpoints('c1', '10.0.0.1')],
  });
}
