/**
 * Issue 23's route lifecycle at a smaller size, for its correctness claims (the figures are the
 * benchmark's, bench/kubernetes-scale.ts): 100 HTTPRoutes created one by one on one Gateway, with
 * `pier serve --provider kubernetes` (the CLI), the Gateway's Envoy as the pod Pier's
 * infrastructure makes, and real traffic to that pod (test/kubernetes/scale/route-lifecycle.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runRouteLifecycle } from './scale/route-lifecycle';

describe('route lifecycle in Kubernetes mode: 100 routes added, then edited 2 × 20 times, under traffic through the Gateway\'s Envoy pod', { timeout: 600_000 }, () => {
  test('every new route is served; no 5xx, no served route failing, no error on the steady route; one status write per route; 2 × 20 edits move traffic with no error on any route', async () => {
    const r = await runRouteLifecycle({ routes: 100, edits: 20 });
    assert.equal(r.latencies.length, 99, 'every new route answered 200 through Envoy');
    assert.equal(r.serverErrors, 0, '5xx answers');
    assert.equal(r.servedThenFailed, 0, `routes already served that failed a re-check (of ${r.rechecks})`);
    assert.ok(r.steady.requests > 0, 'the steady route was exercised');
    assert.equal(r.steady.non2xx, 0, `non-2xx on the steady route (of ${r.steady.requests})`);
    assert.deepEqual([...new Set(r.routeWrites)], [1], 'exactly one status write per new route');
    assert.equal(r.routeWrites.length, 99);
    // Edits under traffic (scenario 2): each moved its route's traffic, and no route failed meanwhile.
    // Twice: with paced requests to every route, then with a loop that never pauses.
    for (const [name, round] of [['paced', r.edits], ['saturating', r.saturatedEdits]] as const) {
      assert.equal(round.latencies.length, 20, `${name}: every edit moved its route to the other backend`);
      assert.ok(round.traffic.requests > 0, name);
      assert.equal(round.traffic.non2xx, 0, `${name}: non-2xx on any route during the edits (of ${round.traffic.requests})`);
    }
  });
});
