/** BackendPolicy settings on a backend's cluster, alone and beside an XBackendTrafficPolicy retry budget. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BackendPolicySettings, HashOn, LoadBalancerSettings } from '../../../src/ir/backendpolicy';
import type { DestinationSetting, HTTPRoute, XdsIR } from '../../../src/ir/types';
import { translateGateway, XdsTranslationMemo, type GatewayTranslation } from '../../../src/xds/translator/translate';
import type { Cluster } from '../../../src/xds/types';
import { backendCluster } from '../../../src/xds/translator/clusters/cluster';
import { backendPolicyRouteFields, hashPolicies } from '../../../src/xds/translator/listeners/backendpolicy-route';

const source = { kind: 'BackendPolicy', namespace: 'default', name: 'bp', target: 'HTTPRoute default/app' };
const setting = (extra: Partial<DestinationSetting>): DestinationSetting => ({
  clusterName: 'default/web/80/backendpolicy/default/bp', weight: 1, protocol: 'http', endpointsOf: { namespace: 'default', service: 'web', portName: 'http' }, ...extra,
} as DestinationSetting);

describe('BackendPolicy clusters', () => {
  test('circuit breaker limits are the DEFAULT thresholds', () => {
    const { cluster } = backendCluster(setting({ backendPolicy: { source, id: 'x', circuitBreaker: { maxConnections: 2, maxPendingRequests: 3, maxRequests: 4, maxRetries: 0 } } }));
    assert.deepEqual(cluster.circuit_breakers, { thresholds: [{ priority: 'DEFAULT', max_connections: { value: 2 }, max_pending_requests: { value: 3 }, max_requests: { value: 4 }, max_retries: { value: 0 } }] });
  });

  test('with an XBackendTrafficPolicy retry budget: one threshold carries both (Envoy then ignores max_retries)', () => {
    const { cluster } = backendCluster(setting({
      retryBudget: { budgetPercent: 20, minRetryConcurrency: 3 },
      backendPolicy: { source, id: 'x', circuitBreaker: { maxConnections: 2, maxRetries: 1 } },
    }));
    assert.deepEqual(cluster.circuit_breakers, { thresholds: [{
      priority: 'DEFAULT', retry_budget: { budget_percent: { value: 20 }, min_retry_concurrency: { value: 3 } },
      max_connections: { value: 2 }, max_retries: { value: 1 },
    }] });
  });
});

describe('BackendPolicy load balancing', () => {
  test('the cluster gets the balancer; least request its choice count', () => {
    const lb = (loadBalancer: LoadBalancerSettings): Pick<Cluster, 'lb_policy' | 'least_request_lb_config'> => {
      const { cluster } = backendCluster(setting({ backendPolicy: { source, id: 'x', loadBalancer } }));
      return { lb_policy: cluster.lb_policy, least_request_lb_config: cluster.least_request_lb_config };
    };
    assert.deepEqual(lb({ type: 'leastRequest', choiceCount: 4 }), { lb_policy: 'LEAST_REQUEST', least_request_lb_config: { choice_count: { value: 4 } } });
    assert.deepEqual(lb({ type: 'random' }), { lb_policy: 'RANDOM', least_request_lb_config: undefined });
    assert.deepEqual(lb({ type: 'maglev', hashOn: { type: 'sourceIP' } }), { lb_policy: 'MAGLEV', least_request_lb_config: undefined });
    assert.deepEqual(lb({ type: 'ringHash', hashOn: { type: 'sourceIP' } }).lb_policy, 'RING_HASH');
  });

  test('what a hash balancer hashes is the route\'s hash_policy (the IR route\'s backendPolicyRoute)', () => {
    const route = (hashOn?: HashOn): HTTPRoute => ({ name: 'r', destination: { settings: [setting({})] }, ...(hashOn ? { backendPolicyRoute: { hashOn } } : {}) } as unknown as HTTPRoute);
    assert.equal(hashPolicies(route()), undefined, 'no policy: no hash');
    assert.deepEqual(hashPolicies(route({ type: 'header', name: 'x-user' })), [{ header: { header_name: 'x-user' } }]);
    assert.deepEqual(hashPolicies(route({ type: 'cookie', name: 's', ttlSeconds: 0 })), [{ cookie: { name: 's', ttl: { seconds: 0 } } }], 'a session cookie');
    assert.deepEqual(hashPolicies(route({ type: 'cookie', name: 's', ttlSeconds: 60, path: '/a' })), [{ cookie: { name: 's', ttl: { seconds: 60 }, path: '/a' } }]);
    assert.deepEqual(hashPolicies(route({ type: 'sourceIP' })), [{ connection_properties: { source_ip: true } }]);
  });
});

describe('BackendPolicy timeouts and TCP keepalive', () => {
  test('connect timeout, keepalive, and the idle timeout beside what an h2c backend sets', () => {
    const timeout = { connectMs: 500, idleMs: 30_000 };
    const { cluster } = backendCluster(setting({ backendPolicy: { source, id: 'x', timeout, tcpKeepalive: { probes: 3, idleTimeSeconds: 60 } } }));
    assert.deepEqual(cluster.connect_timeout, { seconds: 0, nanos: 500_000_000 });
    assert.deepEqual(cluster.upstream_connection_options, { tcp_keepalive: { keepalive_probes: { value: 3 }, keepalive_time: { value: 60 } } });
    const http1 = cluster.typed_extension_protocol_options?.['envoy.extensions.upstreams.http.v3.HttpProtocolOptions'];
    assert.deepEqual(http1, { '@type': 'type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions',
      explicit_http_config: { http_protocol_options: {} }, common_http_protocol_options: { idle_timeout: { seconds: 30 } } });
    const h2c = backendCluster(setting({ protocol: 'h2c', backendPolicy: { source, id: 'x', timeout } })).cluster.typed_extension_protocol_options?.['envoy.extensions.upstreams.http.v3.HttpProtocolOptions'];
    assert.deepEqual(h2c, { '@type': 'type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions',
      explicit_http_config: { http2_protocol_options: {} }, common_http_protocol_options: { idle_timeout: { seconds: 30 } } }, 'still HTTP/2');
  });

  test('the stream idle timeout is the route\'s', () => {
    const route = { name: 'r', destination: { settings: [setting({})] }, backendPolicyRoute: { streamIdleMs: 1500 } } as unknown as HTTPRoute;
    assert.deepEqual(backendPolicyRouteFields(route), { idle_timeout: { seconds: 1, nanos: 500_000_000 } });
  });
});

describe('BackendPolicy upstream PROXY protocol', () => {
  test('wraps plain bytes, or the BackendTLSPolicy\'s TLS socket', () => {
    const plain = backendCluster(setting({ backendPolicy: { source, id: 'x', proxyProtocol: { version: 'v2' } } })).cluster.transport_socket as { name: string; typed_config: Record<string, unknown> };
    assert.equal(plain.name, 'envoy.transport_sockets.upstream_proxy_protocol');
    assert.deepEqual(plain.typed_config.config, { version: 'V2' });
    assert.equal((plain.typed_config.transport_socket as { name: string }).name, 'envoy.transport_sockets.raw_buffer');
    const tls = backendCluster(setting({ tls: { sni: 'web.example.com', caCertificates: 'CA' }, backendPolicy: { source, id: 'x', proxyProtocol: { version: 'v1' } } })).cluster.transport_socket as { typed_config: Record<string, unknown> };
    assert.deepEqual(tls.typed_config.config, { version: 'V1' });
    assert.equal((tls.typed_config.transport_socket as { name: string }).name, 'envoy.transport_sockets.tls');
  });
});

describe('BackendPolicy gRPC health checks', () => {
  const grpcCheck = { source, id: 'x', healthCheck: { type: 'grpc' as const, intervalMs: 1000, timeoutMs: 500, unhealthyThreshold: 2, healthyThreshold: 1, grpcService: 'pier.Echo' } };
  test('on an HTTP/2 cluster: a grpc.health.v1 check with the service name, the Service\'s name as :authority', () => {
    const { cluster } = backendCluster(setting({ protocol: 'h2c', backendPolicy: grpcCheck }));
    assert.deepEqual(cluster.health_checks?.[0]?.grpc_health_check, { service_name: 'pier.Echo', authority: 'web.default.svc' });
  });

  test('a backend spoken to over HTTP/1.1 gets none (Envoy refuses gRPC checks there)', () => {
    assert.equal(backendCluster(setting({ backendPolicy: grpcCheck })).cluster.health_checks, undefined);
  });
});

describe('BackendPolicy on the plain clusters (XdsIR.backendClusterPolicies)', () => {
  const backendOf = (service: string): DestinationSetting => Object.freeze({ clusterName: `default/${service}/80`, weight: 1, protocol: 'http', endpointsOf: { namespace: 'default', service, portName: 'http' } }) as DestinationSetting;
  const routes = ['a', 'b', 'c'].map((s) => Object.freeze({
    name: `r-${s}`, origin: s, pathMatch: { pathPrefix: `/${s}` }, headerMatches: [], queryParamMatches: [], destination: { settings: [backendOf(s)] },
  } as unknown as HTTPRoute));
  const http = [Object.freeze({ name: 'default/gw/http', address: '0.0.0.0', port: 80, hostnames: ['*'], virtualHosts: [Object.freeze({ name: '*', domains: ['*'], routes })] })] as unknown as XdsIR['http'];
  const policy = (maxConnections: number): BackendPolicySettings => ({ source: { ...source, target: 'Gateway default/gw' }, id: 'bp@gw', circuitBreaker: { maxConnections } });
  const irWith = (p?: BackendPolicySettings, whole = false): XdsIR => ({
    gateway: 'default/gw', http, tcp: [], udp: [],
    // A Gateway client certificate has the cluster table make its lists whole (buildClusters).
    ...(whole ? { backendClientCertificate: { name: 'default/client', certificateChain: 'chain', privateKey: 'key' } as unknown as XdsIR['backendClientCertificate'] } : {}),
    ...(p ? { backendClusterPolicies: Object.fromEntries(['a', 'b', 'c'].map((s) => [`default/${s}/80`, p])) } : {}),
  });
  const limit = (c: Cluster): number | undefined => c.circuit_breakers?.thresholds?.[0]?.max_connections?.value;

  for (const whole of [false, true]) test(`added, edited, kept and removed: clusters built again in place, routes and bindings kept, as a full translation${whole ? ' (lists made whole)' : ''}`, () => {
    const memo = new XdsTranslationMemo();
    const steps = [irWith(undefined, whole), irWith(policy(5), whole), irWith(policy(5), whole), irWith(policy(9), whole), irWith(undefined, whole)];
    const expected = [undefined, 5, 5, 9, undefined];
    let last: GatewayTranslation | undefined;
    steps.forEach((ir, i) => {
      const out = translateGateway(ir, memo);
      assert.deepEqual(out.resources.clusters.map(limit), [expected[i], expected[i], expected[i]], `step ${i}`);
      assert.deepEqual(out, translateGateway(ir), `step ${i}: as a full translation`);
      if (last) {
        assert.ok(out.resources.routes.every((r, j) => r === last!.resources.routes[j]), `step ${i}: the same route configuration`);
        assert.ok(out.bindings.every((b, j) => b === last!.bindings[j]), `step ${i}: the same bindings`);
      }
      if (i === 2) assert.ok(out.resources.clusters.every((c, j) => c === last!.resources.clusters[j]), 'the same policy content (a new object): the same clusters');
      last = out;
    });
  });
});
