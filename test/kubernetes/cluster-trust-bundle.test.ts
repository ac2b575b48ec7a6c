/**
 * ClusterTrustBundle against the real kube-apiserver. The test control plane serves
 * certificates.k8s.io/v1beta1 ClusterTrustBundles (feature gate and runtime-config on, as a
 * Kubernetes 1.34 cluster must have them); Pier in Kubernetes mode watches them, with real Envoy:
 *   - an HTTPS listener validates client certificates against the CA of bundle "pier-clients"
 *     (a real handshake: CA alpha's client in, CA beta's refused; the bundle replaced by CA beta
 *     through the API, the listener follows);
 *   - a BackendTLSPolicy trusts bundle "pier-backends" (CA gamma) for an HTTPS backend in the
 *     test's network namespace: Envoy verifies it and connects; the bundle deleted through the
 *     API, the policy is NoValidCACertificate and the request fails with a 5xx.
 * Then a second control plane that does not serve the kind: Pier reports it, keeps serving the
 * rest, leaves the feature out of the GatewayClass, and a reference to a bundle is InvalidKind.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EchoResponse } from '../../src/demo/echo-backend';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { certificateAuthority, clientCertificate, selfSignedCertificate, serverCertificate, type TestCertificate } from '../e2e/features/certs';
import { httpsRequest } from '../e2e/features/clients';
import { startControlPlane, type ControlPlane } from './harness';
import { BackendNetwork } from './netns';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const CTB_API = '/apis/certificates.k8s.io/v1beta1/clustertrustbundles';
const HOST = 'ctb.test';
const BACKEND_HOST = 'secure.apps.test';
const TIMEOUT_MS = 60_000;

interface Condition { type: string; status: string; reason: string; message?: string }
interface Obj {
  metadata: { name: string; resourceVersion?: string };
  status?: {
    conditions?: Condition[]; supportedFeatures?: { name: string }[];
    listeners?: { name: string; conditions: Condition[] }[]; ancestors?: { conditions: Condition[] }[];
  };
}

const bundle = (name: string, ca: TestCertificate): Record<string, unknown> =>
  ({ apiVersion: 'certificates.k8s.io/v1beta1', kind: 'ClusterTrustBundle', metadata: { name }, spec: { trustBundle: ca.cert } });
const bundleRef = (name: string) => ({ group: 'certificates.k8s.io', kind: 'ClusterTrustBundle', name });
const condition = (conditions: Condition[] | undefined, type: string): Condition | undefined => conditions?.find((c) => c.type === type);

function tlsSecret(name: string, cert: TestCertificate): Record<string, unknown> {
  return {
    apiVersion: 'v1', kind: 'Secret', metadata: { name }, type: 'kubernetes.io/tls',
    data: { 'tls.crt': Buffer.from(cert.cert).toString('base64'), 'tls.key': Buffer.from(cert.key).toString('base64') },
  };
}

async function serviceWithEndpoint(cp: ControlPlane, name: string, address: string, port: number): Promise<void> {
  await cp.api.create(`/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ name: 'p', port: 80, targetPort: port }] } });
  await cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: `${name}-1`, labels: { 'kubernetes.io/service-name': name } },
    addressType: 'IPv4', endpoints: [{ addresses: [address], conditions: { ready: true } }], ports: [{ name: 'p', port, protocol: 'TCP' }],
  });
}

/**
 * Namespace NS, the listeners' certificate, GatewayClass "pier" and Gateway "edge" at address,
 * validating client certificates against bundle "pier-clients".
 */
async function createGateway(cp: ControlPlane, server: TestCertificate, address: string, listeners: Record<string, unknown>[]): Promise<void> {
  await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
  await cp.api.create(`/api/v1/namespaces/${NS}/secrets`, tlsSecret('ctb-test', server));
  await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
  await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
    spec: {
      gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: address }],
      tls: { frontend: { default: { validation: { caCertificateRefs: [bundleRef('pier-clients')] } } } },
      listeners,
    },
  });
}

describe('ClusterTrustBundle in Kubernetes mode, served by the API server', { timeout: 400_000 }, () => {
  let cp: ControlPlane;
  let net: BackendNetwork;
  let pier: PierProcess;
  let dir: string;
  let server: TestCertificate;
  let alpha: TestCertificate;
  let beta: TestCertificate;
  let alphaClient: TestCertificate;
  let betaClient: TestCertificate;
  let gatewayAddress: string;
  const ports = { https: 0, http: 0 };

  const frontend = (client?: TestCertificate): Promise<string> =>
    httpsRequest(gatewayAddress, ports.https, HOST, '/', server.cert, 2000, HOST, client ? { cert: client.cert, key: client.key } : undefined)
      .then((r) => (r.status === 200 ? (JSON.parse(r.body) as EchoResponse).service : `status ${r.status}`))
      .catch(() => 'refused');
  const throughBackendTLS = (): Promise<string> => httpRequest(`http://${gatewayAddress}:${ports.http}/tls`, { headers: { host: HOST }, timeoutMs: 5000 })
    .then((r) => (r.status === 200 ? r.body : `status ${r.status}`))
    .catch(() => 'no answer');

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-k8s-ctb-'));
    server = selfSignedCertificate(dir, HOST);
    alpha = certificateAuthority(dir, 'alpha');
    beta = certificateAuthority(dir, 'beta');
    const gamma = certificateAuthority(dir, 'gamma');
    alphaClient = clientCertificate(dir, 'alpha', 'client-of-alpha');
    betaClient = clientCertificate(dir, 'beta', 'client-of-beta');
    serverCertificate(dir, 'gamma', BACKEND_HOST);

    cp = await startControlPlane({ controllerManager: false, clusterTrustBundles: true });
    net = BackendNetwork.create();
    const echo = await net.echoBackend('echo', 10, 8080);
    const secure = await net.tlsBackend(11, 8443, path.join(dir, `${BACKEND_HOST}.server.crt`), path.join(dir, `${BACKEND_HOST}.server.key`), 'tls-backend');
    gatewayAddress = `127.0.${process.pid % 250}.${30 + (process.pid % 200)}`;
    ports.https = await freePort(gatewayAddress);
    ports.http = await freePort(gatewayAddress);

    await cp.api.create(CTB_API, bundle('pier-clients', alpha));
    await cp.api.create(CTB_API, bundle('pier-backends', gamma));
    await createGateway(cp, server, gatewayAddress, [
      { name: 'https', protocol: 'HTTPS', port: ports.https, tls: { mode: 'Terminate', certificateRefs: [{ name: 'ctb-test' }] } },
      { name: 'http', protocol: 'HTTP', port: ports.http },
    ]);
    await serviceWithEndpoint(cp, 'echo', echo, 8080);
    await serviceWithEndpoint(cp, 'secure', secure, 8443);
    await cp.api.create(`${GW_API}/namespaces/${NS}/backendtlspolicies`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'BackendTLSPolicy', metadata: { name: 'secure' },
      spec: { targetRefs: [{ group: '', kind: 'Service', name: 'secure' }], validation: { caCertificateRefs: [bundleRef('pier-backends')], hostname: BACKEND_HOST } },
    });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: {
        parentRefs: [{ name: 'edge' }],
        rules: [
          { matches: [{ path: { type: 'PathPrefix', value: '/tls' } }], backendRefs: [{ name: 'secure', port: 80 }] },
          { backendRefs: [{ name: 'echo', port: 80 }] },
        ],
      },
    });
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
  }, { timeout: 240_000 });

  after(async () => {
    const code = await pier?.stop();
    net?.remove();
    await cp?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the API server serves ClusterTrustBundles, and the GatewayClass lists the feature', async () => {
    const list = await cp.api.get<{ items: Obj[] }>(CTB_API);
    assert.deepEqual(list.items.map((i) => i.metadata.name).sort(), ['pier-backends', 'pier-clients']);
    await waitFor('the GatewayClass to list ClusterTrustBundle', async () => {
      const cls = await cp.api.get<Obj>(`${GW_API}/gatewayclasses/pier`);
      return cls.status?.supportedFeatures?.some((f) => f.name === 'ClusterTrustBundle') ? true : undefined;
    }, { timeoutMs: TIMEOUT_MS });
  });

  test('frontend: a real handshake lets CA alpha\'s client in and refuses CA beta\'s and none', async () => {
    await waitFor('CA alpha\'s client to get in', async () => ((await frontend(alphaClient)) === 'echo' ? true : undefined), { timeoutMs: TIMEOUT_MS, intervalMs: 200 });
    assert.equal(await frontend(betaClient), 'refused');
    assert.equal(await frontend(), 'refused');
    const gw = await cp.api.get<Obj>(`${GW_API}/namespaces/${NS}/gateways/edge`);
    const https = gw.status?.listeners?.find((l) => l.name === 'https');
    assert.equal(condition(https?.conditions, 'ResolvedRefs')?.status, 'True');
  });

  test('backend: Envoy verifies the backend against the bundle\'s CA; the policy is accepted', async () => {
    await waitFor('the TLS backend to answer', async () => ((await throughBackendTLS()) === 'tls-backend' ? true : undefined), { timeoutMs: TIMEOUT_MS, intervalMs: 200 });
    const policy = await waitFor('the policy status', async () => {
      const p = await cp.api.get<Obj>(`${GW_API}/namespaces/${NS}/backendtlspolicies/secure`);
      return p.status?.ancestors?.length ? p : undefined;
    }, { timeoutMs: TIMEOUT_MS });
    assert.deepEqual(policy.status?.ancestors?.[0]?.conditions.map((c) => [c.type, c.status]), [['Accepted', 'True'], ['ResolvedRefs', 'True']]);
  });

  test('the bundle replaced through the API: the listener trusts CA beta now', async () => {
    const current = await cp.api.get<Obj>(`${CTB_API}/pier-clients`);
    await cp.api.replace(`${CTB_API}/pier-clients`, { ...bundle('pier-clients', beta), metadata: { name: 'pier-clients', resourceVersion: current.metadata.resourceVersion } });
    await waitFor('CA beta\'s client to get in', async () => ((await frontend(betaClient)) === 'echo' ? true : undefined), { timeoutMs: TIMEOUT_MS, intervalMs: 200 });
    assert.equal(await frontend(alphaClient), 'refused');
  });

  test('the backends\' bundle deleted: NoValidCACertificate, and the request fails with a 5xx', async () => {
    await cp.api.delete(`${CTB_API}/pier-backends`);
    await waitFor('the policy to lose its CA', async () => {
      const p = await cp.api.get<Obj>(`${GW_API}/namespaces/${NS}/backendtlspolicies/secure`);
      const accepted = condition(p.status?.ancestors?.[0]?.conditions, 'Accepted');
      return accepted?.reason === 'NoValidCACertificate' ? true : undefined;
    }, { timeoutMs: TIMEOUT_MS, intervalMs: 200 });
    const p = await cp.api.get<Obj>(`${GW_API}/namespaces/${NS}/backendtlspolicies/secure`);
    assert.equal(condition(p.status?.ancestors?.[0]?.conditions, 'ResolvedRefs')?.reason, 'InvalidCACertificateRef');
    await waitFor('the request to fail', async () => (/^status 5\d\d$/.test(await throughBackendTLS()) ? true : undefined), { timeoutMs: TIMEOUT_MS, intervalMs: 200 });
  });
});

describe('ClusterTrustBundle in Kubernetes mode, not served by the API server', { timeout: 300_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;
  let dir: string;
  let gatewayAddress: string;
  let port: number;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-k8s-ctb-off-'));
    const server = selfSignedCertificate(dir, HOST);
    cp = await startControlPlane({ controllerManager: false });
    gatewayAddress = `127.0.${process.pid % 250}.${31 + (process.pid % 200)}`;
    port = await freePort(gatewayAddress);
    await createGateway(cp, server, gatewayAddress, [{ name: 'https', protocol: 'HTTPS', port, tls: { mode: 'Terminate', certificateRefs: [{ name: 'ctb-test' }] } }]);
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
  }, { timeout: 240_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the kind is not served; Pier says so, and the GatewayClass leaves the feature out', async () => {
    assert.equal(await cp.api.exists(CTB_API), false);
    const cls = await waitFor('the GatewayClass to be accepted', async () => {
      const o = await cp.api.get<Obj>(`${GW_API}/gatewayclasses/pier`);
      return condition(o.status?.conditions, 'Accepted')?.status === 'True' ? o : undefined;
    }, { timeoutMs: TIMEOUT_MS });
    const features = cls.status?.supportedFeatures?.map((f) => f.name) ?? [];
    assert.ok(features.includes('GatewayFrontendClientCertificateValidation'));
    assert.ok(!features.includes('ClusterTrustBundle'), 'ClusterTrustBundle is not listed');
    const errors = await pier.admin<{ source: string; message: string }[]>('/errors');
    assert.ok(errors.some((e) => /ClusterTrustBundle .*is not served/.test(e.message)), JSON.stringify(errors));
  });

  test('a bundle reference is InvalidKind (InvalidCACertificateKind) and the listener NoValidCACertificate', async () => {
    const listener = await waitFor('the listener status', async () => {
      const gw = await cp.api.get<Obj>(`${GW_API}/namespaces/${NS}/gateways/edge`);
      return gw.status?.listeners?.find((l) => l.name === 'https');
    }, { timeoutMs: TIMEOUT_MS });
    assert.equal(condition(listener.conditions, 'ResolvedRefs')?.reason, 'InvalidCACertificateKind');
    assert.equal(condition(listener.conditions, 'Accepted')?.reason, 'NoValidCACertificate');
  });
});
