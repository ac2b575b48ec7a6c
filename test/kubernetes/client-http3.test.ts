/**
 * ClientPolicy http3 with Kubernetes infrastructure on a real API server: the Gateway's Service
 * and proxy Deployment open the HTTPS listener's port over UDP as well (QUIC), beside TCP, and
 * close it again when the policy goes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { generateServerFiles } from '../../src/security/tls-dir';
import { selfSignedCertificate } from '../e2e/features/certs';
import { startControlPlane, type ControlPlane } from './harness';
import { GATEWAY_API } from './objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'quic';
const SERVICE = `/api/v1/namespaces/${NS}/services/pier-edge`;
const DEPLOYMENT = `/apis/apps/v1/namespaces/${NS}/deployments/pier-edge`;
const POLICIES = `/apis/gateway.pier.dev/v1alpha1/namespaces/${NS}/clientpolicies`;

interface ServiceObj { spec: { ports: { name: string; port: number; targetPort: number; protocol: string }[] } }
interface DeploymentObj { spec: { template: { spec: { containers: { ports: { containerPort: number; protocol: string }[] }[] } } } }

describe('ClientPolicy http3 with Kubernetes infrastructure on a real API server', { timeout: 400_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;
  let dir: string;

  const servicePorts = async (): Promise<string> =>
    (await cp.api.get<ServiceObj>(SERVICE)).spec.ports.map((p) => `${p.name} ${p.port}->${p.targetPort}/${p.protocol}`).join(', ');
  const containerPorts = async (): Promise<string> =>
    (await cp.api.get<DeploymentObj>(DEPLOYMENT)).spec.template.spec.containers[0]!.ports.map((p) => `${p.containerPort}/${p.protocol}`).join(', ');
  const waitPorts = (what: string, service: string, container: string): Promise<true> => waitFor(what, async () => {
    if (!(await cp.api.exists(SERVICE)) || !(await cp.api.exists(DEPLOYMENT))) return undefined;
    return (await servicePorts()) === service && (await containerPorts()) === container ? true : undefined;
  }, { timeoutMs: 60_000, intervalMs: 250 });
  const policy = (http3: Record<string, never>): Record<string, unknown> => ({
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy', metadata: { name: 'quic' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge' }], http3 },
  });

  before(async () => {
    cp = await startControlPlane({ controllerManager: false });
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-k8s-http3-'));
    await generateServerFiles(dir);
    const cert = selfSignedCertificate(dir, 'edge.example');
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`/api/v1/namespaces/${NS}/secrets`, {
      apiVersion: 'v1', kind: 'Secret', metadata: { name: 'edge-cert' }, type: 'kubernetes.io/tls',
      data: { 'tls.crt': Buffer.from(cert.cert).toString('base64'), 'tls.key': Buffer.from(cert.key).toString('base64') },
    });
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: {
        gatewayClassName: 'pier',
        listeners: [
          { name: 'http', protocol: 'HTTP', port: 80 },
          { name: 'https', protocol: 'HTTPS', port: 443, hostname: 'edge.example', tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'edge-cert' }] } },
        ],
      },
    });
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, leaderElectionNamespace: 'default', xdsTlsDir: dir, proxyXdsHost: 'pier.pier-system.svc' },
    });
    await waitPorts('the Service and Deployment without HTTP/3', 'tcp-80 80->10080/TCP, tcp-443 443->10443/TCP', '10080/TCP, 10443/TCP, 19001/TCP, 19002/TCP');
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('with the policy the HTTPS port is open over UDP too; without it, TCP only again', async () => {
    await cp.api.create(POLICIES, policy({}));
    await waitPorts('the HTTPS port over UDP', 'tcp-80 80->10080/TCP, tcp-443 443->10443/TCP, udp-443 443->10443/UDP', '10080/TCP, 10443/TCP, 10443/UDP, 19001/TCP, 19002/TCP');
    await cp.api.delete(`${POLICIES}/quic`);
    await waitPorts('the UDP port closed', 'tcp-80 80->10080/TCP, tcp-443 443->10443/TCP', '10080/TCP, 10443/TCP, 19001/TCP, 19002/TCP');
  });
});
