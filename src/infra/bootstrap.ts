/**
 * The Envoy bootstrap Pier hands to proxies: ADS over gRPC to Pier, node.cluster naming the
 * Gateway ("<namespace>/<name>"), an admin interface. Used for the Envoys Pier launches and
 * mirrored by the repository's envoy-bootstrap.yaml (a test keeps the two in agreement).
 */

import { XDS_SERVER_URI } from '../security/identity';

export type AdsMode = 'delta' | 'sotw';

/** The proxy's side of mTLS to Pier: files Envoy reads at start (relative paths: from its working directory). */
export interface BootstrapTls {
  /** The CA Pier's serving certificate must chain to. */
  caCertFile: string;
  /** This proxy's client certificate (naming its Gateway) and key. */
  certFile: string;
  keyFile: string;
}

export interface BootstrapOptions {
  /** "<namespace>/<name>" of the Gateway this proxy serves. */
  gateway: string;
  nodeId: string;
  /** Where Pier's xDS server is reachable from the proxy. */
  xdsHost: string;
  xdsPort: number;
  adsMode: AdsMode;
  adminAddress: string;
  adminPort: number;
  /** mTLS to Pier; plaintext when absent (Pier allows that on loopback or with --xds-insecure only). */
  tls?: BootstrapTls;
  /**
   * A listener on all addresses at this port that answers GET /ready from the admin interface,
   * which stays on adminAddress: a kubelet probes the pod's IP, and the rest of the admin
   * interface (which can stop Envoy) must not be reachable there.
   */
  readinessPort?: number;
  /**
   * A listener that answers GET /stats/prometheus (Envoy's stats in Prometheus' text format)
   * from the admin interface, and nothing else: Prometheus scrapes it without reaching the rest
   * of the admin interface.
   */
  metrics?: { address: string; port: number };
  /**
   * stats_config: keep only stats with these name prefixes, and add fixed tags to every stat.
   * `full`: Envoy's own stats defaults (every stat made up front, none left out) instead of
   * Pier's lean ones (LEAN_STATS below).
   */
  stats?: { inclusionPrefixes?: readonly string[]; tags?: readonly { name: string; value: string }[]; full?: boolean };
}

/**
 * Pier's stats defaults, which most of an idle proxy's memory per cluster went to (bench/RESULTS.md
 * §12, "Proxy memory"): Envoy makes a cluster's traffic stats (upstream_rq_*, upstream_cx_*, their
 * histograms; about 60 of its 112) when the cluster first uses them, not when it arrives, so a
 * stat is missing from /stats until it has counted something; it keeps no per-cluster stat of a
 * feature Pier never configures, which could only ever read zero: subset and zone-aware load
 * balancing (Pier sets neither subsets nor a local cluster), HIGH-priority circuit breakers
 * (Pier's routes are all DEFAULT priority), stale endpoint assignments (Pier sets no
 * stale_after); and no per-cluster histogram of how long each endpoint update took to apply
 * (a histogram costs about 5 KB per cluster). A ProxyConfig's stats.full restores Envoy's defaults.
 */
export const LEAN_STATS = {
  deferredCreation: true,
  /** Suffixes of per-cluster stat names left out. */
  unusedClusterStatSuffixes: [
    '.lb_subsets_active', '.lb_subsets_created', '.lb_subsets_fallback', '.lb_subsets_fallback_panic', '.lb_subsets_removed', '.lb_subsets_selected',
    '.lb_zone_cluster_too_small', '.lb_zone_no_capacity_left', '.lb_zone_routing_all_directly', '.lb_zone_routing_cross_zone', '.lb_zone_routing_sampled',
    '.lb_local_cluster_not_ok', '.lb_recalculate_zone_structures',
    '.assignment_stale', '.assignment_timeout_received', '.assignment_use_cached',
  ],
  /** Parts of per-cluster stat names left out. */
  unusedClusterStatInfixes: ['.circuit_breakers.high.'],
  /** Per-cluster stats left out by name (RE2): each EDS cluster's update_duration histogram, not cluster_manager's or RDS's. */
  clusterStatRegexes: ['^cluster\\..+\\.update_duration$'],
} as const;

/**
 * Each worker thread makes its copy of a cluster (load balancer, host sets, connection pools)
 * when it first routes to it, not when the cluster arrives: idle clusters then cost the main
 * thread only. Nothing observable is lost; at 5,000 clusters it saved what one worker's copies
 * cost (bench/RESULTS.md §12, "Proxy memory"), which Envoy's default of one worker per core
 * multiplies on a large host.
 */
const DEFERRED_CLUSTER_CREATION = { enable_deferred_cluster_creation: true } as const;

/** The proxies' metrics port by default: above the admin (19000) and readiness (19001) ports, and above every port a privileged listener is moved to (src/ir/ports.ts). */
export const DEFAULT_PROXY_METRICS_PORT = 19002;
/** The one admin path the metrics listener forwards. */
export const PROXY_METRICS_PATH = '/stats/prometheus';

const ADMIN_CLUSTER = 'envoy_admin';

/** The cluster of the admin interface, which the readiness and metrics listeners forward to. */
function adminCluster(o: BootstrapOptions): Record<string, unknown> {
  return {
    name: ADMIN_CLUSTER,
    type: 'STATIC',
    connect_timeout: '1s',
    load_assignment: {
      cluster_name: ADMIN_CLUSTER,
      endpoints: [{ lb_endpoints: [{ endpoint: { address: { socket_address: { address: o.adminAddress, port_value: o.adminPort } } } }] }],
    },
  };
}

/**
 * A listener at address:port that forwards GET of one admin path to the admin interface;
 * every other request gets Envoy's 404 (no route), so nothing else of the admin interface is
 * reachable there.
 */
function adminPathListener(name: string, address: string, port: number, adminPath: string): Record<string, unknown> {
  return {
    name,
    address: { socket_address: { address, port_value: port } },
    filter_chains: [{
      filters: [{
        name: 'envoy.filters.network.http_connection_manager',
        typed_config: {
          '@type': 'type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager',
          stat_prefix: name,
          route_config: {
            name,
            virtual_hosts: [{
              name,
              domains: ['*'],
              routes: [{ match: { path: adminPath, headers: [{ name: ':method', string_match: { exact: 'GET' } }] }, route: { cluster: ADMIN_CLUSTER } }],
            }],
          },
          http_filters: [{ name: 'envoy.filters.http.router', typed_config: { '@type': 'type.googleapis.com/envoy.extensions.filters.http.router.v3.Router' } }],
        },
      }],
    }],
  };
}

/** Envoy verifies Pier by its CA and its URI SAN, whatever address it was reached at. */
function xdsTransportSocket(tls: BootstrapTls): Record<string, unknown> {
  return {
    name: 'envoy.transport_sockets.tls',
    typed_config: {
      '@type': 'type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.UpstreamTlsContext',
      common_tls_context: {
        alpn_protocols: ['h2'],
        tls_certificates: [{ certificate_chain: { filename: tls.certFile }, private_key: { filename: tls.keyFile } }],
        validation_context: {
          trusted_ca: { filename: tls.caCertFile },
          match_typed_subject_alt_names: [{ san_type: 'URI', matcher: { exact: XDS_SERVER_URI } }],
        },
      },
    },
  };
}

/**
 * Envoy's stats_config for the stats settings; undefined when there is nothing to say. A
 * user's inclusion list replaces Pier's exclusions (Envoy takes one or the other).
 */
function statsConfig(stats: NonNullable<BootstrapOptions['stats']>): Record<string, unknown> | undefined {
  const config: Record<string, unknown> = {};
  if (stats.tags?.length) config.stats_tags = stats.tags.map((t) => ({ tag_name: t.name, fixed_value: t.value }));
  if (stats.inclusionPrefixes?.length) {
    config.stats_matcher = { inclusion_list: { patterns: stats.inclusionPrefixes.map((prefix) => ({ prefix })) } };
  } else if (!stats.full) {
    config.stats_matcher = { exclusion_list: { patterns: [
      ...LEAN_STATS.unusedClusterStatSuffixes.map((suffix) => ({ suffix })),
      ...LEAN_STATS.unusedClusterStatInfixes.map((contains) => ({ contains })),
      ...LEAN_STATS.clusterStatRegexes.map((regex) => ({ safe_regex: { regex } })),
    ] } };
  }
  return Object.keys(config).length > 0 ? config : undefined;
}

/** A bootstrap as a plain object; Envoy reads it as JSON or YAML. */
export function buildBootstrap(o: BootstrapOptions): Record<string, unknown> {
  const listeners = [
    ...(o.readinessPort === undefined ? [] : [adminPathListener('envoy_ready', '0.0.0.0', o.readinessPort, '/ready')]),
    ...(o.metrics === undefined ? [] : [adminPathListener('envoy_metrics', o.metrics.address, o.metrics.port, PROXY_METRICS_PATH)]),
  ];
  const readiness = o.readinessPort !== undefined;
  // A probed proxy waits for its first listeners and clusters however long it takes: with the
  // default initial fetch timeout (15 s) Envoy would finish initializing without them, and
  // report ready (and its Gateway Programmed) while it has no configuration from Pier.
  const initial = readiness ? { initial_fetch_timeout: '0s' } : {};
  const stats = statsConfig(o.stats ?? {});
  const deferred = !o.stats?.full && LEAN_STATS.deferredCreation;
  return {
    node: { id: o.nodeId, cluster: o.gateway },
    cluster_manager: { ...DEFERRED_CLUSTER_CREATION },
    admin: { address: { socket_address: { address: o.adminAddress, port_value: o.adminPort } } },
    dynamic_resources: {
      ads_config: {
        api_type: o.adsMode === 'delta' ? 'DELTA_GRPC' : 'GRPC',
        transport_api_version: 'V3',
        grpc_services: [{ envoy_grpc: { cluster_name: 'pier_xds' } }],
        set_node_on_first_message_only: true,
      },
      lds_config: { ads: {}, resource_api_version: 'V3', ...initial },
      cds_config: { ads: {}, resource_api_version: 'V3', ...initial },
    },
    static_resources: {
      clusters: [{
        name: 'pier_xds',
        type: 'STRICT_DNS',
        connect_timeout: '1s',
        load_assignment: {
          cluster_name: 'pier_xds',
          endpoints: [{ lb_endpoints: [{ endpoint: { address: { socket_address: { address: o.xdsHost, port_value: o.xdsPort } } } }] }],
        },
        typed_extension_protocol_options: {
          'envoy.extensions.upstreams.http.v3.HttpProtocolOptions': {
            '@type': 'type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions',
            explicit_http_config: { http2_protocol_options: {} },
          },
        },
        ...(o.tls ? { transport_socket: xdsTransportSocket(o.tls) } : {}),
      }, ...(listeners.length > 0 ? [adminCluster(o)] : [])],
      ...(listeners.length > 0 ? { listeners } : {}),
    },
    ...(stats ? { stats_config: stats } : {}),
    ...(deferred ? { deferred_stat_options: { enable_deferred_creation_stats: true } } : {}),
    // An edge proxy needs a bound on downstream connections (Envoy warns without one).
    overload_manager: {
      refresh_interval: '0.25s',
      resource_monitors: [{
        name: 'envoy.resource_monitors.global_downstream_max_connections',
        typed_config: {
          '@type': 'type.googleapis.com/envoy.extensions.resource_monitors.downstream_connections.v3.DownstreamConnectionsConfig',
          max_active_downstream_connections: 50000,
        },
      }],
    },
  };
}

/**
 * Flags every Envoy that Pier launches gets. `--ignore-unknown-dynamic-fields` skips Envoy's
 * reflection walk over each xDS resource looking for unknown and deprecated fields: Pier encodes
 * only fields of its own proto set, so the walk finds nothing, yet it was about a third of the
 * time Envoy took to take in a 3,000-route RouteConfiguration (bench/RESULTS.md §8). The
 * resources' own validation rules (PGV) still run.
 */
export const ENVOY_FLAGS: readonly string[] = ['--ignore-unknown-dynamic-fields'];
