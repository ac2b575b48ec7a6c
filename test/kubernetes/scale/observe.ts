/**
 * What the Kubernetes benchmarks observe from outside Pier: status writes as the API server
 * reports them (a watch on Gateways and HTTPRoutes: one MODIFIED event per status update that
 * changed something at the same generation), and a process's memory and CPU from /proc.
 */
import { readFileSync } from 'node:fs';
import { Registry } from 'prom-client';
import { silentLogger } from '../../../src/logging/logger';
import { ApiWatchClient, WatchMetrics, watch, type WatchedObject } from '../../../src/kubeclient/watch';
import type { ControlPlane } from '../harness';

interface Obj extends WatchedObject {
  metadata: WatchedObject['metadata'] & { generation?: number };
  status?: { parents?: { controllerName: string }[]; listeners?: { attachedRoutes: number }[] };
}

/** Pier's V8 flag as the `pier` command sets it (its first line): the test helper starts node without it. */
export const PIER_COMMAND_NODE_OPTIONS = { NODE_OPTIONS: '--max-semi-space-size=4' };

/** Status writes counted from the API server's side, from the moment follow() resolves. */
export interface StatusWrites {
  gatewayWrites: number;
  /** Route name -> status writes. */
  readonly routeWrites: Map<string, number>;
  /** The first listener's attachedRoutes, as last written. */
  attached: number;
  stop(): Promise<void>;
}

export async function followStatusWrites(cp: ControlPlane, namespace: string): Promise<StatusWrites> {
  const stores: { stop(): Promise<void> }[] = [];
  const writes: StatusWrites = {
    gatewayWrites: 0, routeWrites: new Map(), attached: 0,
    stop: async () => { await Promise.all(stores.map((s) => s.stop())); },
  };
  const metrics = new WatchMetrics({ registry: new Registry(), prefix: 'bench' });
  const statusChanged = (a: Obj, b: Obj): boolean => JSON.stringify(a.status) !== JSON.stringify(b.status) && a.metadata.generation === b.metadata.generation;
  const follow = async (plural: string, onUpdate: (oldObj: Obj, newObj: Obj) => void): Promise<void> => {
    stores.push(await watch<Obj>({
      instance: plural, logger: silentLogger(), metrics,
      client: new ApiWatchClient<Obj>({ connection: cp.kubeConfig(), resource: { group: 'gateway.networking.k8s.io', version: 'v1', kind: plural, plural, namespaced: true }, namespace }),
      handlers: { update: onUpdate },
    }));
  };
  await follow('gateways', (a, b) => {
    if (!statusChanged(a, b)) return;
    writes.gatewayWrites++;
    writes.attached = b.status?.listeners?.[0]?.attachedRoutes ?? writes.attached;
  });
  await follow('httproutes', (a, b) => {
    if (statusChanged(a, b)) writes.routeWrites.set(b.metadata.name, (writes.routeWrites.get(b.metadata.name) ?? 0) + 1);
  });
  return writes;
}

/** A process's resident memory now and at its peak (MiB), from /proc. */
export function processMemory(pid: number | undefined): { rssMiB: string; peakMiB: string } {
  const status = pid === undefined ? '' : readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): string => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? (Number(m[1]) / 1024).toFixed(0) : '?';
  };
  return { rssMiB: kib('VmRSS'), peakMiB: kib('VmHWM') };
}

/** CPU seconds a process has used so far (user + system), from /proc. */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  // Fields after the command (which may hold spaces) start after its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** A histogram's running totals from Pier's /metrics (Prometheus text), per label set as written there. */
export interface HistogramTotals { sum: number; count: number }

/** name{labels} -> totals for every histogram series on Pier's metrics endpoint. */
export async function scrapeHistograms(metricsPort: number): Promise<Map<string, HistogramTotals>> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const out = new Map<string, HistogramTotals>();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)_(sum|count)(\{[^}]*\})? ([0-9.eE+-]+)$/.exec(line);
    if (!m) continue;
    const key = `${m[1]}${m[3] ?? ''}`;
    const totals = out.get(key) ?? { sum: 0, count: 0 };
    totals[m[2] as 'sum' | 'count'] = Number(m[4]);
    out.set(key, totals);
  }
  return out;
}

/** Mean (ms) and count of a histogram's observations between two scrapes. */
export function histogramDelta(before: Map<string, HistogramTotals>, after: Map<string, HistogramTotals>, key: string): { meanMs: number; count: number } {
  const a = before.get(key) ?? { sum: 0, count: 0 };
  const b = after.get(key) ?? { sum: 0, count: 0 };
  const count = b.count - a.count;
  return { meanMs: count > 0 ? ((b.sum - a.sum) / count) * 1000 : 0, count };
}
