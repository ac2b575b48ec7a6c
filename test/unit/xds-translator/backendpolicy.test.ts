/** BackendPolicy settings on a backend's cluster, alone and beside an XBackendTrafficPolicy retry budget. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { HashOn, LoadBalancerSettings } from '../../../src/ir/backendpolicy';
import type { DestinationSetting, HTTPRoute } from '../../../src/ir/types';
import type { Cluster } from '../../../src/xds/types';
import { backendCluster } from '../../../src/xds/translator/clusters/cluster';
import { hashPolicies } from '../../../src/xds/translator/listeners/hashpolicy';

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

  test('what a hash balancer hashes is the route\'s hash_policy, from its first backend with one', () => {
    const route = (...settings: DestinationSetting[]): HTTPRoute => ({ name: 'r', destination: { settings } } as unknown as HTTPRoute);
    const hashing = (hashOn: HashOn): DestinationSetting => setting({ backendPolicy: { source, id: 'x', loadBalancer: { type: 'ringHash', hashOn } } });
    assert.equal(hashPolicies(route(setting({}))), undefined, 'no policy: no hash');
    assert.equal(hashPolicies(route(setting({ backendPolicy: { source, id: 'x', loadBalancer: { type: 'random' } } }))), undefined);
    assert.deepEqual(hashPolicies(route(hashing({ type: 'header', name: 'x-user' }))), [{ header: { header_name: 'x-user' } }]);
    assert.deepEqual(hashPolicies(route(hashing({ type: 'cookie', name: 's', ttlSeconds: 0 }))), [{ cookie: { name: 's', ttl: { seconds: 0 } } }], 'a session cookie');
    assert.deepEqual(hashPolicies(route(setting({ invalid: true, ...hashing({ type: 'sourceIP' }) }), setting({}), hashing({ type: 'cookie', name: 's', ttlSeconds: 60, path: '/a' }))),
      [{ cookie: { name: 's', ttl: { seconds: 60 }, path: '/a' } }], 'invalid shares do not count');
  });
});
