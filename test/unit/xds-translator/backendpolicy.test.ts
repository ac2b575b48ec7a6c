/** BackendPolicy settings on a backend's cluster, alone and beside an XBackendTrafficPolicy retry budget. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DestinationSetting } from '../../../src/ir/types';
import { backendCluster } from '../../../src/xds/translator/clusters/cluster';

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
