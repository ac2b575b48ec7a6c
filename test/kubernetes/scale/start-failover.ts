/**
 * Start, failover and rolling restart in Kubernetes mode (issue 23, scenarios 5 and 6), shared
 * by the benchmark (bench/kubernetes-scale.ts: the figures, at 10 Gateways x 1,000 routes) and
 * the Kubernetes suite (failover.test.ts: the correctness claims at 100 routes).
 *
 * The cluster: the test control plane (etcd and kube-apiserver; no controller manager: nothing
 * here needs pods), one namespace per Gateway with its Gateway, its HTTPRoutes (each its own
 * path), its Services and their EndpointSlices (written as the EndpointSlice controller writes
 * them; their addresses are never sent traffic). The first `trafficRoutes` routes of each Gateway
 * go to a real echo backend (Pier's demo backend in a network namespace, test/kubernetes/netns.ts)
 * through a Service `echo` of its own in that namespace: the routes traffic is sent to.
 *
 * Pier is `pier serve --provider kubernetes` (the CLI, with the `pier` command's V8 flag), with
 * leader election as deployed, host infrastructure and `--envoy off`: the proxies are the
 * benchmark's own.
 *
 * - start: "every Gateway's full xDS configuration" is observed by one xDS client per Gateway
 *   (bench/lib/xds-clients.ts: a Delta ADS stream that subscribes as Envoy does and ACKs every
 *   response at once), connected as soon as Pier's xDS port accepts. Cheaper than ten Envoys and
 *   honest about what is measured: when the last resource each Gateway ends up with arrived, as
 *   Pier sent it, not when an Envoy finished applying it. Their content is checked against
 *   Pier's admin /xds (every route, every cluster). Three starts: the first writes every status;
 *   the next two are restarts onto a cluster whose statuses are current.
 * - failover: two replicas behind a ServiceGate (the Service: round robin over ready replicas),
 *   one real Envoy per Gateway on the host (Delta and SotW alternating) connected through it,
 *   traffic through every Envoy; the leader is SIGKILLed and a route is created at once. Counted:
 *   failed requests, time to the new leader's Lease and to the new route's status, and status
 *   writes of the new leader that changed nothing (the API server's own PUT counter against the
 *   writes its watch saw change a status).
 * - rolling restart: the two replicas replaced one after the other as a Deployment rolls (a new
 *   one started; once ready, SIGTERM to an old one) under traffic: failed requests, and whether
 *   any Delta Envoy was sent a resource again while its stream moved (update_success counters).
 */
import * as http from 'node:http';
import * as net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap, type AdsMode } from '../../../src/infra/bootstrap';
import type { ProxyInfo } from '../../../src/xds/server/registry';
import { TypeUrl } from '../../../src/xds/types';
import { AutoAckClient, type ResponseSummary } from '../../../bench/lib/xds-clients';
import { EnvoyProxy } from '../../helpers/envoy';
import { freePort, httpRequest, waitFor } from '../../helpers/net';
import { PierProcess } from '../../helpers/pier';
import { startControlPlane, type ControlPlane } from '../harness';
import { BackendNetwork } from '../netns';
import { GATEWAY_API } from '../objects';
import { ServiceGate } from '../service-gate';
import { followStatusWrites, PIER_COMMAND_NODE_OPTIONS, processMemory, type StatusWrites } from './observe';

const CONTROLLER = 'pier.dev/gateway-controller';
const LEASE = '/apis/coordination.k8s.io/v1/namespaces/default/leases/pier-gateway-controller';
/** Objects created at once while filling the cluster. */
const CREATE_CONCURRENCY = 32;
/** The longest a start, a handover or a status may take before the run gives up. */
const STEP_TIMEOUT_MS = 120_000;
/** No new xDS response for this long: the clients hold what Pier settled on. */
const QUIET_MS = 2_000;

export interface ClusterShape {
  gateways: number;
  routesPerGateway: number;
  servicesPerGateway: number;
  endpointsPerService: number;
  /** The first routes of each Gateway, whose backend is the echo backend: traffic goes to them. */
  trafficRoutes: number;
}

/** The issue's size: 10 Gateways x 1,000 routes, 1,000 Services, 10,000 endpoints. */
export const ISSUE_SHAPE: ClusterShape = { gateways: 10, routesPerGateway: 1000, servicesPerGateway: 100, endpointsPerService: 10, trafficRoutes: 10 };

export interface StartRun {
  /** Process start -> /readyz 200, ms. */
  readyMs: number;
  /** Process start -> the xDS port accepting, ms. */
  listeningMs: number;
  /** Process start -> the last resource of the last Gateway's final configuration arrived, ms. */
  fullMs: number;
  /** RSS after settleMs idle, and the peak (VmHWM), MiB. */
  rssMiB: string;
  peakMiB: string;
  /** Status writes (PUTs the API server answered 200) during this start. */
  statusWrites: number;
  /** First start only: process start -> every route's status written, ms. */
  statusesMs?: number;
}

export interface FailoverRun {
  envoys: number;
  /** Envoys whose xDS stream was on the killed leader. */
  moved: number;
  requests: number;
  failed: number;
  /** SIGKILL -> the other replica holds the Lease, ms. */
  leaseMs: number;
  /** SIGKILL -> a route created right after it has its status from the new leader, ms. */
  statusMs: number;
  /** Status PUTs from the kill until settled, and how many of them changed a status. */
  statusPuts: number;
  statusChanges: number;
  /** Delta Envoys sent a resource they held while moving (beyond the new route's RouteConfiguration). */
  resent: string[];
  /** Whether the new route answered 200 through its Gateway's Envoy. */
  lateRouteServed: boolean;
}

export interface RollingRun {
  requests: number;
  failed: number;
  /** Envoy stream moves while the replicas restarted (each replica's streams move when it stops). */
  moves: number;
  /** Delta Envoys sent a resource they held (their update_success counters moved). */
  resent: string[];
  /** Both replicas' /xds (every Gateway's resources) byte-identical once restarted. */
  identicalXds: boolean;
}

export interface StartFailoverResult {
  shape: ClusterShape;
  createSeconds: number;
  starts: StartRun[];
  failover?: FailoverRun;
  rolling?: RollingRun;
}

export interface StartFailoverOptions {
  shape: ClusterShape;
  /** How many times Pier is started for the start figures (0: none). */
  starts: number;
  failover: boolean;
  rolling: boolean;
  /** Idle time before RSS is read (V8 gives memory back some seconds after a process goes idle). */
  settleMs: number;
  /** Pier's log level (the suite's assertions read none of its lines). */
  logLevel?: string;
  /** Progress lines (the benchmark's). */
  progress?: (line: string) => void;
}

const ns = (g: number): string => `sf-${g}`;
const gatewayKey = (g: number): string => `${ns(g)}/gw`;

/** Runs fn over items with at most limit in flight. */
async function inParallel<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++] as T);
  }));
}

/** The service index each non-traffic route of a Gateway uses. */
function serviceOf(shape: ClusterShape, i: number): number {
  return i % shape.servicesPerGateway;
}

/** Clusters (and ClusterLoadAssignments) a Gateway's full configuration has. */
function expectedClusters(shape: ClusterShape): number {
  const used = new Set<number>();
  for (let i = shape.trafficRoutes; i < shape.routesPerGateway; i++) used.add(serviceOf(shape, i));
  return used.size + (shape.trafficRoutes > 0 ? 1 : 0);
}

export async function createCluster(cp: ControlPlane, shape: ClusterShape, ports: number[], echoAddress: string): Promise<void> {
  const { gateways, routesPerGateway: R, servicesPerGateway: S, endpointsPerService: E } = shape;
  const gs = Array.from({ length: gateways }, (_, g) => g);
  await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
  await inParallel(gs, CREATE_CONCURRENCY, (g) => cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns(g) } }));
  const creates: (() => Promise<unknown>)[] = [];
  for (const g of gs) {
    creates.push(() => cp.api.create(`${GATEWAY_API}/namespaces/${ns(g)}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'gw' },
      spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: ports[g] }] },
    }));
    const services = [...Array.from({ length: S }, (_, s) => ({ name: `svc-${s}`, port: 80, addresses: Array.from({ length: E }, (_, e) => {
      // Distinct addresses from 198.18.0.0/16 (benchmarking space): never sent a request.
      const idx = (g * S + s) * E + e;
      return `198.18.${Math.floor(idx / 250) % 256}.${1 + (idx % 250)}`;
    }) })), { name: 'echo', port: 8080, addresses: [echoAddress] }];
    for (const svc of services) {
      creates.push(() => cp.api.create(`/api/v1/namespaces/${ns(g)}/services`, {
        apiVersion: 'v1', kind: 'Service', metadata: { name: svc.name }, spec: { ports: [{ port: svc.port, targetPort: 8080 }] },
      }));
      creates.push(() => cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${ns(g)}/endpointslices`, {
        apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
        metadata: { name: `${svc.name}-1`, labels: { 'kubernetes.io/service-name': svc.name, 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' } },
        addressType: 'IPv4', ports: [{ name: '', port: 8080, protocol: 'TCP' }],
        endpoints: svc.addresses.map((a) => ({ addresses: [a], conditions: { ready: true, serving: true, terminating: false } })),
      }));
    }
    for (let i = 0; i < R; i++) {
      const backend = i < shape.trafficRoutes ? { name: 'echo', port: 8080 } : { name: `svc-${serviceOf(shape, i)}`, port: 80 };
      creates.push(() => cp.api.create(`${GATEWAY_API}/namespaces/${ns(g)}/httproutes`, {
        apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `r${i}` },
        spec: { parentRefs: [{ name: 'gw' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: `/r${i}` } }], backendRefs: [backend] }] },
      }));
    }
  }
  await inParallel(creates, CREATE_CONCURRENCY, (create) => create());
}

/** Status PUTs on Gateways and HTTPRoutes the API server answered 200, by its own counter. */
async function statusPuts(cp: ControlPlane): Promise<number> {
  const text = await cp.api.get<string>('/metrics');
  let n = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('apiserver_request_total{')) continue;
    const labels = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (labels.verb === 'PUT' && labels.subresource === 'status' && labels.code === '200' && (labels.resource === 'httproutes' || labels.resource === 'gateways')) {
      n += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return n;
}

/** What one xDS client holds per type: name -> version, and when that version arrived. */
class Holdings {
  readonly types = new Map<string, Map<string, { version: string; at: bigint }>>();
  lastResponse = process.hrtime.bigint();

  take(summary: ResponseSummary): void {
    const now = process.hrtime.bigint();
    this.lastResponse = now;
    let held = this.types.get(summary.typeUrl);
    if (!held) this.types.set(summary.typeUrl, (held = new Map()));
    for (const token of summary.tokens) {
      const at = token.lastIndexOf('@');
      const name = token.slice(0, at);
      const version = token.slice(at + 1);
      if (held.get(name)?.version !== version) held.set(name, { version, at: now });
    }
    for (const name of summary.removed) held.delete(name);
  }

  count(typeUrl: string): number {
    return this.types.get(typeUrl)?.size ?? 0;
  }

  /** When the last of the resources held now arrived. */
  lastChange(): bigint {
    let last = 0n;
    for (const held of this.types.values()) for (const { at } of held.values()) if (at > last) last = at;
    return last;
  }
}

function tcpAccepts(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(undefined));
  });
}

interface Fixture {
  cp: ControlPlane;
  shape: ClusterShape;
  ports: number[];
  logLevel: string;
  statuses: StatusWrites[];
}

function pierConfig(fx: Fixture, xdsPort?: number, adminPort?: number): Record<string, unknown> {
  return {
    provider: 'kubernetes', infrastructure: 'host', envoy: 'off', kubeconfig: fx.cp.kubeconfigFile, controllerName: CONTROLLER,
    leaderElectionNamespace: 'default', defaultGatewayAddress: '127.0.0.1', logLevel: fx.logLevel,
    ...(xdsPort ? { xdsAddress: `127.0.0.1:${xdsPort}` } : {}), ...(adminPort ? { adminAddress: `127.0.0.1:${adminPort}` } : {}),
  };
}

function startReplica(fx: Fixture): Promise<PierProcess> {
  return PierProcess.start({ config: pierConfig(fx), env: PIER_COMMAND_NODE_OPTIONS, readyTimeoutMs: STEP_TIMEOUT_MS });
}

/** Every route's status written, and every Gateway's count of them. */
const statusesSettled = (fx: Fixture): true | undefined =>
  (fx.statuses.reduce((n, w) => n + w.routeWrites.size, 0) >= fx.shape.gateways * fx.shape.routesPerGateway
    && fx.statuses.every((w) => w.attached === fx.shape.routesPerGateway) ? true : undefined);
const statusChanges = (fx: Fixture): number => fx.statuses.reduce((n, w) => n + w.gatewayWrites + [...w.routeWrites.values()].reduce((a, b) => a + b, 0), 0);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One timed start of `pier serve`: ready, every Gateway's full configuration, settled RSS. */
async function measureStart(fx: Fixture, first: boolean, settleMs: number): Promise<StartRun> {
  const { shape } = fx;
  const [xdsPort, adminPort] = [await freePort(), await freePort()];
  const putsBefore = await statusPuts(fx.cp);
  const clusters = expectedClusters(shape);
  const holdings = Array.from({ length: shape.gateways }, () => new Holdings());
  const clients: AutoAckClient[] = [];
  const t0 = process.hrtime.bigint();
  const ms = (t: bigint): number => Number(t - t0) / 1e6;
  // PIER_BENCH_K8S_SCALE_START_PROFILE=<dir>: a V8 CPU profile of each start there (node refuses --cpu-prof in NODE_OPTIONS).
  const profileDir = process.env.PIER_BENCH_K8S_SCALE_START_PROFILE;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : undefined;
  const starting = PierProcess.start({ config: pierConfig(fx, xdsPort, adminPort), env: PIER_COMMAND_NODE_OPTIONS, readyTimeoutMs: STEP_TIMEOUT_MS, nodeArgs });
  starting.catch(() => undefined); // awaited below; a failure to start also fails the waits
  let readyAt: bigint | undefined;
  const readyPoll = waitFor('/readyz', async () => {
    const r = await httpRequest(`http://127.0.0.1:${adminPort}/readyz`, { timeoutMs: 1000 });
    return r.status === 200 ? (readyAt = process.hrtime.bigint()) : undefined;
  }, { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 5 });
  try {
    await waitFor('the xDS port', () => tcpAccepts(xdsPort), { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 5 });
    const listeningMs = ms(process.hrtime.bigint());
    for (let g = 0; g < shape.gateways; g++) {
      const held = holdings[g] as Holdings;
      const client = new AutoAckClient({
        address: `127.0.0.1:${xdsPort}`, protocol: 'delta', gateway: gatewayKey(g), nodeId: `start-${g}`, followClusters: true,
        subscriptions: [
          { typeUrl: TypeUrl.Cluster, names: [] },
          { typeUrl: TypeUrl.ClusterLoadAssignment, names: [] },
          { typeUrl: TypeUrl.Listener, names: [] },
          { typeUrl: TypeUrl.RouteConfiguration, names: [`http/127.0.0.1:${fx.ports[g]}`] },
        ],
        onResponse: (summary) => held.take(summary),
      });
      clients.push(client);
      client.start();
    }
    const full = (h: Holdings): boolean => h.count(TypeUrl.Listener) === 1 && h.count(TypeUrl.RouteConfiguration) === 1
      && h.count(TypeUrl.Cluster) === clusters && h.count(TypeUrl.ClusterLoadAssignment) === clusters;
    await waitFor('every Gateway\'s full configuration', () => {
      const ended = clients.find((c) => c.ended);
      if (ended) throw new Error(`an xDS client's stream ended: ${ended.ended}`);
      return holdings.every(full) ? true : undefined;
    }, { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 5 });
    await readyPoll;
    const pier = await starting;
    // Whatever Pier still sends after the counts are complete is part of the configuration it settles on.
    await waitFor('the xDS clients to be quiet', () => (holdings.every((h) => Number(process.hrtime.bigint() - h.lastResponse) / 1e6 >= QUIET_MS) ? true : undefined),
      { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 100 });
    const fullMs = ms(holdings.reduce((last, h) => (h.lastChange() > last ? h.lastChange() : last), 0n));
    // What the clients hold is what Pier computed: every route and cluster of each Gateway.
    for (let g = 0; g < shape.gateways; g++) {
      const xds = (await pier.admin<Record<string, { routes: { virtual_hosts?: { routes?: unknown[] }[] }[]; clusters: unknown[] }>>(`/xds?gateway=${encodeURIComponent(gatewayKey(g))}`))[gatewayKey(g)];
      const routes = (xds?.routes ?? []).flatMap((rc) => rc.virtual_hosts ?? []).reduce((n, vh) => n + (vh.routes?.length ?? 0), 0);
      if (routes !== shape.routesPerGateway || xds?.clusters.length !== clusters) {
        throw new Error(`${gatewayKey(g)}: Pier's configuration has ${routes} routes and ${xds?.clusters.length} clusters, expected ${shape.routesPerGateway} and ${clusters}`);
      }
    }
    let statusesMs: number | undefined;
    if (first) {
      await waitFor('every status', () => statusesSettled(fx), { timeoutMs: 600_000, intervalMs: 50 });
      statusesMs = ms(process.hrtime.bigint());
    }
    for (const c of clients) c.close();
    await sleep(settleMs);
    const memory = processMemory(pier.child.pid);
    const statusWrites = (await statusPuts(fx.cp)) - putsBefore;
    const code = await pier.stop();
    if (code !== 0) throw new Error(`pier exited with ${code} on SIGTERM`);
    return { readyMs: ms(readyAt ?? 0n), listeningMs, fullMs, rssMiB: memory.rssMiB, peakMiB: memory.peakMiB, statusWrites, ...(statusesMs !== undefined ? { statusesMs } : {}) };
  } finally {
    for (const c of clients) c.close();
    await readyPoll.catch(() => undefined);
    await (await starting.catch(() => undefined))?.stop();
  }
}

/** Requests through the Envoys, to each Gateway's traffic routes in turn, until stopped. */
class Traffic {
  requests = 0;
  failed = 0;
  readonly failures: string[] = [];
  private running = true;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  private readonly workers: Promise<void>[];

  constructor(private readonly targets: { port: number; paths: string[] }[], concurrency = 2, maxMs = 30 * 60_000) {
    const deadline = Date.now() + maxMs;
    this.workers = Array.from({ length: concurrency }, async (_, w) => {
      for (let n = w; this.running && Date.now() < deadline; n += concurrency) {
        const target = this.targets[n % this.targets.length] as { port: number; paths: string[] };
        const urlPath = target.paths[Math.floor(n / this.targets.length) % target.paths.length] as string;
        const code = await this.get(target.port, urlPath);
        this.requests++;
        if (code < 200 || code > 299) {
          this.failed++;
          if (this.failures.length < 20) this.failures.push(`${new Date().toISOString()} :${target.port}${urlPath} -> ${code || 'no answer'}`);
        }
        await sleep(5);
      }
    });
  }

  private get(port: number, urlPath: string): Promise<number> {
    return new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, path: urlPath, agent: this.agent, timeout: 2000 }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(0));
      req.end();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    this.agent.destroy();
  }
}

/** An Envoy per Gateway, connected through the gate (the Service), with its mode. */
interface Proxy {
  envoy: EnvoyProxy;
  gateway: number;
  mode: AdsMode;
  nodeId: string;
}

/** Envoy's counters of xDS updates taken (cluster.pier_xds.* counts the bootstrap's DNS refreshes of the xDS host instead). */
async function updateCounters(envoy: EnvoyProxy): Promise<Map<string, number>> {
  return new Map([...await envoy.stats('update_success$')].filter(([name]) => !name.startsWith('cluster.pier_xds.')));
}

/** The counters of a Delta Envoy that moved since `before` (the Delta Envoys only: a SotW stream is sent RDS and EDS again, see replicas.test.ts). */
async function resentBy(proxies: Proxy[], before: Map<Proxy, Map<string, number>>, allowed: (p: Proxy, counter: string) => boolean = () => false): Promise<string[]> {
  const out: string[] = [];
  for (const p of proxies) {
    if (p.mode !== 'delta') continue;
    const now = await updateCounters(p.envoy);
    for (const [name, value] of now) {
      const was = before.get(p)?.get(name) ?? 0;
      if (value !== was && !allowed(p, name)) out.push(`${p.nodeId} ${name} ${was} -> ${value}`);
    }
  }
  return out;
}

async function snapshotCounters(proxies: Proxy[]): Promise<Map<Proxy, Map<string, number>>> {
  return new Map(await Promise.all(proxies.map(async (p) => [p, await updateCounters(p.envoy)] as const)));
}

/** Every proxy connected to one of the replicas with every type acknowledged and nothing in flight. */
async function allInStep(replicas: PierProcess[], proxies: Proxy[]): Promise<Map<string, PierProcess> | undefined> {
  const where = new Map<string, PierProcess>();
  for (const r of replicas) {
    const list = await r.admin<ProxyInfo[]>('/proxies').catch(() => [] as ProxyInfo[]);
    for (const p of list) {
      if (p.types.length >= 4 && p.types.every((t) => !t.awaitingAck && t.ackedVersion)) where.set(p.nodeId, r);
    }
  }
  return proxies.every((p) => where.has(p.nodeId)) ? where : undefined;
}

async function holderPid(cp: ControlPlane): Promise<number | undefined> {
  const lease = await cp.api.get<{ spec: { holderIdentity?: string } }>(LEASE).catch(() => undefined);
  const holder = lease?.spec.holderIdentity;
  return holder ? Number(holder.split('_')[1]) : undefined;
}

async function failoverAndRolling(fx: Fixture, o: StartFailoverOptions, dir: string): Promise<{ failover?: FailoverRun; rolling?: RollingRun }> {
  const { shape, cp } = fx;
  const progress = o.progress ?? (() => undefined);
  const gate = await ServiceGate.open();
  const replicas: PierProcess[] = [];
  const proxies: Proxy[] = [];
  let traffic: Traffic | undefined;
  const live = (): PierProcess[] => replicas.filter((r) => r.child.exitCode === null && r.child.signalCode === null);
  const backends = (): void => gate.setBackends(live().map((r) => ({ xdsPort: r.xdsPort, adminPort: r.adminPort })));
  try {
    replicas.push(await startReplica(fx));
    replicas.push(await startReplica(fx));
    backends();
    await waitFor('both replicas behind the Service', () => (gate.readyPorts.length === 2 ? true : undefined), { timeoutMs: 10_000 });
    await waitFor('a leader', () => holderPid(cp), { timeoutMs: 30_000, intervalMs: 100 });
    progress(`failover: 2 replicas ready; starting ${shape.gateways} Envoys`);
    for (let g = 0; g < shape.gateways; g++) {
      const mode: AdsMode = g % 2 === 0 ? 'delta' : 'sotw';
      const nodeId = `envoy-${g}`;
      const envoy = await EnvoyProxy.start(mkdtempSync(path.join(dir, `envoy-${g}-`)), buildBootstrap({
        gateway: gatewayKey(g), nodeId, xdsHost: '127.0.0.1', xdsPort: gate.port, adsMode: mode, adminAddress: '127.0.0.1', adminPort: 0,
      }));
      proxies.push({ envoy, gateway: g, mode, nodeId });
    }
    const paths = Array.from({ length: shape.trafficRoutes }, (_, i) => `/r${i}`);
    for (const p of proxies) {
      await waitFor(`${p.nodeId} to serve its traffic routes`, async () => {
        const codes = await Promise.all(paths.map((u) => httpRequest(`http://127.0.0.1:${fx.ports[p.gateway]}${u}`, { timeoutMs: 2000 }).then((r) => r.status, () => 0)));
        return codes.every((c) => c === 200) ? true : undefined;
      }, { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 200 });
    }
    await waitFor('every Envoy in step with a replica', () => allInStep(live(), proxies), { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 200 });
    const targets = proxies.map((p) => ({ port: fx.ports[p.gateway] as number, paths }));
    const out: { failover?: FailoverRun; rolling?: RollingRun } = {};

    if (o.failover) {
      traffic = new Traffic(targets);
      await sleep(2000);
      const leaderPid = await holderPid(cp);
      const leader = replicas.find((r) => r.child.pid === leaderPid);
      const follower = live().find((r) => r !== leader);
      if (!leader || !follower) throw new Error(`the lease holder (pid ${leaderPid}) is not one of the replicas`);
      const where = (await allInStep(live(), proxies)) as Map<string, PierProcess>;
      const moved = proxies.filter((p) => where.get(p.nodeId) === leader).length;
      const counters = await snapshotCounters(proxies);
      const putsBefore = await statusPuts(cp);
      const changesBefore = statusChanges(fx);
      const lateGateway = shape.gateways - 1;
      progress(`failover: SIGKILL of the leader (pid ${leaderPid}), ${moved} of ${proxies.length} Envoys on it`);
      const killedAt = process.hrtime.bigint();
      leader.child.kill('SIGKILL');
      const route = `${GATEWAY_API}/namespaces/${ns(lateGateway)}/httproutes`;
      await cp.api.create(route, {
        apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'late' },
        spec: { parentRefs: [{ name: 'gw' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/late' } }], backendRefs: [{ name: 'echo', port: 8080 }] }] },
      });
      const since = (): number => Number(process.hrtime.bigint() - killedAt) / 1e6;
      await waitFor('the follower to hold the lease', async () => ((await holderPid(cp)) === follower.child.pid ? true : undefined), { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 50 });
      const leaseMs = since();
      backends();
      await waitFor('the new route\'s status from the new leader', async () => {
        const r = await cp.api.get<{ status?: { parents?: { controllerName: string; conditions: { type: string; status: string; observedGeneration?: number }[] }[] } }>(`${route}/late`);
        const ours = r.status?.parents?.find((p) => p.controllerName === CONTROLLER);
        return ours?.conditions.some((c) => c.type === 'Accepted' && c.status === 'True' && c.observedGeneration === 1) ? true : undefined;
      }, { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 50 });
      const statusMs = since();
      const lateProxy = proxies.find((p) => p.gateway === lateGateway);
      const lateRouteServed = lateProxy === undefined ? false : await waitFor('the new route through its Envoy', async () => {
        const r = await httpRequest(`http://127.0.0.1:${fx.ports[lateGateway]}/late`, { timeoutMs: 2000 }).catch(() => undefined);
        return r?.status === 200 ? true : undefined;
      }, { timeoutMs: 30_000, intervalMs: 100 }).catch(() => false);
      await waitFor('every Envoy in step with the new leader', () => allInStep(live(), proxies), { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 200 });
      // Writes still owed (the Gateway's attachedRoutes, paced) go out within a few seconds.
      await sleep(5000);
      const statusPutsAfter = (await statusPuts(cp)) - putsBefore;
      const changes = statusChanges(fx) - changesBefore;
      // The new route changes its Gateway's RouteConfiguration: that one is owed, nothing else.
      const resent = await resentBy(proxies, counters, (p, name) => p.gateway === lateGateway && name.includes('.rds.'));
      await traffic.stop();
      out.failover = {
        envoys: proxies.length, moved, requests: traffic.requests, failed: traffic.failed, leaseMs, statusMs,
        statusPuts: statusPutsAfter, statusChanges: changes, resent, lateRouteServed,
      };
      if (traffic.failed > 0) progress(`failover: failed requests: ${traffic.failures.join('; ')}`);
      traffic = undefined;
      progress(`failover: done (${JSON.stringify({ ...out.failover, resent: out.failover.resent.length })})`);
    }

    if (o.rolling) {
      // Two replicas again (after a failover, one).
      while (live().length < 2) replicas.push(await startReplica(fx));
      backends();
      await waitFor('both replicas behind the Service', () => (gate.readyPorts.length === 2 ? true : undefined), { timeoutMs: 10_000 });
      await waitFor('every Envoy in step', () => allInStep(live(), proxies), { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 200 });
      const counters = await snapshotCounters(proxies);
      traffic = new Traffic(targets);
      await sleep(2000);
      let moves = 0;
      // As a Deployment rolls (maxSurge): a new replica is started and, once ready, takes
      // connections at once while the old one gets SIGTERM, so the old one's proxies may land on
      // a replica that has just become ready.
      for (const old of [...live()]) {
        const next = await startReplica(fx);
        replicas.push(next);
        backends();
        await waitFor('the new replica behind the Service', () => (gate.readyPorts.includes(next.xdsPort) ? true : undefined), { timeoutMs: 10_000, intervalMs: 10 });
        const where = (await allInStep(live(), proxies)) ?? new Map<string, PierProcess>();
        moves += proxies.filter((p) => where.get(p.nodeId) === old).length;
        progress(`rolling restart: SIGTERM to pid ${old.child.pid}`);
        const code = await old.stop();
        if (code !== 0) throw new Error(`a replica exited with ${code} on SIGTERM`);
        backends();
        await waitFor('every Envoy in step', () => allInStep(live(), proxies), { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 200 });
        await sleep(1000);
      }
      await traffic.stop();
      const [a, b] = live();
      const identicalXds = a !== undefined && b !== undefined && JSON.stringify(await a.admin('/xds')) === JSON.stringify(await b.admin('/xds'));
      out.rolling = { requests: traffic.requests, failed: traffic.failed, moves, resent: await resentBy(proxies, counters), identicalXds };
      if (traffic.failed > 0) progress(`rolling restart: failed requests: ${traffic.failures.join('; ')}`);
      traffic = undefined;
      progress(`rolling restart: done (${JSON.stringify({ ...out.rolling, resent: out.rolling.resent.length })})`);
    }
    return out;
  } finally {
    await traffic?.stop();
    await Promise.all(proxies.map((p) => p.envoy.stop()));
    await gate.close();
    await Promise.all(replicas.map((r) => r.stop()));
  }
}

export async function runStartFailover(o: StartFailoverOptions): Promise<StartFailoverResult> {
  const progress = o.progress ?? (() => undefined);
  const cp = await startControlPlane({ controllerManager: false });
  let network: BackendNetwork | undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-start-failover-'));
  const statuses: StatusWrites[] = [];
  try {
    network = BackendNetwork.create();
    const echoAddress = await network.echoBackend('echo', 2, 8080);
    const ports: number[] = [];
    while (ports.length < o.shape.gateways) {
      const p = await freePort('127.0.0.1');
      if (!ports.includes(p)) ports.push(p);
    }
    const created = process.hrtime.bigint();
    await createCluster(cp, o.shape, ports, echoAddress);
    const createSeconds = Number(process.hrtime.bigint() - created) / 1e9;
    progress(`cluster filled in ${createSeconds.toFixed(1)} s`);
    for (let g = 0; g < o.shape.gateways; g++) statuses.push(await followStatusWrites(cp, ns(g)));
    const fx: Fixture = { cp, shape: o.shape, ports, logLevel: o.logLevel ?? 'info', statuses };
    const starts: StartRun[] = [];
    for (let i = 0; i < o.starts; i++) {
      starts.push(await measureStart(fx, i === 0, o.settleMs));
      progress(`start ${i + 1}: ${JSON.stringify(starts[i])}`);
    }
    if (o.starts === 0 && (o.failover || o.rolling)) {
      // The statuses are written once, so that a handover finds them current.
      const pier = await startReplica(fx);
      try {
        await waitFor('every status', () => statusesSettled(fx), { timeoutMs: 600_000, intervalMs: 50 });
      } finally {
        await pier.stop();
      }
    }
    const more = o.failover || o.rolling ? await failoverAndRolling(fx, o, dir) : {};
    return { shape: o.shape, createSeconds, starts, ...more };
  } finally {
    await Promise.all(statuses.map((s) => s.stop().catch(() => undefined)));
    network?.remove();
    await cp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
