/**
 * Endpoint churn in Kubernetes mode (issue 23, scenario 3), shared by the benchmark
 * (bench/kubernetes-scale.ts: the figures) and the Kubernetes suite (endpoint-churn.test.ts: the
 * correctness claims at a smaller size).
 *
 * Against the test control plane, `pier serve --provider kubernetes` (the CLI) and the Gateway's
 * Envoy as the pod Pier's infrastructure makes (run by the test node agent): `services`
 * selector-less Services, each with one EndpointSlice written by this scenario exactly as the
 * EndpointSlice controller writes it (its labels, owner reference, ports with name and protocol,
 * ready/serving/terminating, nodeName, targetRef), and `routes` HTTPRoutes spread over them.
 * Real traffic needs real endpoints: endpoint j of Service s is pod j's address at port
 * BASE_PORT + s, and each backend pod is one process listening on one port per Service, which
 * answers with the address and port it was reached at. So `endpoints` = pods × Services, and
 * every answer names the endpoint that served it.
 *
 * Then `rounds` rounds of `roundMs`: each flips the readiness of `churnFraction` of the
 * endpoints (up to half of them back to ready, the rest down, never leaving a Service without a
 * ready one), one EndpointSlice write (a PUT of the
 * whole slice, as the controller does) per touched Service, spread over the first part of the
 * round. For each write: the time from the write's response to Envoy having applied it, read on
 * Envoy's side: its admin interface (on the pod's loopback, reached through a forwarder started
 * in the pod's network namespace) is polled on one keep-alive connection every POLL_MS for the
 * cluster's `update_success` counter (EDS updates applied for that cluster) to move past its
 * value before the write AND its `membership_total` (Pier leaves not-ready endpoints out) to be
 * the number of ready endpoints written. The figure is the answer time of the first poll that
 * saw both: it is late by at most one poll interval and one admin round trip. A watch of the
 * scenario's own on the EndpointSlices times each write's event as a watcher (Pier) gets it: the
 * API server's share of that time.
 *
 * Traffic flows all the while (`trafficLoops` loops over every route in turn); every answer that
 * is not a 2xx, or no answer, is a failed request. An answer from an endpoint Envoy had already
 * been seen to hold as not ready, to a request sent after that, is a stray. After each round's
 * writes, each flipped endpoint is checked through its Service's route: a not-ready one must
 * answer none of 2 × pods requests, a ready-again one must answer one within READY_ATTEMPTS.
 * Pier's CPU (mean over the churn window, and over a quiet window after it) and RSS (sampled each second, and the process's peak)
 * come from /proc. Envoy's CDS/LDS/RDS update counters before and after show whether endpoint
 * churn touched anything but EDS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as http from 'node:http';
import * as https from 'node:https';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateServerFiles } from '../../../src/security/tls-dir';
import { ADMIN_PORT } from '../../../src/infra/kubernetes/objects';
import { freePort, waitFor } from '../../helpers/net';
import { PierProcess } from '../../helpers/pier';
import { requireEnvoy } from '../../helpers/tools';
import { startControlPlane, type ControlPlane } from '../harness';
import { GATEWAY_API } from '../objects';
import { imageMap, NodeAgent } from '../node-agent/agent';
import { envoyImages } from '../node-agent/images';
import type { Pod } from '../node-agent/pod';
import { PIER_COMMAND_NODE_OPTIONS, processCpuSeconds, processMemory } from './observe';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'churn';
/** Gateway port 80 is this container port on the Envoy pod (src/ir/ports.ts). */
const ENVOY_POD_PORT = 10080;
/** Service s's endpoints listen on BASE_PORT + s in every backend pod. */
const BASE_PORT = 20000;
/** Where the admin forwarder listens on the Envoy pod's address (Envoy's own admin stays on its loopback). */
const ADMIN_FORWARD_PORT = 19900;
/** Envoy-side poll interval while a write is awaited. */
const POLL_MS = 2;
/** Longest a write may take to reach Envoy before the run gives up. */
const EDS_TIMEOUT_MS = 30_000;
/** Requests through a Service's route before a ready-again endpoint counts as not served. */
const READY_ATTEMPTS = 200;
const BACKEND_IMAGE = 'pier.test/multiport-echo';
/**
 * The backend process: one HTTP server per port of PORTS ("from-to"), each answering with the
 * address:port it was reached at. keepAliveTimeout 0 keeps Envoy's pooled connections open (a
 * server closing an idle connection as Envoy reuses it would be a 503 not of Pier's making).
 */
const BACKEND_SCRIPT = [
  "const http = require('node:http');",
  "const [from, to] = process.env.PORTS.split('-').map(Number);",
  'for (let p = from; p <= to; p++) {',
  "  const s = http.createServer((q, r) => { r.setHeader('content-type', 'text/plain'); r.end(`${q.socket.localAddress}:${p}`); });",
  '  s.keepAliveTimeout = 0;',
  "  s.listen(p, '0.0.0.0');",
  '}',
].join('\n');
/** A TCP forwarder run in the Envoy pod's network namespace: LISTEN (addr:port) -> 127.0.0.1:TARGET. */
const FORWARD_SCRIPT = [
  "const net = require('node:net');",
  "const [host, port] = process.env.LISTEN.split(':');",
  'net.createServer((c) => {',
  "  const u = net.connect(Number(process.env.TARGET), '127.0.0.1');",
  "  c.pipe(u).pipe(c); c.on('error', () => u.destroy()); u.on('error', () => c.destroy());",
  "}).listen(Number(port), host, () => process.stdout.write('listening\\n'));",
].join('\n');
const SETPRIV = ['/usr/bin/setpriv', '--pdeathsig', 'KILL', '--'];

export interface EndpointChurnOptions {
  routes: number;
  services: number;
  /** Endpoints in all: a multiple of `services` (one backend pod per endpoint of a Service). */
  endpoints: number;
  /** Share of the endpoints whose readiness flips each round (0.1). */
  churnFraction: number;
  rounds: number;
  roundMs: number;
  /** Request loops over every route in turn (default 2). */
  trafficLoops?: number;
  /**
   * A directory for a V8 CPU profile of Pier (node --cpu-prof, written when Pier exits), with
   * the churn's window beside it (<profile>.windows.json, for bench/profile-summary.ts).
   */
  profileDir?: string;
}

export interface EndpointChurnResult {
  routes: number;
  services: number;
  endpoints: number;
  pods: number;
  /** Readiness flips and EndpointSlice writes over all rounds. */
  flips: number;
  writes: number;
  /** Per write: its response -> Envoy seen holding it (ms). */
  edsLatencies: number[];
  /**
   * Per write: its response -> its event on a watch of the API server's, as Pier's own watch
   * gets it (ms; negative when the event came first). The API server's share of edsLatencies.
   */
  watchLatencies: number[];
  /** Requests during the churn and those that failed (non-2xx or no answer). */
  traffic: { requests: number; failed: number };
  /** Answers from an endpoint Envoy was already seen to hold as not ready, to requests sent after that. */
  strays: number;
  /** The after-round checks: not-ready endpoints checked / answered anyway; ready-again checked / never answered. */
  checks: { notReady: number; notReadyAnswered: number; readyAgain: number; readyAgainMissed: number };
  /** Envoy's EDS updates applied (all clusters) and its CDS, LDS and RDS updates during the churn. */
  envoyUpdates: { eds: number; cds: number; lds: number; rds: number };
  /**
   * Pier's own counters over the churn (its /metrics, after minus before), series -> delta:
   * bus events by map, translation passes, xDS pushes by type, push -> ACK time. What Pier did
   * for the writes, and whether anything but the endpoint path ran.
   */
  pierCounters: Map<string, number>;
  churnSeconds: number;
  /**
   * Event-loop delay over the churn, p99 / max (ms): Pier's (its /metrics: prom-client resets
   * the monitor at each scrape, and the one before was at the churn's start) and this process's
   * own (its polls of Envoy wait behind it, so it bounds how late an EDS figure can read).
   */
  loopDelay: { pier: { p99: number; max: number }; runner: { p99: number; max: number } };
  /** Pier's CPU over a quiet window after the churn (traffic, no writes): its baseline. */
  pierIdleCpuCores: number;
  pierCpuCores: number;
  /** Highest RSS sampled during the churn, and the process's lifetime peak (VmHWM), MiB. */
  pierRssMaxMiB: number;
  pierMemory: { rssMiB: string; peakMiB: string };
  /** V8's heap (used / committed) and memory outside it (external), MiB, from Pier's /metrics at the end. */
  pierHeap: { usedMiB: number; totalMiB: number; externalMiB: number };
}

interface SliceEndpoint { addresses: string[]; conditions: { ready: boolean; serving: boolean; terminating: boolean }; nodeName: string; targetRef: { kind: 'Pod'; namespace: string; name: string; uid: string } }
interface Slice { metadata: { name: string; resourceVersion?: string; [k: string]: unknown }; endpoints: SliceEndpoint[]; [k: string]: unknown }

const isReady = (p: Pod): boolean => !p.metadata.deletionTimestamp && (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** One GET: the status code (0 when no answer came) and the body. */
function get(agent: http.Agent, host: string, port: number, urlPath: string): Promise<{ code: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request({ host, port, path: urlPath, agent, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ code: 0, body: '' }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ code: 0, body: '' }));
    req.end();
  });
}

/** Starts a helper process; resolves once it printed "listening". */
async function startHelper(argv: string[], env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(argv[0] as string, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => { err += c.toString(); });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`helper did not start: ${err}`)); }, 10_000);
    child.stdout?.once('data', () => { clearTimeout(timer); resolve(); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`helper exited (${code}): ${err}`)); });
  });
  return child;
}

/** Envoy's counters from its admin /stats, filtered by a regex: name -> value. */
async function envoyStats(agent: http.Agent, host: string, filter: string): Promise<Map<string, number>> {
  const r = await get(agent, host, ADMIN_FORWARD_PORT, `/stats?filter=${encodeURIComponent(filter)}`);
  if (r.code !== 200) throw new Error(`Envoy admin /stats: ${r.code} ${r.body.slice(0, 200)}`);
  const out = new Map<string, number>();
  for (const line of r.body.split('\n')) {
    const m = /^(\S+): (\d+)$/.exec(line);
    if (m) out.set(m[1] as string, Number(m[2]));
  }
  return out;
}

/**
 * A watch on the namespace's EndpointSlices from `resourceVersion`: resourceVersion -> when its
 * event arrived (ms, hrtime). Stops with the returned function.
 */
function watchSlices(cp: ControlPlane, resourceVersion: string): { arrivals: Map<string, number>; stop: () => void } {
  const arrivals = new Map<string, number>();
  const req = https.get(`${cp.server}/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?watch=1&resourceVersion=${resourceVersion}&allowWatchBookmarks=false`, {
    ca: readFileSync(cp.pki.ca.certFile), cert: readFileSync(cp.pki.admin.certFile), key: readFileSync(cp.pki.admin.keyFile),
  }, (res) => {
    let buffered = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = nowMs();
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        try {
          const rv = (JSON.parse(line) as { object?: { metadata?: { resourceVersion?: string } } }).object?.metadata?.resourceVersion;
          if (rv !== undefined) arrivals.set(rv, at);
        } catch { /* not an event */ }
      }
    });
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  return { arrivals, stop: () => req.destroy() };
}

/** Pier's Prometheus series of interest: "name{labels}" -> value. */
async function pierCounters(pier: PierProcess): Promise<Map<string, number>> {
  const r = await get(new http.Agent(), '127.0.0.1', pier.metricsPort, '/metrics');
  const out = new Map<string, number>();
  const wanted = /^(pier_nodejs_eventloop_lag_(p99|max)_seconds|pier_nodejs_heap_size_(used|total)_bytes|pier_nodejs_external_memory_bytes|pier_bus_events_total|pier_gatewayapi_translation_duration_seconds_(count|sum)|pier_xds_translation_duration_seconds_(count|sum)|pier_endpoint_translation_duration_seconds_(count|sum)|pier_xds_pushes_total|pier_xds_pushed_resources_total|pier_xds_push_ack_latency_seconds_(count|sum)|pier_status_writes_total)(\{[^}]*\})? /;
  for (const line of r.body.split('\n')) {
    const m = wanted.exec(line);
    if (m) out.set(line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return out;
}

const regexEscape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const sum = (m: Map<string, number>, re: RegExp): number => [...m].filter(([k]) => re.test(k)).reduce((a, [, v]) => a + v, 0);

export async function runEndpointChurn(o: EndpointChurnOptions): Promise<EndpointChurnResult> {
  if (o.endpoints % o.services !== 0) throw new Error(`endpoints (${o.endpoints}) must be a multiple of services (${o.services})`);
  const pods = o.endpoints / o.services;
  const envoy = requireEnvoy();
  const backendImage = { entrypoint: [process.execPath, '-e', BACKEND_SCRIPT] };
  const cp = await startControlPlane();
  const node = await NodeAgent.start({ api: cp.api, images: imageMap({ ...envoyImages(envoy), [BACKEND_IMAGE]: backendImage }) });
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-churn-tls-'));
  let pier: PierProcess | undefined;
  let forwarder: ChildProcess | undefined;
  const stoppers: (() => Promise<void>)[] = [];
  let churnWindow: [number, number] | undefined;
  if (o.profileDir) mkdirSync(o.profileDir, { recursive: true });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const adminAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await generateServerFiles(tlsDir);
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await waitFor('the default ServiceAccount', async () => ((await cp.api.exists(`/api/v1/namespaces/${NS}/serviceaccounts/default`)) ? true : undefined), { timeoutMs: 60_000, intervalMs: 200 });

    // Backend pods: pod j serves endpoint j of every Service.
    for (let j = 0; j < pods; j++) {
      await cp.api.create(`/api/v1/namespaces/${NS}/pods`, {
        apiVersion: 'v1', kind: 'Pod', metadata: { name: `backend-${j}`, labels: { app: 'backend' } },
        spec: { containers: [{ name: 'backend', image: `${BACKEND_IMAGE}:v1`, env: [{ name: 'PORTS', value: `${BASE_PORT}-${BASE_PORT + o.services - 1}` }] }] },
      });
    }
    const backends = await waitFor('the backend pods ready', async () => {
      const items = (await cp.api.get<{ items: Pod[] }>(`/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dbackend`)).items;
      return items.length === pods && items.every(isReady) ? items.sort((a, b) => Number(a.metadata.name.split('-')[1]) - Number(b.metadata.name.split('-')[1])) : undefined;
    }, { timeoutMs: 120_000, intervalMs: 250 });

    // Services and their EndpointSlices, every endpoint ready.
    const ready: boolean[][] = Array.from({ length: o.services }, () => new Array<boolean>(pods).fill(true));
    const sliceEndpoints = (s: number): SliceEndpoint[] => backends.map((p, j) => {
      const r = ready[s]?.[j] ?? true;
      return {
        addresses: [p.status?.podIP ?? ''],
        // As the controller writes a pod that is not ready and not terminating: serving follows ready.
        conditions: { ready: r, serving: r, terminating: false },
        nodeName: p.spec.nodeName ?? node.nodeName,
        targetRef: { kind: 'Pod', namespace: NS, name: p.metadata.name, uid: p.metadata.uid ?? '' },
      };
    });
    const slices: Slice[] = [];
    for (let s = 0; s < o.services; s++) {
      const svc = await cp.api.create<{ metadata: { uid: string } }>(`/api/v1/namespaces/${NS}/services`, {
        apiVersion: 'v1', kind: 'Service', metadata: { name: `svc-${s}` },
        spec: { ports: [{ name: 'http', port: 8080, protocol: 'TCP', targetPort: BASE_PORT + s }] },
      });
      slices.push(await cp.api.create<Slice>(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, {
        apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
        metadata: {
          generateName: `svc-${s}-`,
          labels: { 'kubernetes.io/service-name': `svc-${s}`, 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' },
          annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': new Date().toISOString() },
          ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: `svc-${s}`, uid: svc.metadata.uid, controller: true, blockOwnerDeletion: true }],
        },
        addressType: 'IPv4',
        endpoints: sliceEndpoints(s),
        ports: [{ name: 'http', port: BASE_PORT + s, protocol: 'TCP' }],
      }));
    }

    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }] },
    });
    // Route i -> Service i mod services; route s is the one the checks use for Service s.
    const serviceOf = (i: number): number => i % o.services;
    for (let i = 0; i < o.routes; i += 10) {
      await Promise.all(Array.from({ length: Math.min(10, o.routes - i) }, (_, k) => cp.api.create(`${GATEWAY_API}/namespaces/${NS}/httproutes`, {
        apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `r${i + k}` },
        spec: { parentRefs: [{ name: 'edge' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: `/r${i + k}` } }], backendRefs: [{ name: `svc-${serviceOf(i + k)}`, port: 8080 }] }] },
      })));
    }

    const xdsPort = await freePort(node.nodeAddress);
    pier = await PierProcess.start({
      config: {
        provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, leaderElectionNamespace: 'default', logLevel: 'warn',
        xdsAddress: `${node.nodeAddress}:${xdsPort}`, xdsTlsDir: tlsDir, proxyXdsHost: node.nodeAddress, gatewayServiceType: 'ClusterIP',
      },
      env: PIER_COMMAND_NODE_OPTIONS,
      nodeArgs: o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [],
    });
    const proxy = await waitFor('a ready Envoy pod', async () => {
      const items = (await cp.api.get<{ items: Pod[] }>(`/api/v1/namespaces/${NS}/pods?labelSelector=${encodeURIComponent('gateway.networking.k8s.io/gateway-name=edge')}`)).items;
      return items.find(isReady);
    }, { timeoutMs: 120_000, intervalMs: 250 });
    const host = proxy.status?.podIP ?? '';
    const envoyPid = node.runningPods().get(`${NS}/${proxy.metadata.name}`)?.pids[0];
    if (envoyPid === undefined) throw new Error('the Envoy pod has no process on the node agent');
    // Envoy's admin is on the pod's loopback: a forwarder in the pod's network namespace reaches it.
    forwarder = await startHelper([...SETPRIV, 'nsenter', `--net=/proc/${envoyPid}/ns/net`, '--', process.execPath, '-e', FORWARD_SCRIPT],
      { LISTEN: `${host}:${ADMIN_FORWARD_PORT}`, TARGET: String(ADMIN_PORT) });

    for (let i = 0; i < o.routes; i++) {
      await waitFor(`route r${i} served`, async () => ((await get(agent, host, ENVOY_POD_PORT, `/r${i}`)).code === 200 ? true : undefined), { timeoutMs: 120_000, intervalMs: 50 });
    }
    // Every cluster holds all its endpoints before the churn starts.
    const clusterName = (s: number): string => `${NS}/svc-${s}/8080`;
    await waitFor('every cluster with all its endpoints', async () => {
      const stats = await envoyStats(adminAgent, host, '^cluster\\..*\\.membership_total$');
      return Array.from({ length: o.services }, (_, s) => stats.get(`cluster.${clusterName(s)}.membership_total`)).every((v) => v === pods) ? true : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });

    // Endpoint "ip:port" -> when Envoy was seen holding it as not ready (ms, hrtime), while it is,
    // and its Service. An answer from it to a request sent after that is a stray, unless a newer
    // write to its Service had started by the answer (Envoy may then hold it ready again before
    // the poll sees so).
    const notReadySince = new Map<string, { since: number; service: number }>();
    const lastWriteStart = new Map<number, number>();
    const endpointId = (s: number, j: number): string => `${backends[j]?.status?.podIP ?? ''}:${BASE_PORT + s}`;

    // Traffic over every route in turn, from the start of the churn to its end.
    const traffic = { requests: 0, failed: 0 };
    let strays = 0;
    let flowing = true;
    const loops = Array.from({ length: o.trafficLoops ?? 2 }, (_, l) => (async () => {
      for (let i = l; flowing; i = (i + 1) % o.routes) {
        const sent = nowMs();
        const r = await get(agent, host, ENVOY_POD_PORT, `/r${i}`);
        traffic.requests++;
        if (r.code < 200 || r.code > 299) traffic.failed++;
        const held = notReadySince.get(r.body);
        if (held !== undefined && sent > held.since && !((lastWriteStart.get(held.service) ?? 0) > held.since)) strays++;
        await sleep(1);
      }
    })());
    stoppers.push(async () => { flowing = false; await Promise.all(loops); });

    const updateCounters = async (): Promise<{ eds: number; cds: number; lds: number; rds: number }> => {
      // The Services' clusters only: Envoy's own DNS cluster for Pier counts each DNS refresh as an update.
      const st = await envoyStats(adminAgent, host, `(^cluster\\.${NS}/.*\\.update_success$)|(^cluster_manager\\.cds\\.update_success$)|(^listener_manager\\.lds\\.update_success$)|(rds\\..*\\.update_success$)`);
      return {
        eds: sum(st, /^cluster\..*\/.*\.update_success$/), cds: sum(st, /^cluster_manager\.cds\./), lds: sum(st, /^listener_manager\.lds\./), rds: sum(st, /rds\./),
      };
    };
    const countersBefore = await updateCounters();
    const clusterState = async (s: number): Promise<{ updates: number; members: number }> => {
      const base = `cluster.${clusterName(s)}`;
      const st = await envoyStats(adminAgent, host, `^${regexEscape(base)}\\.(update_success|membership_total)$`);
      return { updates: st.get(`${base}.update_success`) ?? -1, members: st.get(`${base}.membership_total`) ?? -1 };
    };

    const edsLatencies: number[] = [];
    const watchLatencies: number[] = [];
    const listed = await cp.api.get<{ metadata: { resourceVersion: string } }>(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?limit=1`);
    const watcher = watchSlices(cp, listed.metadata.resourceVersion);
    stoppers.push(async () => watcher.stop());
    const checks = { notReady: 0, notReadyAnswered: 0, readyAgain: 0, readyAgainMissed: 0 };
    let flips = 0;
    let writes = 0;
    let rssMax = 0;
    const pid = pier.child.pid;
    const rssTimer = setInterval(() => { rssMax = Math.max(rssMax, Number(processMemory(pid).rssMiB)); }, 1000);
    stoppers.push(async () => { clearInterval(rssTimer); });
    const pierBefore = await pierCounters(pier);
    const runnerDelay = monitorEventLoopDelay({ resolution: 10 });
    runnerDelay.enable();
    stoppers.push(async () => { runnerDelay.disable(); });
    const cpuBefore = processCpuSeconds(pid);
    const churnStart = nowMs();
    const perRound = Math.round(o.endpoints * o.churnFraction);
    for (let round = 0; round < o.rounds; round++) {
      const roundStart = nowMs();
      // This round's flips, at random: up to half bring not-ready endpoints back, the rest take
      // ready ones down (skipping any that would leave its Service with none ready), so pods
      // fail and recover as they do in a cluster and both kinds of change are measured.
      const order = Array.from({ length: o.endpoints }, (_, k) => k);
      for (let k = order.length - 1; k > 0; k--) {
        const r = Math.floor(Math.random() * (k + 1));
        [order[k], order[r]] = [order[r] as number, order[k] as number];
      }
      const flipped = new Map<number, number[]>(); // service -> pods flipped
      let taken = 0;
      const flip = (k: number): void => {
        const s = Math.floor(k / pods);
        const row = ready[s] as boolean[];
        row[k % pods] = !row[k % pods];
        flipped.set(s, [...(flipped.get(s) ?? []), k % pods]);
        taken++;
      };
      const back = order.filter((k) => !ready[Math.floor(k / pods)]?.[k % pods]).slice(0, Math.floor(perRound / 2));
      for (const k of back) flip(k);
      for (const k of order) {
        if (taken === perRound) break;
        const row = ready[Math.floor(k / pods)] as boolean[];
        if (!row[k % pods] || flipped.get(Math.floor(k / pods))?.includes(k % pods) || row.filter(Boolean).length === 1) continue;
        flip(k);
      }
      flips += taken;
      // One write per touched Service, spread over the first 70% of the round.
      const services = [...flipped.keys()];
      const spacing = (o.roundMs * 0.7) / Math.max(1, services.length);
      for (const [w, s] of services.entries()) {
        const due = roundStart + w * spacing;
        if (nowMs() < due) await sleep(due - nowMs());
        const slice = slices[s] as Slice;
        const before = await clusterState(s);
        lastWriteStart.set(s, nowMs());
        const body: Slice = {
          ...slice, endpoints: sliceEndpoints(s),
          metadata: { ...slice.metadata, annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': new Date().toISOString() } },
        };
        slices[s] = await cp.api.replace<Slice>(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices/${slice.metadata.name}`, body);
        const written = nowMs();
        writes++;
        const rv = slices[s]?.metadata.resourceVersion ?? '';
        const expected = (ready[s] as boolean[]).filter(Boolean).length;
        let seen = 0;
        for (let polls = 0; ; polls++) {
          const st = await clusterState(s);
          seen = nowMs();
          if (st.updates > before.updates && st.members === expected) break;
          if (seen - written > EDS_TIMEOUT_MS) throw new Error(`svc-${s}: Envoy has not applied the EndpointSlice write after ${EDS_TIMEOUT_MS} ms (${polls} polls; update_success ${before.updates} -> ${st.updates}, membership_total ${st.members}, expected ${expected})`);
          await sleep(POLL_MS);
        }
        edsLatencies.push(seen - written);
        const arrived = watcher.arrivals.get(rv);
        if (arrived !== undefined) watchLatencies.push(arrived - written);
        watcher.arrivals.delete(rv);
        for (const j of flipped.get(s) ?? []) {
          if (ready[s]?.[j]) notReadySince.delete(endpointId(s, j));
          else notReadySince.set(endpointId(s, j), { since: seen, service: s });
        }
      }
      // The checks, through route s (Service s): not ready -> never answers; ready again -> answers.
      for (const [s, js] of flipped) {
        for (const j of js) {
          const id = endpointId(s, j);
          if (!ready[s]?.[j]) {
            checks.notReady++;
            for (let n = 0; n < 2 * pods; n++) {
              const r = await get(agent, host, ENVOY_POD_PORT, `/r${s}`);
              if (r.body === id) { checks.notReadyAnswered++; break; }
            }
          } else {
            checks.readyAgain++;
            let answered = false;
            for (let n = 0; n < READY_ATTEMPTS && !answered; n++) answered = (await get(agent, host, ENVOY_POD_PORT, `/r${s}`)).body === id;
            if (!answered) checks.readyAgainMissed++;
          }
        }
      }
      const end = roundStart + o.roundMs;
      if (nowMs() < end) await sleep(end - nowMs());
    }
    const churnSeconds = (nowMs() - churnStart) / 1000;
    churnWindow = [churnStart * 1000, nowMs() * 1000]; // µs of CLOCK_MONOTONIC, the profile's clock
    const pierCpuCores = (processCpuSeconds(pid) - cpuBefore) / churnSeconds;
    runnerDelay.disable();
    const pierAfter = await pierCounters(pier);
    const loopDelay = {
      pier: { p99: (pierAfter.get('pier_nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000, max: (pierAfter.get('pier_nodejs_eventloop_lag_max_seconds') ?? Number.NaN) * 1000 },
      runner: { p99: runnerDelay.percentile(99) / 1e6, max: runnerDelay.max / 1e6 },
    };
    // Pier's baseline, after the churn (before it, Pier is still settling the start): the
    // traffic flowing and no write.
    const quietMs = Math.min(10_000, o.roundMs);
    const idleCpu0 = processCpuSeconds(pid);
    const idleStart = nowMs();
    await sleep(quietMs);
    const pierIdleCpuCores = (processCpuSeconds(pid) - idleCpu0) / ((nowMs() - idleStart) / 1000);
    clearInterval(rssTimer);
    flowing = false;
    await Promise.all(loops);
    const countersAfter = await updateCounters();
    const mib = (series: string): number => Math.round((pierAfter.get(series) ?? Number.NaN) / 2 ** 20);
    const pierHeap = { usedMiB: mib('pier_nodejs_heap_size_used_bytes'), totalMiB: mib('pier_nodejs_heap_size_total_bytes'), externalMiB: mib('pier_nodejs_external_memory_bytes') };
    const pierDelta = new Map([...pierAfter].filter(([k]) => !k.startsWith('pier_nodejs_')).map(([k, v]) => [k, v - (pierBefore.get(k) ?? 0)] as [string, number]).filter(([, v]) => v !== 0));
    return {
      routes: o.routes, services: o.services, endpoints: o.endpoints, pods, flips, writes, edsLatencies, watchLatencies, traffic, strays, checks,
      envoyUpdates: { eds: countersAfter.eds - countersBefore.eds, cds: countersAfter.cds - countersBefore.cds, lds: countersAfter.lds - countersBefore.lds, rds: countersAfter.rds - countersBefore.rds },
      pierCounters: pierDelta, loopDelay, churnSeconds, pierIdleCpuCores, pierCpuCores, pierRssMaxMiB: rssMax, pierMemory: processMemory(pid), pierHeap,
    };
  } finally {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    agent.destroy();
    adminAgent.destroy();
    forwarder?.kill('SIGKILL');
    const pierPid = pier?.child.pid;
    await pier?.stop();
    if (o.profileDir && churnWindow) {
      for (const f of readdirSync(o.profileDir).filter((n) => n.endsWith('.cpuprofile') && n.includes(`.${pierPid}.`))) {
        writeFileSync(path.join(o.profileDir, `${f}.windows.json`), JSON.stringify([churnWindow]));
      }
    }
    await node.stop();
    await cp.stop();
    rmSync(tlsDir, { recursive: true, force: true });
  }
}
