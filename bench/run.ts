/**
 * Runs Pier's benchmarks: `node dist/bench/run.js [translate|fanout|peer|convergence|churn|startup ...]`
 * (all of them when none is named). Benchmarks print numbers; they assert no timing.
 * Each benchmark runs in a fresh node process with --expose-gc, so memory numbers do not carry
 * what an earlier benchmark left behind.
 */
import { spawnSync } from 'node:child_process';
import { runChurnBench } from './churn';
import { runAddRoutesBench, runConvergenceBench } from './convergence';
import { runFanoutBench } from './fanout';
import { runPeerBench } from './peer';
import { runRouteEditsBench } from './route-edits';
import { runRouteLookupBench } from './route-lookup';
import { runProxyMemoryBench } from './proxy-memory';
import { runRouteApplyBench } from './route-apply';
import { runScaleBench } from './scale';
import { runStartupBench } from './startup';
import { runTranslateBench } from './translate';
import { runFuzzBench } from './fuzz';
import { runStreamsBench } from './streams';
import { runKubernetesStatusBench } from './kubernetes-status';
import { runKubernetesScaleBench } from './kubernetes-scale';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  translate: runTranslateBench,
  fanout: runFanoutBench,
  peer: runPeerBench,
  convergence: runConvergenceBench,
  churn: runChurnBench,
  scale: runScaleBench,
  'add-routes': runAddRoutesBench,
  'route-edits': runRouteEditsBench,
  'route-lookup': runRouteLookupBench,
  'proxy-memory': runProxyMemoryBench,
  'route-apply': runRouteApplyBench,
  fuzz: runFuzzBench,
  streams: runStreamsBench,
  startup: runStartupBench,
  'kubernetes-status': runKubernetesStatusBench,
  'kubernetes-scale': runKubernetesScaleBench,
};

/** Marks the process that runs one benchmark itself. */
const CHILD_FLAG = '--bench-child';

async function runOne(name: string): Promise<void> {
  const started = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  await (BENCHMARKS[name] as () => Promise<void>)();
  process.stdout.write(`\n(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === CHILD_FLAG) {
    await runOne(args[1] as string);
    return 0;
  }
  const unknown = args.filter((a) => !(a in BENCHMARKS));
  if (unknown.length > 0 || args.includes('-h') || args.includes('--help')) {
    process.stderr.write(`usage: node dist/bench/run.js [${Object.keys(BENCHMARKS).join('|')} ...]\n`);
    return unknown.length > 0 ? 2 : 0;
  }
  const selected = args.length > 0 ? args : Object.keys(BENCHMARKS);
  process.stdout.write(`pier benchmarks: node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}\n`);
  let failed = 0;
  for (const name of selected) {
    const child = spawnSync(process.execPath, ['--expose-gc', ...process.execArgv, __filename, CHILD_FLAG, name], { stdio: 'inherit' });
    if (child.status !== 0) {
      failed += 1;
      process.stdout.write(`\n${name}: FAILED (exit ${String(child.status ?? child.signal)})\n`);
    }
  }
  return failed > 0 ? 1 : 0;
}

main().then((code) => process.exit(code), (err: unknown) => {
  process.stderr.write(`benchmark failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
