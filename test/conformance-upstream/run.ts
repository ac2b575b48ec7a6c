/**
 * The upstream Gateway API conformance suite (sigs.k8s.io/gateway-api/conformance, the version
 * pinned in runner/go.mod), run unmodified against Pier in Kubernetes mode:
 *
 *   - a real control plane (etcd, kube-apiserver, kube-controller-manager: test/kubernetes/harness.ts)
 *     with the repository's Gateway API CRDs (crds/, the same version), the experimental channel:
 *     its fields (HTTPRoute rules[].retry) are what the suite's experimental features test; the API
 *     server serves certificates.k8s.io/v1beta1 ClusterTrustBundles, so Pier declares ClusterTrustBundle;
 *   - the test node agent (test/kubernetes/node-agent/) for the suite's pods: echo-basic and
 *     CoreDNS built from source, each pod in a network namespace of its own (198.18.x.y), so the
 *     controller manager makes the EndpointSlices as in a cluster;
 *   - `pier serve --provider kubernetes --infrastructure kubernetes --gateway-service-type LoadBalancer`:
 *     each Gateway's proxies are a Deployment of Envoy and a LoadBalancer Service that Pier makes;
 *     the node agent runs the Envoy pods (the local envoy binary in the pod's network namespace,
 *     ADS to Pier over mTLS at the node's address) and acts as the load balancer: each such
 *     Service gets an ingress address from 127.33.0.0/16 (the one its Gateway asks for when it is
 *     in that pool), where the agent forwards TCP and UDP to the Service's ready pods
 *     (node-agent/load-balancer.ts). Pier is told the pool (--gateway-address-pool), so a Gateway
 *     asking for an address outside it is Programmed=False, AddressNotUsable.
 *     PIER_CONFORMANCE_UPSTREAM_INFRA=host runs the Gateways as Envoy processes on the host
 *     instead (`--infrastructure host --gateway-address-pool 127.32.0.0/16`, each on its own
 *     loopback address), where GatewayInfrastructure is not supported;
 *   - the suite's runner binary (runner/, built by scripts/k8s/build-conformance.mjs) with GatewayClass
 *     `pier`, the profiles GATEWAY-HTTP, -GRPC, -TLS, -TCP and -UDP, and the supported features the
 *     suite infers from the GatewayClass status (Pier's supportedFeatures, nothing added here).
 *
 * It prints each test's result (`PASS name (time)` / `SKIP name` / `FAIL name (time): first error`)
 * and a closing `N passed, N failed, N skipped` line; exit code 1 when any failed or the run did not
 * complete. The suite's own report goes to .cache/conformance-upstream/reports/<version>/pier-report.yaml,
 * or, with PIER_CONFORMANCE_UPDATE_REPORT=1 (what `npm run conformance:upstream` sets), to the
 * committed conformance/reports/<version>/pier-report.yaml: `npm test` leaves the tree as it
 * found it. The whole output (the suite's logs, Pier's, the control plane's) goes to
 * .cache/conformance-upstream/.
 *
 * Env: PIER_CONFORMANCE_UPSTREAM_RUN=TestName (one test, the suite's -run-test),
 * PIER_CONFORMANCE_UPSTREAM_INFRA=host|kubernetes (default kubernetes),
 * PIER_CONFORMANCE_UPSTREAM_SKIP=A,B (the suite's -skip-tests), PIER_CONFORMANCE_UPSTREAM_TIMEOUT_MIN
 * (the suite's hard limit, default 30).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { GoTestOutput, type TestResult } from './gotest';
import { reportPath } from './report';
import { repoRoot } from '../helpers/paths';
import { PIER_CLI } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { startControlPlane, type ControlPlane } from '../kubernetes/harness';
import { imageMap, NodeAgent } from '../kubernetes/node-agent/agent';
import { conformanceBinDir, conformanceImages, envoyImages } from '../kubernetes/node-agent/images';
import { generateServerFiles } from '../../src/security/tls-dir';
import { ManagedProcess } from '../kubernetes/process';

const CONTROLLER_NAME = 'pier.dev/gateway-controller';
const GATEWAY_CLASS = 'pier';
const PROFILES = ['GATEWAY-HTTP', 'GATEWAY-GRPC', 'GATEWAY-TLS', 'GATEWAY-TCP', 'GATEWAY-UDP'];
type Infrastructure = 'host' | 'kubernetes';
/** Host infrastructure: each Gateway's own loopback address. */
const HOST_ADDRESS_POOL = '127.32.0.0/16';
/** Kubernetes infrastructure: the node agent's load balancer hands Services these. */
const LOAD_BALANCER_POOL = '127.33.0.0/16';
/**
 * GatewayStaticAddresses: an address the Gateway's proxies can be given (host: a local address
 * outside the pool, which Envoy binds; kubernetes: one in the load balancer's pool, which the
 * agent assigns when asked), and one they cannot (TEST-NET-1, never a local address).
 */
const USABLE_STATIC_ADDRESS: Record<Infrastructure, string> = { host: '127.31.0.7', kubernetes: '127.33.255.7' };
const UNUSABLE_STATIC_ADDRESS = '192.0.2.7';

function infrastructure(): Infrastructure {
  const value = process.env.PIER_CONFORMANCE_UPSTREAM_INFRA || 'kubernetes';
  if (value !== 'host' && value !== 'kubernetes') throw new Error(`PIER_CONFORMANCE_UPSTREAM_INFRA: expected host or kubernetes, got "${value}"`);
  return value;
}

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

function suiteVersion(): string {
  const goMod = readFileSync(path.join(repoRoot(), 'test', 'conformance-upstream', 'runner', 'go.mod'), 'utf8');
  const version = goMod.match(/^\s*(?:require\s+)?sigs\.k8s\.io\/gateway-api\/conformance\s+(v\S+)/m)?.[1];
  if (!version) throw new Error('test/conformance-upstream/runner/go.mod does not require sigs.k8s.io/gateway-api/conformance');
  return version;
}


async function startPier(cp: ControlPlane, agent: NodeAgent, infra: Infrastructure, dir: string, logFile: string): Promise<ManagedProcess> {
  const adminPort = await freePort();
  const where = infra === 'host'
    ? { infrastructure: 'host', gatewayAddressPool: HOST_ADDRESS_POOL, envoy: requireEnvoy(), xdsAddress: `127.0.0.1:${await freePort()}` }
    : await (async () => {
      // The pods reach the host at the node's address: Pier's xDS server listens there, with mTLS
      // (each Gateway's pods present the client certificate Pier puts in their Secret).
      const tlsDir = path.join(dir, 'xds-tls');
      mkdirSync(tlsDir);
      await generateServerFiles(tlsDir);
      return {
        infrastructure: 'kubernetes', gatewayServiceType: 'LoadBalancer', gatewayAddressPool: LOAD_BALANCER_POOL,
        xdsAddress: `${agent.nodeAddress}:${await freePort(agent.nodeAddress)}`, xdsTlsDir: tlsDir, proxyXdsHost: agent.nodeAddress,
      };
    })();
  const config = {
    provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER_NAME, ...where,
    adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default',
    adminAddress: `127.0.0.1:${adminPort}`, metricsAddress: `127.0.0.1:${await freePort()}`, stateDir: path.join(dir, 'pier-state'),
    logLevel: 'info', logFormat: 'json',
  };
  const configFile = path.join(dir, 'pier.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const pier = new ManagedProcess('pier', process.execPath, ['--enable-source-maps', PIER_CLI, 'serve', '--config', configFile], logFile);
  pier.start();
  await waitFor('pier /readyz', async () => {
    if (!pier.running) throw new Error(`pier ${pier.describeExit()}:\n${pier.tail()}`);
    const r = await httpRequest(`http://127.0.0.1:${adminPort}/readyz`, { timeoutMs: 1000 }).catch(() => undefined);
    return r?.status === 200 ? true : undefined;
  }, { timeoutMs: 30_000, intervalMs: 200, stopOn: (err) => (err as Error).message.startsWith('pier ') });
  return pier;
}

/** The GatewayClass the suite tests, accepted by Pier with its supportedFeatures (the suite reads them from there). */
async function createGatewayClass(cp: ControlPlane): Promise<string[]> {
  const p = `/apis/gateway.networking.k8s.io/v1/gatewayclasses/${GATEWAY_CLASS}`;
  await cp.api.create('/apis/gateway.networking.k8s.io/v1/gatewayclasses', {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: GATEWAY_CLASS }, spec: { controllerName: CONTROLLER_NAME },
  });
  return waitFor('GatewayClass pier Accepted with supportedFeatures', async () => {
    const gwc = await cp.api.get<{ status?: { conditions?: { type: string; status: string }[]; supportedFeatures?: { name: string }[] } }>(p);
    const accepted = gwc.status?.conditions?.some((c) => c.type === 'Accepted' && c.status === 'True');
    return accepted && gwc.status?.supportedFeatures?.length ? gwc.status.supportedFeatures.map((f) => f.name) : undefined;
  }, { timeoutMs: 60_000, intervalMs: 200 });
}

interface SuiteRun { results: TestResult[]; code: number | null; timedOut: boolean }

function runSuite(binary: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, limitMs: number): Promise<SuiteRun> {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const parser = new GoTestOutput();
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      out(`KILLED: the suite ran past its hard limit of ${Math.round(limitMs / 60_000)} min (last test started: ${parser.lastStarted ?? 'none'})`);
      try { process.kill(-(child.pid as number), 'SIGKILL'); } catch { /* gone */ }
    }, limitMs);
    createInterface({ input: child.stdout }).on('line', (line) => {
      log.write(`${line}\n`);
      const r = parser.line(line);
      if (r) out(`${r.result} ${r.name}${r.result === 'SKIP' ? '' : ` (${r.seconds}s)`}${r.reason && r.result === 'FAIL' ? `: ${r.reason}` : ''}`);
    });
    child.stderr.on('data', (d: Buffer) => log.write(d));
    // 'close', not 'exit': the suite's last lines may still be in its stdout pipe when it exits.
    child.on('close', (code) => {
      clearTimeout(limit);
      log.end(() => resolve({ results: parser.results, code, timedOut }));
    });
  });
}

async function main(): Promise<number> {
  const t0 = Date.now();
  const version = suiteVersion();
  const binDir = conformanceBinDir();
  const cacheDir = path.join(repoRoot(), '.cache', 'conformance-upstream');
  mkdirSync(cacheDir, { recursive: true });
  const reportFile = reportPath(version, process.env.PIER_CONFORMANCE_UPDATE_REPORT === '1');
  mkdirSync(path.dirname(reportFile), { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'pier-conformance-upstream-'));
  let cp: ControlPlane | undefined;
  let agent: NodeAgent | undefined;
  let pier: ManagedProcess | undefined;
  const seconds = (from: number): string => `${((Date.now() - from) / 1000).toFixed(0)}s`;
  try {
    const infra = infrastructure();
    out(`# upstream conformance: sigs.k8s.io/gateway-api/conformance ${version}, profiles ${PROFILES.join(', ')}, ${infra} infrastructure`);
    cp = await startControlPlane({ gatewayApiChannel: 'experimental', clusterTrustBundles: true });
    agent = await NodeAgent.start({
      api: cp.api, images: imageMap({ ...conformanceImages(binDir), ...(infra === 'kubernetes' ? envoyImages(requireEnvoy()) : {}) }),
      ...(infra === 'kubernetes' ? { loadBalancerPool: LOAD_BALANCER_POOL } : {}),
    });
    pier = await startPier(cp, agent, infra, dir, path.join(cacheDir, 'pier.log'));
    const features = await createGatewayClass(cp);
    out(`# set-up ${seconds(t0)}: control plane, node ${agent.nodeName} (${agent.nodeAddress}), Pier; GatewayClass ${GATEWAY_CLASS} supports ${features.length} features: ${features.join(', ')}`);

    const limitMs = Number(process.env.PIER_CONFORMANCE_UPSTREAM_TIMEOUT_MIN ?? 30) * 60_000;
    const packageVersion = (JSON.parse(readFileSync(path.join(repoRoot(), 'package.json'), 'utf8')) as { version: string }).version;
    const partialReport = path.join(dir, 'report.yaml');
    const args = [
      '-test.v', '-test.run', '^TestConformance$', `-test.timeout=${Math.round(limitMs / 60_000) + 1}m`,
      `-gateway-class=${GATEWAY_CLASS}`, `-conformance-profiles=${PROFILES.join(',')}`,
      `-report-output=${partialReport}`,
      '-organization=pier', '-project=pier', '-url=https://pier.dev', `-version=v${packageVersion}`, '-contact=pier maintainers',
      '-cleanup-base-resources=false',
      `-usable-address=${USABLE_STATIC_ADDRESS[infra]}`, `-unusable-address=${UNUSABLE_STATIC_ADDRESS}`,
      ...(process.env.PIER_CONFORMANCE_UPSTREAM_RUN ? [`-run-test=${process.env.PIER_CONFORMANCE_UPSTREAM_RUN}`] : []),
      ...(process.env.PIER_CONFORMANCE_UPSTREAM_SKIP ? [`-skip-tests=${process.env.PIER_CONFORMANCE_UPSTREAM_SKIP}`] : []),
    ];
    const tSuite = Date.now();
    const run = await runSuite(path.join(binDir, 'conformance.test'), args, { ...process.env, KUBECONFIG: cp.kubeconfigFile }, path.join(cacheDir, 'suite.log'), limitMs);
    const count = (r: TestResult['result']): number => run.results.filter((x) => x.result === r).length;
    out(`# suite ${seconds(tSuite)}, total ${seconds(t0)}; the suite's output: ${path.relative(repoRoot(), path.join(cacheDir, 'suite.log'))}, Pier's: ${path.relative(repoRoot(), path.join(cacheDir, 'pier.log'))}`);
    let reportWritten = false;
    try {
      copyFileSync(partialReport, reportFile);
      reportWritten = true;
      out(`# report: ${path.relative(repoRoot(), reportFile)}`);
    } catch {
      out('# no report: the suite did not finish');
    }
    const incomplete = run.timedOut || run.code === null || (run.code !== 0 && count('FAIL') === 0) || !reportWritten;
    if (incomplete) out(`the suite did not complete (exit ${run.code ?? 'killed'}); see the suite's output`);
    out(`${count('PASS')} passed, ${count('FAIL') + (incomplete && count('FAIL') === 0 ? 1 : 0)} failed, ${count('SKIP')} skipped`);
    return incomplete || count('FAIL') > 0 ? 1 : 0;
  } finally {
    await pier?.stop(5_000);
    if (agent) writeFileSync(path.join(cacheDir, 'node-agent.log'), agent.recentErrors.map((e) => `${e}\n`).join(''));
    await agent?.stop();
    if (cp) {
      // Kept for diagnosis next to the suite's output.
      for (const f of ['kube-apiserver.log', 'kube-controller-manager.log']) {
        try { copyFileSync(path.join(cp.dir, f), path.join(cacheDir, f)); } catch { /* none */ }
      }
      await cp.stop();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (err: Error) => {
  out(`upstream conformance: FAILED to run: ${err.stack ?? err.message}`);
  out('0 passed, 1 failed, 0 skipped');
  process.exit(1);
});
