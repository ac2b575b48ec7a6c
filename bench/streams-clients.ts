/**
 * Child process of bench/streams.ts: opens and closes ADS streams against the parent's xDS
 * server over mTLS, as asked over IPC. A cycle: open a stream (Delta or SotW, in turn), ask for
 * LDS and CDS like Envoy, wait for both answers (ACKing them), close. Every other cycle uses a
 * new connection (a TLS handshake each: connect/close loops); the rest share one connection.
 * Some cycles misbehave on purpose: they never ACK, or ask for types Pier does not serve.
 */
import { readFileSync } from 'node:fs';
import { gatewayCertPaths, tlsPathsInDir } from '../src/security/tls-dir';
import { TypeUrl } from '../src/xds/types';
import { AutoAckClient, type ClientTls } from './lib/xds-clients';

export type ToStreamClients = { kind: 'run'; cycles: number; concurrency: number };
export type FromStreamClients = { kind: 'done'; cycles: number; failed: number; lastFailure: string } | { kind: 'ready' };

interface Setup {
  address: string;
  tlsDir: string;
  gateway: string;
}

const CYCLE_TIMEOUT_MS = 10_000;

function oneCycle(setup: Setup, i: number, tls: ClientTls): Promise<string | null> {
  return new Promise((resolve) => {
    const hostile = i % 10 === 9;
    let finished = false;
    const done = (failure: string | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      client.close();
      resolve(failure);
    };
    const client: AutoAckClient = new AutoAckClient({
      address: setup.address,
      protocol: i % 2 === 0 ? 'delta' : 'sotw',
      gateway: setup.gateway,
      nodeId: `cycle-${i}`,
      subscriptions: hostile
        ? [{ typeUrl: `type.googleapis.com/not.Served${i}`, names: [] }, { typeUrl: TypeUrl.Listener, names: [] }]
        : [{ typeUrl: TypeUrl.Listener, names: [] }, { typeUrl: TypeUrl.Cluster, names: [] }],
      ownConnection: i % 4 < 2,
      tls,
      onResponse: (_summary, c) => {
        if (hostile ? c.answered.has(TypeUrl.Listener) : c.answered.has(TypeUrl.Listener) && c.answered.has(TypeUrl.Cluster)) done(null);
      },
      onEnd: (detail) => done(`ended early: ${detail}`),
    });
    const timer = setTimeout(() => done('no answer in time'), CYCLE_TIMEOUT_MS);
    client.start();
  });
}

async function run(setup: Setup, cycles: number, concurrency: number, tls: ClientTls, offset: number): Promise<{ failed: number; lastFailure: string }> {
  let next = 0;
  let failed = 0;
  let lastFailure = '';
  const worker = async (): Promise<void> => {
    while (next < cycles) {
      const i = offset + next++;
      const failure = await oneCycle(setup, i, tls);
      if (failure) {
        failed += 1;
        lastFailure = failure;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return { failed, lastFailure };
}

function main(): void {
  const setup = JSON.parse(process.env.PIER_BENCH_STREAMS ?? '{}') as Setup;
  const files = gatewayCertPaths(setup.tlsDir, setup.gateway);
  const ca = readFileSync(tlsPathsInDir(setup.tlsDir).caCert);
  const tls: ClientTls = { ca, key: readFileSync(files.key), cert: readFileSync(files.cert) };
  let offset = 0;
  process.on('message', (m: ToStreamClients) => {
    if (m.kind !== 'run') return;
    void run(setup, m.cycles, m.concurrency, tls, offset).then(({ failed, lastFailure }) => {
      offset += m.cycles;
      process.send?.({ kind: 'done', cycles: m.cycles, failed, lastFailure } satisfies FromStreamClients);
    });
  });
  process.send?.({ kind: 'ready' } satisfies FromStreamClients);
}

if (require.main === module) main();
