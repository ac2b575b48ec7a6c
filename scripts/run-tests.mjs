#!/usr/bin/env node
// Runs the compiled tests with node's test runner: unit tests in parallel, then end-to-end
// tests one file at a time (they start real Envoy processes), then the Kubernetes tests one file
// at a time (each starts a real etcd + kube-apiserver; the control plane is built first, from
// the Go module proxy, when it is not in ~/.cache yet). Prints node's summaries and a closing
// "N passed, N failed" line; exits non-zero when any test failed or none ran.
// Then the Gateway API conformance replay (test/conformance), in Delta and in SotW xDS, and the
// upstream conformance suite against Pier in Kubernetes mode (test/conformance-upstream).
// Usage: node scripts/run-tests.mjs [unit|e2e|kubernetes|conformance|upstream|all] (default all);
// PIER_TEST_FILTER=substring narrows the unit, e2e and kubernetes files.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import * as os from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const which = process.argv[2] ?? 'all';
const filter = process.env.PIER_TEST_FILTER ?? '';

/**
 * The phases' child processes, so a SIGTERM, SIGINT or SIGHUP to this runner reaches them: the
 * detached ones are in process groups of their own, which neither a signal to this pid nor the
 * terminal's Ctrl-C reaches. Each is sent the same signal (its tests tear down what they made:
 * test/kubernetes/teardown.ts) and given a moment to exit before its group is killed.
 */
const children = new Map(); // child -> detached
function track(child, detached) {
  children.set(child, detached);
  child.on('close', () => children.delete(child));
  return child;
}
const TEARDOWN_GRACE_MS = 20_000;
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the tests (each tears down what it made)`);
    const signalAll = (sig) => {
      for (const [child, detached] of children) {
        try { if (detached) process.kill(-child.pid, sig); else child.kill(sig); } catch { /* already gone */ }
      }
    };
    signalAll(signal);
    const exit = () => process.exit(128 + os.constants.signals[signal]);
    const deadline = setTimeout(() => { signalAll('SIGKILL'); exit(); }, TEARDOWN_GRACE_MS);
    const poll = setInterval(() => {
      if (children.size === 0) { clearInterval(poll); clearTimeout(deadline); exit(); }
    }, 100);
  });
}

function find(dir) {
  let out = [];
  let entries;
  try { entries = readdirSync(dir); } catch { return out; }
  for (const e of entries) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out = out.concat(find(p));
    else if (e.endsWith('.test.js') && relative(root, p).includes(filter)) out.push(p);
  }
  return out.sort();
}

/**
 * One `node --test` run over files. hardLimitMs, when given, is a wall-clock limit enforced from
 * this process: the run gets its own process group, and the whole group (test files and what they
 * started: API servers, etcd, Envoy) is killed when it is exceeded, whatever state the tests are
 * in (a test spinning on the CPU starves its own timers, so in-process timeouts are not enough).
 */
function run(files, concurrency, phase, hardLimitMs) {
  return new Promise((resolve) => {
    if (files.length === 0) return resolve({ pass: 0, fail: 0, skipped: 0, code: 0 });
    const args = ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', '--test-reporter-destination=' + join(root, 'dist', `.last-${phase}.tap`), ...files];
    const child = track(spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], detached: hardLimitMs !== undefined }), hardLimitMs !== undefined);
    let killed = false;
    const limit = hardLimitMs === undefined ? undefined : setTimeout(() => {
      killed = true;
      console.log(`\n${phase}: KILLED after the hard limit of ${Math.round(hardLimitMs / 60_000)} min (${files.map((f) => relative(root, f)).join(', ')})`);
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }, hardLimitMs);
    let text = '';
    child.stdout.on('data', (d) => { process.stdout.write(d); text += d.toString(); });
    child.on('close', (code) => {
      if (limit) clearTimeout(limit);
      const num = (label) => Number((text.match(new RegExp(`^ℹ ${label} (\\d+)`, 'm')) ?? [])[1] ?? 0);
      const fail = num('fail') + num('cancelled');
      resolve({ pass: num('pass'), fail: killed ? Math.max(fail, 1) : fail, skipped: num('skipped') + num('todo'), code: killed ? 1 : code ?? 1 });
    });
  });
}

/** The conformance replay prints its own "N passed, N failed" closing line. */
function conformance(adsMode) {
  return new Promise((resolve) => {
    console.log(`\n# conformance replay (${adsMode} xDS)`);
    const child = track(spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'test', 'conformance', 'run.js')], {
      cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PIER_CONFORMANCE_ADS_MODE: adsMode },
    }), false);
    let text = '';
    child.stdout.on('data', (d) => { process.stdout.write(d); text += d.toString(); });
    child.on('close', (code) => {
      const m = text.match(/^(\d+) passed, (\d+) failed/m) ?? [];
      resolve({ pass: Number(m[1] ?? 0), fail: Number(m[2] ?? 0), skipped: 0, code: code ?? 1 });
    });
  });
}

/**
 * The Kubernetes tests need etcd, kube-apiserver and kube-controller-manager: build them (a
 * no-op when cached). A failed build fails the phase; it is never skipped.
 */
async function kubernetes(files) {
  if (files.length === 0) return none;
  console.log('\n# kubernetes: control plane and conformance binaries (the node agent runs the suite\'s images)');
  if (!buildKubernetesBinaries()) {
    console.log(`\nkubernetes: FAILED: could not build the binaries; ${files.length} test files not run`);
    return { pass: 0, fail: files.length, skipped: 0, code: 1 };
  }
  // One file at a time, each under a hard limit, so one stuck file cannot hold up CI.
  const total = { pass: 0, fail: 0, skipped: 0, code: 0 };
  for (const file of files) {
    const r = await run([file], 1, 'kubernetes', KUBERNETES_FILE_LIMIT_MS);
    total.pass += r.pass; total.fail += r.fail; total.skipped += r.skipped; total.code ||= r.code;
  }
  return total;
}

/**
 * etcd, kube-apiserver, kube-controller-manager, the upstream conformance suite's binaries
 * (its runner, echo-basic, CoreDNS) and Helm: a no-op when cached. False when a build failed.
 */
function buildKubernetesBinaries() {
  for (const script of ['build-control-plane.mjs', 'build-conformance.mjs', 'build-helm.mjs']) {
    const build = spawnSync(process.execPath, [join(root, 'scripts', 'k8s', script)], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.log(`\n${script}: exit ${build.status}`);
      return false;
    }
  }
  return true;
}

/**
 * The upstream Gateway API conformance suite against Pier in Kubernetes mode
 * (test/conformance-upstream/run.ts), under a hard limit; it prints its own "N passed, N failed" line.
 */
function upstreamConformance() {
  return new Promise((resolve) => {
    console.log('\n# upstream conformance suite (Kubernetes mode)');
    if (!buildKubernetesBinaries()) return resolve({ pass: 0, fail: 1, skipped: 0, code: 1 });
    const child = track(spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'test', 'conformance-upstream', 'run.js')], {
      cwd: root, stdio: ['ignore', 'pipe', 'inherit'], detached: true,
      // Only `npm run conformance:upstream` (this script's "upstream") rewrites the committed report.
      env: which === 'upstream' ? { ...process.env, PIER_CONFORMANCE_UPDATE_REPORT: '1' } : process.env,
    }), true);
    let killed = false;
    const limit = setTimeout(() => {
      killed = true;
      console.log(`\nupstream conformance: KILLED after the hard limit of ${UPSTREAM_LIMIT_MS / 60_000} min`);
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }, UPSTREAM_LIMIT_MS);
    let text = '';
    child.stdout.on('data', (d) => { process.stdout.write(d); text += d.toString(); });
    child.on('close', (code) => {
      clearTimeout(limit);
      const m = text.match(/^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/m) ?? [];
      const fail = Number(m[2] ?? 0);
      resolve({ pass: Number(m[1] ?? 0), fail: killed ? Math.max(fail, 1) : fail, skipped: Number(m[3] ?? 0), code: killed ? 1 : code ?? 1 });
    });
  });
}

/** The upstream suite's own limit is 30 min (run.ts); this one also covers set-up and tear-down. */
const UPSTREAM_LIMIT_MS = 35 * 60_000;

/** No Kubernetes test file runs longer than this (the slowest takes a few minutes). */
const KUBERNETES_FILE_LIMIT_MS = 15 * 60_000;

const none = { pass: 0, fail: 0, skipped: 0, code: 0 };
const unitFiles = ['all', 'unit'].includes(which) ? find(join(root, 'dist', 'test', 'unit')) : [];
const e2eFiles = ['all', 'e2e'].includes(which) ? find(join(root, 'dist', 'test', 'e2e')) : [];
const kubernetesFiles = ['all', 'kubernetes'].includes(which) ? find(join(root, 'dist', 'test', 'kubernetes')) : [];
if (which === 'kubernetes' && kubernetesFiles.length === 0) {
  console.log('kubernetes: no test files in dist/test/kubernetes (run `npm run build` first)');
  process.exit(1);
}
const unit = await run(unitFiles, 2, 'unit');
const e2e = await run(e2eFiles, 1, 'e2e');
const k8s = await kubernetes(kubernetesFiles);
const confDelta = ['all', 'conformance'].includes(which) ? await conformance('delta') : none;
const confSotw = ['all', 'conformance'].includes(which) ? await conformance('sotw') : none;
const upstream = ['all', 'upstream'].includes(which) ? await upstreamConformance() : none;
const phases = [unit, e2e, k8s, confDelta, confSotw, upstream];
const pass = phases.reduce((n, p) => n + p.pass, 0);
const fail = phases.reduce((n, p) => n + p.fail, 0);
const skipped = phases.reduce((n, p) => n + p.skipped, 0);
const failedRun = phases.some((p) => p.code !== 0);
console.log(`\nunit: ${unit.pass} passed, ${unit.fail} failed; e2e: ${e2e.pass} passed, ${e2e.fail} failed; ` +
  `kubernetes: ${k8s.pass} passed, ${k8s.fail} failed; ` +
  `conformance delta: ${confDelta.pass} passed, ${confDelta.fail} failed; conformance sotw: ${confSotw.pass} passed, ${confSotw.fail} failed; ` +
  `upstream conformance: ${upstream.pass} passed, ${upstream.fail} failed, ${upstream.skipped} skipped`);
console.log(`${pass} passed, ${failedRun && fail === 0 ? 1 : fail} failed, ${skipped} skipped`);
if (failedRun || fail > 0 || pass === 0) process.exit(1);
