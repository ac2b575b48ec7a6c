/**
 * Conformance replay: runs the Gateway API conformance suite's GATEWAY-HTTP tests and the
 * GATEWAY-GRPC, GATEWAY-TLS, GATEWAY-TCP and GATEWAY-UDP profiles' route tests
 * (sigs.k8s.io/gateway-api/conformance v1.7.0, transcribed in ./tests) against a real Pier with
 * real Envoys in standalone mode. As the suite does, a test runs when Pier's GatewayClass lists
 * all its features in status.supportedFeatures; the others are skipped, each with the features
 * missing. One line per test, then "N passed, N failed, N skipped"; exit code 1 when any failed.
 *
 *   npm run conformance                       every transcribed test Pier's features select
 *   npm run conformance -- HTTPRouteMatching  only the named tests, whatever their features (also PIER_CONFORMANCE_RUN=A,B)
 *   npm run conformance -- --list             the test names and features
 *
 * Env: PIER_CONFORMANCE_VERBOSE=1 (subtest logs and Pier's debug logs in the report),
 * PIER_CONFORMANCE_ADS_MODE=sotw, PIER_CONFORMANCE_PORT_OFFSET=N (listener ports + N; default 0
 * as root, else 10000 because Envoy cannot bind 80/443 unprivileged).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cacheDir, ensureSuite, SUITE_MODULE, SUITE_VERSION } from './fetch';
import { APP_BACKEND_NAMESPACE, GATEWAY_CLASS_NAME, Harness, INFRA_NAMESPACE, WEB_BACKEND_NAMESPACE } from './harness';
import { gwcMustBeAccepted, namespacesMustBeReady } from './kubernetes';
import { runTest, type Failure } from './t';
import { ALL_TESTS, isCoreTest } from './tests';
import type { ConformanceTest } from './types';

interface Result {
  name: string;
  passed: boolean;
  ms: number;
  failures: Failure[];
  logs: string[];
  notes: string[];
}

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The tests named on the command line (or PIER_CONFORMANCE_RUN), else null: all of them. */
function namedTests(args: readonly string[]): ConformanceTest[] | null {
  const names = [...args, ...(process.env.PIER_CONFORMANCE_RUN ?? '').split(',')].map((n) => n.trim()).filter(Boolean);
  if (names.length === 0) return null;
  const unknown = names.filter((n) => !ALL_TESTS.some((t) => t.shortName === n));
  if (unknown.length > 0) {
    out(`unknown test${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; known: ${ALL_TESTS.map((t) => t.shortName).join(', ')}`);
    process.exit(2);
  }
  return ALL_TESTS.filter((t) => names.includes(t.shortName));
}

/** The features of a test that Pier does not list (the suite skips the test when there are any). */
export function missingFeatures(test: ConformanceTest, supported: ReadonlySet<string>): string[] {
  return test.features.filter((f) => !supported.has(f));
}

/** GatewayClass status.supportedFeatures, as the suite reads them when it infers the features. */
/** "subtest path: message", without the test's own name, on one line. */
function shortReason(name: string, failures: readonly Failure[]): string {
  const f = failures[0];
  const where = f.path.startsWith(`${name}/`) ? f.path.slice(name.length + 1) : f.path === name ? '' : f.path;
  const text = `${where ? `${where}: ` : ''}${f.message}`.replace(/\s+/g, ' ');
  const more = failures.length > 1 ? ` (+${failures.length - 1} more)` : '';
  return (text.length > 400 ? `${text.slice(0, 397)}...` : text) + more;
}

function defaultPortOffset(): number {
  if (process.env.PIER_CONFORMANCE_PORT_OFFSET) return Number(process.env.PIER_CONFORMANCE_PORT_OFFSET);
  return typeof process.getuid === 'function' && process.getuid() !== 0 ? 10_000 : 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--list')) {
    for (const t of ALL_TESTS) out(`${t.shortName}\t${isCoreTest(t) ? 'core' : 'extended'}\t${t.features.join(',')}${t.provisional ? '\tprovisional' : ''}`);
    return 0;
  }
  const named = namedTests(args.filter((a) => !a.startsWith('--')));
  let tests = named ?? [...ALL_TESTS];
  const verbose = Boolean(process.env.PIER_CONFORMANCE_VERBOSE);
  const suite = ensureSuite(SUITE_VERSION, (m) => out(`# ${m}`));
  const portOffset = defaultPortOffset();
  out(`# ${SUITE_MODULE}@${suite.version}: ${tests.length} test${tests.length === 1 ? '' : 's'} transcribed${named ? ' and named' : ''}${portOffset ? `; listener ports moved by +${portOffset}` : ''}`);

  const harness = new Harness({
    suite,
    portOffset,
    verbose,
    adsMode: process.env.PIER_CONFORMANCE_ADS_MODE === 'sotw' ? 'sotw' : 'delta',
    log: (line) => out(line),
  });
  const results: Result[] = [];
  const skipped: string[] = [];
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await harness.stop().catch(() => null);
  };
  process.once('SIGINT', () => { void stop().then(() => process.exit(130)); });

  try {
    await harness.start();
    // The suite's Setup: the class is accepted, the base Gateways are ready.
    const setup = await runTest('Setup', 60_000, async (t) => {
      await gwcMustBeAccepted(t, harness, GATEWAY_CLASS_NAME, 'True');
      await namespacesMustBeReady(t, harness, [INFRA_NAMESPACE, APP_BACKEND_NAMESPACE, WEB_BACKEND_NAMESPACE]);
    });
    if (setup.failures.length > 0) throw new Error(`suite set-up failed: ${shortReason('Setup', setup.failures)}`);

    // The suite's selection: a test runs when the class supports all its features; a test
    // named explicitly runs regardless (as with the suite's -run-test).
    const supported = await harness.readSupportedFeatures();
    out(`# GatewayClass ${GATEWAY_CLASS_NAME} lists ${supported.size} supported features`);
    const selected: ConformanceTest[] = [];
    for (const test of tests) {
      const missing = missingFeatures(test, supported);
      if (missing.length === 0) selected.push(test);
      else if (named) {
        selected.push(test);
        out(`# ${test.shortName}: run as named, although Pier does not support ${missing.join(', ')}`);
      } else {
        skipped.push(test.shortName);
        out(`SKIP ${test.shortName}: Pier does not support ${missing.join(', ')}`);
      }
    }
    tests = selected;

    for (const test of tests) {
      const logIndex = harness.logCount;
      const notes: string[] = [];
      await harness.applyTestManifests(test.manifests);
      const r = await runTest(test.shortName, harness.timeouts.testDeadline, async (t) => {
        await harness.waitForStatusesOf(test.manifests, t);
        const errors = await harness.providerErrors();
        if (errors.length > 0) notes.push(`Pier could not read some manifests: ${errors.map((e) => `${e.object ?? path.basename(e.source)}: ${e.message}`).join('; ')}`);
        await test.test(t, harness);
      });
      const cleanup = await harness.deleteTestManifests();
      if (cleanup) notes.push(cleanup);
      notes.push(...harness.recentProblems(logIndex).slice(0, 20).map((p) => `pier: ${p}`));
      const result: Result = { name: test.shortName, passed: r.failures.length === 0, ms: r.ms, failures: r.failures, logs: r.logs, notes };
      results.push(result);
      const time = `${(r.ms / 1000).toFixed(1)}s`;
      out(result.passed ? `PASS ${test.shortName} (${time})` : `FAIL ${test.shortName} (${time}): ${shortReason(test.shortName, r.failures)}`);
    }
    out(`# echo pods answered ${harness.requestsServed()} requests`);
  } catch (err) {
    out(`FAIL conformance run: ${(err as Error).message}`);
    for (const test of tests.slice(results.length)) {
      results.push({ name: test.shortName, passed: false, ms: 0, failures: [{ path: test.shortName, message: 'not run' }], logs: [], notes: [] });
    }
  } finally {
    await stop();
  }

  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  const report = writeReport(results);
  out(`# details: ${report}`);
  out(`${passed} passed, ${failed} failed, ${skipped.length} skipped`);
  return failed > 0 ? 1 : 0;
}

/** Every failure, note and (verbose) subtest log, for the lines above that only show the first. */
function writeReport(results: readonly Result[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${r.passed ? 'PASS' : 'FAIL'} ${r.name} (${(r.ms / 1000).toFixed(1)}s)`);
    for (const f of r.failures) lines.push(`  failure: ${f.path}: ${f.message}`);
    for (const n of r.notes) lines.push(`  note: ${n}`);
    for (const l of r.logs) lines.push(`  log: ${l}`);
  }
  const file = path.join(path.dirname(cacheDir()), 'last-run.txt');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

main().then((code) => process.exit(code), (err: unknown) => {
  out(`conformance run crashed: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
