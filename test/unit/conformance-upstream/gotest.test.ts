/**
 * The upstream conformance runner's output reader, on output shaped as `go test -v` prints the
 * suite's (parallel subtests, results printed when TestConformance ends, testify errors).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GoTestOutput } from '../../conformance-upstream/gotest';

const OUTPUT = `=== RUN   TestConformance
=== RUN   TestConformance/HTTPRouteSimpleSameNamespace
    conformance.go:77: 2026-11-23T14:04:50Z: Running HTTPRouteSimpleSameNamespace
=== RUN   TestConformance/TLSRouteMixed
=== RUN   TestConformance/TLSRouteMixed/Listener_must_conflict
=== PAUSE TestConformance/TLSRouteMixed/Listener_must_conflict
=== CONT  TestConformance/TLSRouteMixed/Listener_must_conflict
    helpers.go:1057: 2026-11-23T14:04:57.5Z: Expected list of SupportedKinds was empty, but the actual list was not
=== NAME  TestConformance/HTTPRouteSimpleSameNamespace
    http.go:331: 2026-11-23T14:04:57.6Z: Request passed
=== NAME  TestConformance/TLSRouteMixed/Listener_must_conflict
    tlsroute.go:72: 
        \tError Trace:\t/x/helpers.go:1059
        \t            \t\t\t\t/x/tlsroute.go:72
        \tError:      \tReceived unexpected error:
        \t            \tcontext deadline exceeded
        \tTest:       \tTestConformance/TLSRouteMixed/Listener_must_conflict
        \tMessages:   \terror waiting for Gateway status to have listeners matching expectations
=== RUN   TestConformance/BackendTLSPolicy
    conformance.go:60: Skipping BackendTLSPolicy: suite does not support BackendTLSPolicy
--- FAIL: TestConformance (5.00s)
    --- PASS: TestConformance/HTTPRouteSimpleSameNamespace (0.13s)
    --- FAIL: TestConformance/TLSRouteMixed (60.07s)
        --- FAIL: TestConformance/TLSRouteMixed/Listener_must_conflict (60.07s)
    --- SKIP: TestConformance/BackendTLSPolicy (0.00s)
FAIL
`;

describe('go test -v output of the conformance runner', () => {
  test('one result per top-level test (not per subtest), with the first error of a failure on one line', () => {
    const reader = new GoTestOutput();
    const printed = OUTPUT.split('\n').map((l) => reader.line(l)).filter((r) => r !== undefined);
    assert.deepEqual(printed.map((r) => `${r.result} ${r.name} ${r.seconds}`), [
      'PASS HTTPRouteSimpleSameNamespace 0.13', 'FAIL TLSRouteMixed 60.07', 'SKIP BackendTLSPolicy 0',
    ]);
    assert.equal(reader.results.length, 3);
    assert.equal(printed[0].reason, undefined);
    assert.equal(printed[1].reason, 'Received unexpected error: context deadline exceeded (error waiting for Gateway status to have listeners matching expectations); ' +
      'last log: Expected list of SupportedKinds was empty, but the actual list was not');
    assert.equal(printed[2].reason, 'Skipping BackendTLSPolicy: suite does not support BackendTLSPolicy');
    assert.equal(reader.lastStarted, 'BackendTLSPolicy');
  });

  test('a failure without a testify error: its first log line that reads like one', () => {
    const reader = new GoTestOutput();
    for (const l of ['=== RUN   TestConformance/X', '    a.go:1: 2026-01-01T00:00:00Z: applying', '    b.go:2: request failed: 503', '    --- FAIL: TestConformance/X (1.5s)']) reader.line(l);
    assert.equal(reader.results[0].reason, 'request failed: 503');
  });
});
