/**
 * Issue 23's endpoint churn at a smaller size, for its correctness claims (the figures are the
 * benchmark's, bench/kubernetes-scale.ts): 100 HTTPRoutes over 10 selector-less Services with 100
 * endpoints in all (EndpointSlices written as the EndpointSlice controller writes them), 10% of
 * the endpoints flipping readiness in each of 3 short rounds, traffic through the Gateway's Envoy
 * pod all the while (test/kubernetes/scale/endpoint-churn.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runEndpointChurn } from './scale/endpoint-churn';

describe('endpoint churn in Kubernetes mode: 100 routes over 10 Services with 100 endpoints, readiness flipping under traffic', { timeout: 600_000 }, () => {
  test('no failed request; Envoy follows every flip (a not-ready endpoint gets no traffic, a ready-again one does); only EDS changes', async () => {
    const r = await runEndpointChurn({ routes: 100, services: 10, endpoints: 100, churnFraction: 0.1, rounds: 3, roundMs: 4000 });
    assert.equal(r.flips, 30, 'readiness flips (10% of 100 endpoints, 3 rounds)');
    assert.equal(r.edsLatencies.length, r.writes, 'Envoy applied every EndpointSlice write');
    assert.ok(r.traffic.requests > 0, 'traffic flowed');
    assert.equal(r.traffic.failed, 0, `failed requests (of ${r.traffic.requests})`);
    assert.equal(r.strays, 0, 'answers from endpoints Envoy already held as not ready');
    assert.ok(r.checks.notReady > 0 && r.checks.readyAgain > 0, `both kinds of flips were checked: ${JSON.stringify(r.checks)}`);
    assert.equal(r.checks.notReadyAnswered, 0, 'not-ready endpoints that answered after the update');
    assert.equal(r.checks.readyAgainMissed, 0, 'ready-again endpoints that never answered after the update');
    assert.equal(r.envoyUpdates.eds, r.writes, 'EDS updates Envoy applied: one per EndpointSlice write');
    assert.deepEqual({ cds: r.envoyUpdates.cds, lds: r.envoyUpdates.lds, rds: r.envoyUpdates.rds }, { cds: 0, lds: 0, rds: 0 }, 'endpoint churn changed only endpoints');
  });
});
