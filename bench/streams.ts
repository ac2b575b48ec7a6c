/**
 * Stream churn and server memory: an in-process XdsServer over mTLS (certificates from the real
 * certgen code) serving one gateway of 100 HTTPRoutes; a child process opens and closes ADS
 * streams against it (bench/streams-clients.ts: Delta and SotW, half on new connections, one in
 * ten misbehaving). After a warm-up, 10,000 cycles in five batches; the server's heap after
 * full GC is measured before and after each batch. Target: the heap after 10,000 cycles within
 * 5% of where it started, and no stream or registry entry left.
 * PIER_BENCH_STREAM_CYCLES overrides the 10,000.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { translate } from '../src/gatewayapi/translate';
import { silentLogger } from '../src/logging/logger';
import { generateGatewayFiles, generateServerFiles, tlsPathsInDir } from '../src/security/tls-dir';
import { SnapshotCache } from '../src/xds/cache/cache';
import { ProxyRegistry } from '../src/xds/server/registry';
import { XdsServer } from '../src/xds/server/server';
import { translateXds } from '../src/xds/translator';
import type { FromStreamClients, ToStreamClients } from './streams-clients';
import { CONTROLLER, fleetManifests, gatewayKey, loadManifests } from './lib/fixtures';
import { fmtBytes, memoryAfterGc, note, printTable, until } from './lib/stats';

const WARMUP_CYCLES = 1000;
const BATCHES = 5;
const CONCURRENCY = 20;
const BATCH_TIMEOUT_MS = 600_000;

export async function runStreamsBench(): Promise<void> {
  const cycles = Number(process.env.PIER_BENCH_STREAM_CYCLES ?? 10_000);
  const gateway = gatewayKey(0);
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-streams-'));
  await generateServerFiles(tlsDir);
  await generateGatewayFiles(tlsDir, gateway);
  const logger = silentLogger();
  const cache = new SnapshotCache({ logger });
  const ir = translate(loadManifests(fleetManifests({ gateways: 1, routesPerGateway: 100 })), { controllerName: CONTROLLER }).xdsIR[gateway];
  if (!ir) throw new Error(`no IR for ${gateway}`);
  cache.setResources(gateway, translateXds(ir));
  const registry = new ProxyRegistry();
  const server = new XdsServer({ cache, registry, logger, tls: tlsPathsInDir(tlsDir) });
  const port = await server.listen('127.0.0.1:0');
  const child = fork(path.join(__dirname, 'streams-clients.js'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, PIER_BENCH_STREAMS: JSON.stringify({ address: `127.0.0.1:${port}`, tlsDir, gateway }) },
  });
  const inbox: FromStreamClients[] = [];
  child.on('message', (m: FromStreamClients) => inbox.push(m));
  const next = async (kind: FromStreamClients['kind']): Promise<FromStreamClients> => {
    await until(`the clients' ${kind}`, () => inbox.some((m) => m.kind === kind) || child.exitCode !== null, BATCH_TIMEOUT_MS, 20);
    const i = inbox.findIndex((m) => m.kind === kind);
    if (i < 0) throw new Error(`the client process exited (${String(child.exitCode)})`);
    return inbox.splice(i, 1)[0] as FromStreamClients;
  };
  const runCycles = async (n: number): Promise<{ failed: number; lastFailure: string; ms: number }> => {
    const started = Date.now();
    child.send({ kind: 'run', cycles: n, concurrency: CONCURRENCY } satisfies ToStreamClients);
    const done = await next('done');
    if (done.kind !== 'done') throw new Error('unexpected message');
    await until('every stream to be gone', () => server.streamCount === 0 && registry.size === 0, 30_000, 20);
    return { failed: done.failed, lastFailure: done.lastFailure, ms: Date.now() - started };
  };

  try {
    await next('ready');
    await runCycles(WARMUP_CYCLES);
    const baseline = await memoryAfterGc(6);
    const rows: string[][] = [['0 (after warm-up)', fmtBytes(baseline.heapUsed), '100.0%', fmtBytes(baseline.rss), '', '']];
    const perBatch = Math.ceil(cycles / BATCHES);
    let total = 0;
    let failures = 0;
    let lastFailure = '';
    let last = baseline;
    while (total < cycles) {
      const n = Math.min(perBatch, cycles - total);
      const r = await runCycles(n);
      total += n;
      failures += r.failed;
      if (r.lastFailure) lastFailure = r.lastFailure;
      last = await memoryAfterGc(6);
      rows.push([String(total), fmtBytes(last.heapUsed), `${((last.heapUsed / baseline.heapUsed) * 100).toFixed(1)}%`, fmtBytes(last.rss),
        `${Math.round((n / r.ms) * 1000)}/s`, String(r.failed)]);
    }
    printTable(`streams: ${cycles} open/close cycles over mTLS (server heap after GC)`, ['cycles', 'heap', 'of start', 'rss', 'rate', 'failed'], rows);
    const ratio = last.heapUsed / baseline.heapUsed;
    note(`heap after ${cycles} cycles: ${((ratio - 1) * 100).toFixed(1)}% from the start (target: within 5%): ${Math.abs(ratio - 1) <= 0.05 ? 'met' : 'NOT met'}`);
    note(`streams open after: ${server.streamCount}, registry entries: ${registry.size}, failed cycles: ${failures}${lastFailure ? ` (last: ${lastFailure})` : ''}`);
  } finally {
    child.kill();
    await server.shutdown(1000);
    cache.close();
    rmSync(tlsDir, { recursive: true, force: true });
  }
}
