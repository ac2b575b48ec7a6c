/**
 * Issue 23's route lifecycle at a smaller size, for its correctness claims (the figures are the
 * benchmark's, bench/kubernetes-scale.ts): 100 HTTPRoutes created one by one on one Gateway, with
 * `pier serve --provider kubernetes` (the CLI), the Gateway's Envoy as the pod Pier's
 * infrastructure makes, and real traffic to that pod (test/kubernetes/scale/route-lifecycle.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runRouteLifecycle } from './scale/route-lifecycle';

describe('route lifecycle in Kubernetes mode: 100 routes added under traffic through the Gateway\'s Envoy pod', { timeout: 600_000 }, () => {
  test('every new route is served; no 5xx, no served route failing, no error on the steady route; one status write per route', async () => {
    const r = await runRouteLifecycle(100);
    assert.equal(r.latencies.length, 99, 'every new route answered 200 through Envoy');
    assert.equal(r.serverErrors, 0, '5xx answers');
    assert.equal(r.servedThenFailed, 0, `routes already served that failed a re-check (of ${r.rechecks})`);
    assert.ok(r.steady.requests > 0, 'the steady route was exercised');
    assert.equal(r.steady.non2xx, 0, `non-2xx on the steady route (of ${r.steady.requests})`);
    assert.deepEqual([...new Set(r.routeWrites)], [1], 'exactly one status write per new route');
    assert.equal(r.routeWrites.length, 99);
  });
});
