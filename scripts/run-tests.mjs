#!/usr/bin/env node
// Runs the compiled tests with node's test runner: unit tests in parallel, then end-to-end
// tests one file at a time (they start real Envoy processes). Prints node's summaries and a
// closing "N passed, N failed" line; exits non-zero when any test failed or none ran.
// Then the Gateway API conformance replay (test/conformance), in Delta and in SotW xDS.
// Usage: node scripts/run-tests.mjs [unit|e2e|conformance|all] (default all);
// PIER_TEST_FILTER=substring narrows the unit and e2e files.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const which = process.argv[2] ?? 'all';
const filter = process.env.PIER_TEST_FILTER ?? '';

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

function run(files, concurrency) {
  return new Promise((resolve) => {
    if (files.length === 0) return resolve({ pass: 0, fail: 0, skipped: 0, code: 0 });
    const args = ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', '--test-reporter-destination=' + join(root, 'dist', `.last-${concurrency}.tap`), ...files];
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d) => { process.stdout.write(d); text += d.toString(); });
    child.on('exit', (code) => {
      const num = (label) => Number((text.match(new RegExp(`^ℹ ${label} (\\d+)`, 'm')) ?? [])[1] ?? 0);
      resolve({ pass: num('pass'), fail: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo'), code: code ?? 1 });
    });
  });
}

/** The conformance replay prints its own "N passed, N failed" closing line. */
function conformance(adsMode) {
  return new Promise((resolve) => {
    console.log(`\n# conformance replay (${adsMode} xDS)`);
    const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'test', 'conformance', 'run.js')], {
      cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PIER_CONFORMANCE_ADS_MODE: adsMode },
    });
    let text = '';
    child.stdout.on('data', (d) => { process.stdout.write(d); text += d.toString(); });
    child.on('exit', (code) => {
      const m = text.match(/^(\d+) passed, (\d+) failed/m) ?? [];
      resolve({ pass: Number(m[1] ?? 0), fail: Number(m[2] ?? 0), skipped: 0, code: code ?? 1 });
    });
  });
}

const none = { pass: 0, fail: 0, skipped: 0, code: 0 };
const unitFiles = ['all', 'unit'].includes(which) ? find(join(root, 'dist', 'test', 'unit')) : [];
const e2eFiles = ['all', 'e2e'].includes(which) ? find(join(root, 'dist', 'test', 'e2e')) : [];
const unit = await run(unitFiles, 2);
const e2e = await run(e2eFiles, 1);
const confDelta = ['all', 'conformance'].includes(which) ? await conformance('delta') : none;
const confSotw = ['all', 'conformance'].includes(which) ? await conformance('sotw') : none;
const phases = [unit, e2e, confDelta, confSotw];
const pass = phases.reduce((n, p) => n + p.pass, 0);
const fail = phases.reduce((n, p) => n + p.fail, 0);
const skipped = phases.reduce((n, p) => n + p.skipped, 0);
const failedRun = phases.some((p) => p.code !== 0);
console.log(`\nunit: ${unit.pass} passed, ${unit.fail} failed; e2e: ${e2e.pass} passed, ${e2e.fail} failed; ` +
  `conformance delta: ${confDelta.pass} passed, ${confDelta.fail} failed; conformance sotw: ${confSotw.pass} passed, ${confSotw.fail} failed`);
console.log(`${pass} passed, ${failedRun && fail === 0 ? 1 : fail} failed, ${skipped} skipped`);
if (failedRun || fail > 0 || pass === 0) process.exit(1);
