/**
 * An experiment of the peer benchmark, not how `pier serve` runs: Pier's xDS server in W
 * processes (node's cluster module; the primary accepts connections and hands them out in turn)
 * sharing one port, each with its own SnapshotCache fed the same updates. It answers the question
 * "would serving on both cores bring the fan-out under 0.5x go-control-plane?". Run it as the
 * peer bench's baseline server:
 *   PIER_BENCH_PEER_BASELINE=dist/bench/peer-pier-cluster.js node dist/bench/run.js peer
 * Same stdin protocol as peer-pier-server.ts (update, cpu, streams, mem; no profiling); CPU is
 * the primary's plus every worker's. PIER_BENCH_CLUSTER_WORKERS sets W (default 2).
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import * as net from 'node:net';
import { createInterface } from 'node:readline';
import { silentLogger } from '../src/logging/logger';
import { SnapshotCache } from '../src/xds/cache/cache';
import { loadXdsProtos } from '../src/xds/proto';
import { ProxyRegistry } from '../src/xds/server/registry';
import { XdsServer } from '../src/xds/server/server';
import { withAssignment, type PushFixture } from './lib/push-fixture';

type ToWorker = { kind: 'update'; k: number } | { kind: 'cpu'; id: number } | { kind: 'streams'; id: number };
type FromWorker = { kind: 'ready' } | { kind: 'answer'; id: number; value: string };

const WORKERS = Number(process.env.PIER_BENCH_CLUSTER_WORKERS ?? 2);

function cpuNs(): bigint {
  const u = process.cpuUsage();
  return BigInt(u.user + u.system) * 1000n;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function primary(): Promise<void> {
  const fixturePath = process.argv[2];
  if (!fixturePath) throw new Error('usage: peer-pier-cluster.js <fixture.json>');
  const port = await freePort();
  const workers = Array.from({ length: WORKERS }, () => cluster.fork({ PIER_BENCH_CLUSTER_PORT: String(port), PIER_BENCH_CLUSTER_FIXTURE: fixturePath }));
  let sequence = 0;
  const waiting = new Map<number, (value: string) => void>();
  const ready = workers.map((w) => new Promise<void>((resolve) => {
    w.on('message', (m: FromWorker) => {
      if (m.kind === 'ready') resolve();
      else waiting.get(m.id)?.(m.value);
    });
  }));
  const ask = (w: (typeof workers)[number], kind: 'cpu' | 'streams'): Promise<string> => new Promise((resolve) => {
    const id = ++sequence;
    waiting.set(id, (value) => { waiting.delete(id); resolve(value); });
    w.send({ kind, id } satisfies ToWorker);
  });
  const totalCpu = async (): Promise<bigint> => {
    let total = cpuNs();
    for (const w of workers) total += BigInt(await ask(w, 'cpu'));
    return total;
  };
  await Promise.all(ready);
  const reply = (line: string): void => { process.stdout.write(`${line}\n`); };
  reply(`listening ${port}`);
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, arg] = line.trim().split(/\s+/);
    switch (command) {
      case 'update': {
        const cpu = await totalCpu();
        const started = process.hrtime.bigint();
        for (const w of workers) w.send({ kind: 'update', k: Number(arg) } satisfies ToWorker);
        reply(`applied ${arg} ${started} ${cpu}`);
        break;
      }
      case 'cpu':
        reply(`cpu ${await totalCpu()}`);
        break;
      case 'streams': {
        let n = 0;
        for (const w of workers) n += Number(await ask(w, 'streams'));
        reply(`streams ${n}`);
        break;
      }
      case 'mem':
        reply('mem 0 0'); // not measured: the RSS is spread over processes
        break;
      case undefined:
      case '':
        break;
      default:
        throw new Error(`unknown command "${line}"`);
    }
  }
  for (const w of workers) w.kill();
}

async function worker(): Promise<void> {
  const fixture = JSON.parse(readFileSync(process.env.PIER_BENCH_CLUSTER_FIXTURE ?? '', 'utf8')) as PushFixture;
  loadXdsProtos();
  const logger = silentLogger();
  const cache = new SnapshotCache({ logger });
  const server = new XdsServer({ cache, registry: new ProxyRegistry(), logger });
  let current = fixture.base;
  cache.setResources(fixture.gateway, current);
  await server.listen(`127.0.0.1:${process.env.PIER_BENCH_CLUSTER_PORT ?? ''}`);
  const send = (m: FromWorker): void => { process.send?.(m); };
  process.on('message', (m: ToWorker) => {
    if (m.kind === 'update') {
      const assignment = fixture.updates[m.k];
      if (!assignment) throw new Error(`no update ${m.k}`);
      current = withAssignment(current, assignment);
      cache.setResources(fixture.gateway, current);
    } else if (m.kind === 'cpu') {
      send({ kind: 'answer', id: m.id, value: String(cpuNs()) });
    } else {
      send({ kind: 'answer', id: m.id, value: String(server.streamCount) });
    }
  });
  // The primary went away: so does the worker.
  process.on('disconnect', () => process.exit(0));
  send({ kind: 'ready' });
}

(cluster.isPrimary ? primary() : worker()).then(
  () => { if (cluster.isPrimary) process.exit(0); },
  (err: unknown) => {
    process.stderr.write(`peer-pier-cluster: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exit(1);
  },
);
