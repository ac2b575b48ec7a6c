/**
 * Route edits in process, by kind of edit: the pipeline as `pier serve` wires it (tables, both
 * translator runners, endpoint runner, cache runner), loaded with N Gateways x M HTTPRoutes
 * (bench fixtures: ten routes per hostname), then K edits of each kind, each timed from the
 * store of the one object until the snapshot cache has published, with the process CPU spent:
 *   - an HTTPRoute on its own hostname (the last route of the last Gateway): one virtual host;
 *   - an HTTPRoute without hostname on the same Gateway: in every virtual host of its listener;
 *   - a new HTTPRoute on an existing hostname;
 *   - a RateLimitPolicy added on the Gateway (issue 26: no dearer than a route edit), and one on
 *     the last route (each removed again, untimed, before the next); the same with an
 *     ObservabilityPolicy (JSON access log and tracing over OTLP to a Service port);
 *   - the first kind again with a RateLimitPolicy on the Gateway (placed on every listener);
 *   - a BackendPolicy added on the Gateway (its backends' clusters carry its settings), and one on
 *     the last route (each removed again, untimed, before the next);
 *   - the first kind again with a BackendPolicy on the Gateway too (its plain clusters carry it);
 *   - a ClientPolicy (compression, a request timeout) on the Gateway, a SecurityPolicy (an allow
 *     list by client address) on the Gateway and on the last route.
 * And the heap after GC once loaded (its growth over the loaded input). Shapes:
 * PIER_BENCH_ROUTE_EDIT_SHAPES (default "10x1000,1x3000"), edits: PIER_BENCH_ROUTE_EDITS (15).
 */
import { writeFileSync } from 'node:fs';
import type { HTTPRoute } from '../src/apis/gateway';
import type { BackendPolicy, ClientPolicy, ObservabilityPolicy, RateLimitPolicy, SecurityPolicy } from '../src/apis/pier';
import { CONTROLLER, fleetManifests, gatewayName, loadManifests, NAMESPACE, type FleetShape } from './lib/fixtures';
import { startInProcessPipeline } from './lib/pipeline';
import { publishObject } from './lib/publish';
import { fmtMs, memoryAfterGc, note, percentile, printTable, settle, until } from './lib/stats';

const SHAPES: FleetShape[] = (process.env.PIER_BENCH_ROUTE_EDIT_SHAPES ?? '10x1000,1x3000').split(',').map((s) => {
  const [g, r] = s.split('x').map(Number);
  return { gateways: g!, routesPerGateway: r! };
});
const EDITS = Number(process.env.PIER_BENCH_ROUTE_EDITS ?? 15);
const TIMEOUT_MS = 60_000;
const MIB = 1024 * 1024;

function withoutHostname(gateway: string): HTTPRoute {
  const route = loadManifests(`apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: no-hostname, namespace: ${NAMESPACE} }
spec:
  parentRefs: [{ name: ${gateway} }]
  rules:
    - matches: [{ path: { type: PathPrefix, value: /no-hostname } }]
      backendRefs: [{ name: svc-${gateway}-r-0, port: 80 }]
`).httpRoutes[0];
  if (!route) throw new Error('no route parsed');
  return route;
}

function edited(route: HTTPRoute, i: number): HTTPRoute {
  const copy = structuredClone(route);
  copy.spec.rules![0]!.matches![0]!.path!.value = `/edited-${i}`;
  copy.metadata.generation = (route.metadata.generation ?? 1) + i + 1;
  return copy;
}

interface Timings { wall: number[]; cpu: number[] }

function rateLimitPolicy(i: number, target: { kind: string; name: string; sectionName?: string }): RateLimitPolicy {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'RateLimitPolicy',
    metadata: { name: `bench-limit-${i}`, namespace: NAMESPACE, uid: `bench-limit-${i}`, generation: 1 },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...target }], local: { rules: [{ limit: { requests: 100 + i, unit: 'Second' } }] } },
  };
}

function backendPolicy(i: number, target: { kind: string; name: string; sectionName?: string }): BackendPolicy {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
    metadata: { name: `bench-backend-${i}`, namespace: NAMESPACE, uid: `bench-backend-${i}`, generation: 1 },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...target }], circuitBreaker: { maxParallelRequests: 100 + i } },
  };
}

/** Access logs as JSON on stdout and, on a Gateway, tracing to a Service port (a route sets its sampling rate only). */
function observabilityPolicy(i: number, target: { kind: string; name: string }, receiver: string): ObservabilityPolicy {
  const onGateway = target.kind === 'Gateway';
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ObservabilityPolicy',
    metadata: { name: `bench-observe-${i}`, namespace: NAMESPACE, uid: `bench-observe-${i}`, generation: 1 },
    spec: {
      targetRefs: [{ group: 'gateway.networking.k8s.io', ...target }],
      accessLogs: [{ format: { type: 'JSON', json: { path: '%REQ(:PATH)%', code: '%RESPONSE_CODE%', n: String(i) } }, sink: { type: 'Stdout' } }],
      tracing: onGateway ? { provider: { backendRef: { name: receiver, port: 80 } }, samplingRate: { numerator: 1 + (i % 100) } } : { samplingRate: { numerator: i % 100 } },
    },
  };
}

/** Response compression and a request timeout: listener settings (a ClientPolicy attaches to listeners only). */
function clientPolicy(i: number, gateway: string): ClientPolicy {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy',
    metadata: { name: `bench-client-${i}`, namespace: NAMESPACE, uid: `bench-client-${i}`, generation: 1 },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: gateway }], compression: { algorithms: ['Gzip'] }, timeouts: { request: `${10 + (i % 50)}s` } },
  };
}

/** An allow list by client address (RBAC): no Secret to read. */
function securityPolicy(i: number, target: { kind: string; name: string }): SecurityPolicy {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy',
    metadata: { name: `bench-security-${i}`, namespace: NAMESPACE, uid: `bench-security-${i}`, generation: 1 },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...target }], authorization: { rules: [{ action: 'Allow', principal: { clientCIDRs: [`10.${i % 250}.0.0/16`] } }], defaultAction: 'Deny' } },
  };
}

type Edit = HTTPRoute | RateLimitPolicy | BackendPolicy | ObservabilityPolicy | ClientPolicy | SecurityPolicy;

/**
 * With PIER_BENCH_ROUTE_EDIT_WINDOWS=<file>, the edits' [start, end] (monotonic microseconds) are
 * written there, so a CPU profile of the run (node --cpu-prof) can be summarized over the edits
 * only (profile-summary.ts reads <profile>.windows.json).
 */
const WINDOWS_FILE = process.env.PIER_BENCH_ROUTE_EDIT_WINDOWS;
const windows: [number, number][] = [];

async function runShape(shape: FleetShape): Promise<{ rows: string[][]; heapMiB: number }> {
  const base = loadManifests(fleetManifests(shape));
  const gateway = gatewayName(shape.gateways - 1);
  const extra = withoutHostname(gateway);
  base.httpRoutes.push(extra);
  const last = base.httpRoutes.find((r) => r.metadata.name === `${gateway}-r-${shape.routesPerGateway - 1}`);
  if (!last) throw new Error('no last route');
  // The tracing receiver: a Service of the fixtures (the first route's backend).
  const receiver = `svc-${gateway}-r-0`;
  const heapBefore = (await memoryAfterGc()).heapUsed;
  const { bus, cache, stop } = await startInProcessPipeline(CONTROLLER, base, TIMEOUT_MS);
  const removePolicy = (object: Edit): void => {
    const tables = { BackendPolicy: bus.tables.backendPolicies, ObservabilityPolicy: bus.tables.observabilityPolicies, ClientPolicy: bus.tables.clientPolicies, SecurityPolicy: bus.tables.securityPolicies, RateLimitPolicy: bus.tables.rateLimitPolicies } as const;
    const table = tables[object.kind as keyof typeof tables];
    table.delete(`${object.metadata.namespace}/${object.metadata.name}`);
  };
  try {
    const heapMiB = ((await memoryAfterGc()).heapUsed - heapBefore) / MIB;
    const published = async (change: () => void): Promise<void> => {
      const events = cache.stats().events;
      change();
      await until('the change to reach the cache', () => cache.stats().events > events, TIMEOUT_MS, 0);
    };
    const time = async (make: (i: number) => Edit, undo?: (object: Edit) => void): Promise<Timings> => {
      const out: Timings = { wall: [], cpu: [] };
      for (let i = 0; i < EDITS; i++) {
        const edit = make(i);
        const events = cache.stats().events;
        const cpu = process.cpuUsage();
        const started = process.hrtime.bigint();
        publishObject(bus, edit);
        await until('the edit to reach the cache', () => cache.stats().events > events, TIMEOUT_MS, 0);
        const ended = process.hrtime.bigint();
        out.wall.push(Number(ended - started) / 1e6);
        windows.push([Number(started / 1000n), Number(ended / 1000n)]);
        const used = process.cpuUsage(cpu);
        out.cpu.push((used.user + used.system) / 1000);
        await settle(5);
        if (undo) {
          await published(() => undo(edit));
          await settle(5);
        }
      }
      return out;
    };
    const kinds: [string, Timings][] = [
      ['HTTPRoute, its hostname', await time((i) => edited(last, i))],
      ['HTTPRoute without hostname', await time((i) => edited(extra, i))],
      ['add an HTTPRoute', await time((i) => {
        const copy = edited(last, i);
        copy.metadata = { ...copy.metadata, name: `added-${i}`, uid: `added-${i}` };
        return copy;
      })],
      ['add a RateLimitPolicy on the Gateway', await time((i) => rateLimitPolicy(i, { kind: 'Gateway', name: gateway }), removePolicy)],
      ['add a RateLimitPolicy on the route', await time((i) => rateLimitPolicy(i, { kind: 'HTTPRoute', name: last.metadata.name }), removePolicy)],
      ['add a BackendPolicy on the Gateway', await time((i) => backendPolicy(i, { kind: 'Gateway', name: gateway }), removePolicy)],
      ['add a BackendPolicy on the route', await time((i) => backendPolicy(i, { kind: 'HTTPRoute', name: last.metadata.name }), removePolicy)],
      ['add an ObservabilityPolicy on the Gateway', await time((i) => observabilityPolicy(i, { kind: 'Gateway', name: gateway }, receiver), removePolicy)],
      ['add an ObservabilityPolicy on the route', await time((i) => observabilityPolicy(i, { kind: 'HTTPRoute', name: last.metadata.name }, receiver), removePolicy)],
      ['add a ClientPolicy on the Gateway', await time((i) => clientPolicy(i, gateway), removePolicy)],
      ['add a SecurityPolicy on the Gateway', await time((i) => securityPolicy(i, { kind: 'Gateway', name: gateway }), removePolicy)],
      ['add a SecurityPolicy on the route', await time((i) => securityPolicy(i, { kind: 'HTTPRoute', name: last.metadata.name }), removePolicy)],
      ['HTTPRoute, its hostname, under a Gateway policy', await (async () => {
        await published(() => publishObject(bus, rateLimitPolicy(1000, { kind: 'Gateway', name: gateway })));
        return time((i) => edited(last, EDITS + i));
      })()],
      ['HTTPRoute, its hostname, under a Gateway BackendPolicy', await (async () => {
        await published(() => publishObject(bus, backendPolicy(1000, { kind: 'Gateway', name: gateway })));
        return time((i) => edited(last, 2 * EDITS + i));
      })()],
    ];
    const label = `${shape.gateways} gw x ${shape.routesPerGateway} routes`;
    const rows = kinds.map(([kind, t]) => [label, kind, fmtMs(percentile(t.cpu, 50)), fmtMs(percentile(t.cpu, 90)), fmtMs(percentile(t.wall, 50)), fmtMs(percentile(t.wall, 90))]);
    return { rows, heapMiB };
  } finally {
    await stop();
  }
}

export async function runRouteEditsBench(): Promise<void> {
  if (WINDOWS_FILE) process.once('exit', () => writeFileSync(WINDOWS_FILE, JSON.stringify(windows)));
  const rows: string[][] = [];
  const heap: string[] = [];
  for (const shape of SHAPES) {
    const r = await runShape(shape);
    rows.push(...r.rows);
    heap.push(`${shape.gateways} x ${shape.routesPerGateway}: +${r.heapMiB.toFixed(1)} MiB`);
  }
  printTable('route edits in process: store -> cache published (ms)', ['input', 'edit', 'CPU p50', 'CPU p90', 'wall p50', 'wall p90'], rows);
  note(`${EDITS} edits of each kind; CPU = the process's CPU per edit. Heap after GC once loaded, over the loaded input: ${heap.join('; ')}`);
}
