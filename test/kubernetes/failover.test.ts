/**
 * Issue 23's failover and rolling restart (scenarios 5 and 6) at a smaller size, for their
 * correctness claims (the figures are the benchmark's, bench/kubernetes-scale.ts): 2 Gateways x
 * 50 routes, two `pier serve --provider kubernetes` replicas with leader election behind a
 * Service-like relay, one real Envoy per Gateway (one Delta, one SotW) and traffic through both
 * (test/kubernetes/scale/start-failover.ts). What replicas.test.ts proves (an Envoy moved
 * between two replicas on purpose is sent nothing it holds) is here what happens on the way:
 * Envoys move because their replica died or was restarted.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runStartFailover } from './scale/start-failover';

describe('failover and rolling restart of two Pier replicas under traffic (2 Gateways x 50 routes)', { timeout: 600_000 }, () => {
  test('SIGKILL of the leader: no failed request, the new leader writes the new route\'s status and no unchanged one; a rolling restart: no failed request, nothing re-sent to a Delta Envoy, identical xDS on both replicas', async () => {
    const r = await runStartFailover({
      shape: { gateways: 2, routesPerGateway: 50, servicesPerGateway: 10, endpointsPerService: 10, trafficRoutes: 5 },
      starts: 0, failover: true, rolling: true, settleMs: 0,
      progress: (line) => process.stdout.write(`# ${line}\n`),
    });
    const f = r.failover;
    assert.ok(f, 'the failover ran');
    assert.ok(f.requests > 0, 'traffic flowed during the failover');
    assert.equal(f.failed, 0, `failed requests during the failover (of ${f.requests})`);
    assert.ok(f.lateRouteServed, 'the route created after the kill is served through its Envoy');
    // The new route and its Gateway's attachedRoutes: each written once, and nothing else.
    assert.equal(f.statusPuts, f.statusChanges, `status writes that changed nothing: ${f.statusPuts - f.statusChanges}`);
    assert.ok(f.statusChanges >= 1 && f.statusChanges <= 2, `status changes after the kill: ${f.statusChanges}`);
    assert.deepEqual(f.resent, [], 'a Delta Envoy that moved to the new leader was sent nothing it held');

    const g = r.rolling;
    assert.ok(g, 'the rolling restart ran');
    assert.ok(g.requests > 0 && g.moves >= 2, `traffic flowed (${g.requests}) and Envoys moved (${g.moves})`);
    assert.equal(g.failed, 0, `failed requests during the rolling restart (of ${g.requests})`);
    assert.deepEqual(g.resent, [], 'Delta Envoys moved between replicas were sent nothing they held');
    assert.ok(g.identicalXds, 'both replicas serve byte-identical resources');
  });
});
