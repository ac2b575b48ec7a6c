/**
 * GEP-5093 (Gateway address routability) with Kubernetes infrastructure on a real API server with
 * the v1.7.0 experimental CRDs (which keep spec and status `routability`): a Gateway asking only
 * for routability Cluster gets a ClusterIP Service, and status reports that Service's ClusterIP
 * (allocated by the API server from its ServiceCIDR, 10.96.0.0/16 here) with routability Cluster; a
 * Gateway asking for a default and a Cluster address gets both, one each; the conformance sentinel
 * is reported as asked; a routability Pier does not know is never given an address, and the
 * Gateway gets no proxy objects. There is no load-balancer controller: the test writes the
 * Service's status.loadBalancer, as one would.
 *
 * Then with pods: the test node agent runs the Gateway's Envoy pod and a backend pod and, as
 * kube-proxy would, serves ClusterIPs of a ServiceCIDR of this process's own
 * (10.97.<pid % 250>.0/24, on the agent's bridge): a request to the ClusterIP status reports goes
 * through the Gateway's Envoy to the backend.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { startControlPlane, type ControlPlane } from './harness';
import { startPierForPods, type PierForPods } from './pier-for-pods';
import { createEchoGatewaySetup, GATEWAY_API } from './objects';
import { imageMap, NodeAgent } from './node-agent/agent';
import { conformanceBinDir, conformanceImages, envoyImages } from './node-agent/images';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'routability';
const SENTINEL = 'testing.x-k8s.io/sentinel';
const SERVICE_CIDR = /^10\.96\.\d+\.\d+$/;

interface Condition { type: string; status: string; reason: string; message: string }
interface StatusAddress { type: string; value: string; routability?: string }
interface GatewayObj { spec: { addresses?: { type?: string; routability?: string }[] }; status?: { addresses?: StatusAddress[]; conditions?: Condition[] } }
interface ServiceObj { spec: { type: string; clusterIP: string; loadBalancerIP?: string } }

const gatewayPath = (name: string): string => `${GATEWAY_API}/namespaces/${NS}/gateways/${name}`;
const servicePath = (name: string): string => `/api/v1/namespaces/${NS}/services/pier-${name}`;
const conditionOf = (gw: GatewayObj, type: string): Condition | undefined => gw.status?.conditions?.find((c) => c.type === type);

describe('Gateway address routability with Kubernetes infrastructure', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;

  const createGateway = (name: string, addresses: unknown[]): Promise<unknown> => cp.api.create(`${GATEWAY_API}/namespaces/${NS}/gateways`, {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name },
    spec: { gatewayClassName: 'pier', addresses, listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] },
  });
  const gatewayWhen = (name: string, what: string, ok: (gw: GatewayObj) => boolean): Promise<GatewayObj> => waitFor(`Gateway ${name}: ${what}`, async () => {
    const gw = await cp.api.get<GatewayObj>(gatewayPath(name));
    return ok(gw) ? gw : undefined;
  }, { timeoutMs: 60_000 });
  const service = (name: string): Promise<ServiceObj> => waitFor(`the Service of Gateway ${name}`, async () => ((await cp.api.exists(servicePath(name))) ? cp.api.get<ServiceObj>(servicePath(name)) : undefined), { timeoutMs: 60_000 });

  before(async () => {
    cp = await startControlPlane({ controllerManager: false, gatewayApiChannel: 'experimental' });
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await createGateway('internal', [{ type: 'IPAddress', routability: 'Cluster' }]);
    await createGateway('both', [{ type: 'IPAddress' }, { type: 'IPAddress', routability: 'Cluster' }]);
    await createGateway('sentinel', [{ type: 'IPAddress', routability: SENTINEL }]);
    await createGateway('unsupported', [{ type: 'IPAddress', routability: 'example.com/CorpWan' }]);
    // Kubernetes infrastructure (the default with the kubernetes provider); Services of type LoadBalancer by default.
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, leaderElectionNamespace: 'default', proxyXdsHost: 'pier.pier-system.svc' },
    });
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the experimental CRDs keep spec.addresses[].routability', async () => {
    const gw = await cp.api.get<GatewayObj>(gatewayPath('internal'));
    assert.equal(gw.spec.addresses?.[0]?.routability, 'Cluster');
  });

  test('the GatewayClass lists GatewayAddressRoutability and GatewayAddressRoutabilityCluster', async () => {
    await waitFor('supportedFeatures', async () => {
      const cls = await cp.api.get<{ status?: { supportedFeatures?: { name: string }[] } }>(`${GATEWAY_API}/gatewayclasses/pier`);
      const names = (cls.status?.supportedFeatures ?? []).map((f) => f.name);
      return names.includes('GatewayAddressRoutability') && names.includes('GatewayAddressRoutabilityCluster') ? true : undefined;
    }, { timeoutMs: 30_000 });
  });

  test('only Cluster: a ClusterIP Service, and its ClusterIP in status with routability Cluster; AddressesAssigned', async () => {
    const svc = await service('internal');
    assert.equal(svc.spec.type, 'ClusterIP', 'no load balancer for a Gateway reached at its ClusterIP only');
    assert.match(svc.spec.clusterIP, SERVICE_CIDR, 'a ClusterIP from the ServiceCIDR');
    const gw = await gatewayWhen('internal', 'its ClusterIP in status', (g) => (g.status?.addresses?.length ?? 0) > 0);
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: svc.spec.clusterIP, routability: 'Cluster' }]);
    const assigned = conditionOf(gw, 'AddressesAssigned');
    assert.deepEqual([assigned?.status, assigned?.reason], ['True', 'AddressesAssigned']);
    // No proxy is running (no kubelet here): Programmed waits on the Deployment, not on the address.
    assert.equal(conditionOf(gw, 'Programmed')?.reason, 'Pending');
  });

  test('a default and a Cluster entry: the ClusterIP at once (partially assigned), the load balancer\'s address once it has one; one address each', async () => {
    const svc = await service('both');
    assert.equal(svc.spec.type, 'LoadBalancer');
    const partial = await gatewayWhen('both', 'PartiallyAssigned', (g) => conditionOf(g, 'AddressesAssigned')?.reason === 'PartiallyAssigned');
    assert.equal(conditionOf(partial, 'AddressesAssigned')?.status, 'False');
    assert.match(conditionOf(partial, 'AddressesAssigned')!.message, /spec\.addresses\[0\] \(IPAddress\): the Gateway has no address yet/);
    assert.deepEqual(partial.status?.addresses, [{ type: 'IPAddress', value: svc.spec.clusterIP, routability: 'Cluster' }], 'never the ClusterIP for the default entry meanwhile... only for the Cluster one');
    // Standing in for a load-balancer controller.
    await cp.api.patch(`${servicePath('both')}/status`, { status: { loadBalancer: { ingress: [{ ip: '198.18.7.7' }] } } });
    const gw = await gatewayWhen('both', 'both addresses', (g) => g.status?.addresses?.length === 2);
    assert.deepEqual(gw.status?.addresses, [
      { type: 'IPAddress', value: '198.18.7.7', routability: '' },
      { type: 'IPAddress', value: svc.spec.clusterIP, routability: 'Cluster' },
    ]);
    assert.equal(conditionOf(gw, 'AddressesAssigned')?.reason, 'AddressesAssigned');
  });

  test('the conformance sentinel: the load balancer\'s address, reported with the sentinel', async () => {
    await service('sentinel');
    await cp.api.patch(`${servicePath('sentinel')}/status`, { status: { loadBalancer: { ingress: [{ ip: '198.18.7.8' }] } } });
    const gw = await gatewayWhen('sentinel', 'its address', (g) => (g.status?.addresses?.length ?? 0) > 0);
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: '198.18.7.8', routability: SENTINEL }]);
    assert.equal(conditionOf(gw, 'AddressesAssigned')?.reason, 'AddressesAssigned');
  });

  test('a routability Pier does not know: no address, no proxy objects, Programmed False/AddressNotAssigned, AddressesAssigned False/NotAssigned', async () => {
    const gw = await gatewayWhen('unsupported', 'NotAssigned', (g) => conditionOf(g, 'AddressesAssigned')?.reason === 'NotAssigned');
    assert.equal(conditionOf(gw, 'AddressesAssigned')?.status, 'False');
    assert.match(conditionOf(gw, 'AddressesAssigned')!.message, /routability "example\.com\/CorpWan" is not supported/);
    assert.deepEqual([conditionOf(gw, 'Programmed')?.status, conditionOf(gw, 'Programmed')?.reason], ['False', 'AddressNotAssigned']);
    assert.equal(gw.status?.addresses, undefined);
    assert.equal(await cp.api.exists(servicePath('unsupported')), false, 'no Service');
    assert.equal(await cp.api.exists(`/apis/apps/v1/namespaces/${NS}/deployments/pier-unsupported`), false, 'no Deployment');
  });

  test('asking for the default instead of Cluster turns the ClusterIP Service into a LoadBalancer, keeping its ClusterIP', async () => {
    const before = await service('internal');
    await cp.api.patch(gatewayPath('internal'), { spec: { addresses: [{ type: 'IPAddress' }] } });
    const svc = await waitFor('the Service of type LoadBalancer', async () => {
      const s = await cp.api.get<ServiceObj>(servicePath('internal'));
      return s.spec.type === 'LoadBalancer' ? s : undefined;
    }, { timeoutMs: 60_000 });
    assert.equal(svc.spec.clusterIP, before.spec.clusterIP);
    await cp.api.patch(`${servicePath('internal')}/status`, { status: { loadBalancer: { ingress: [{ ip: '198.18.7.9' }] } } });
    const gw = await gatewayWhen('internal', 'the load balancer\'s address', (g) => g.status?.addresses?.[0]?.value === '198.18.7.9');
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: '198.18.7.9', routability: '' }]);
    // And back: ClusterIP again (the node ports the LoadBalancer had are given up).
    await cp.api.patch(gatewayPath('internal'), { spec: { addresses: [{ type: 'IPAddress', routability: 'Cluster' }] } });
    await waitFor('the Service of type ClusterIP again', async () => ((await cp.api.get<ServiceObj>(servicePath('internal'))).spec.type === 'ClusterIP' ? true : undefined), { timeoutMs: 60_000 });
    const back = await gatewayWhen('internal', 'its ClusterIP again', (g) => g.status?.addresses?.[0]?.routability === 'Cluster');
    assert.deepEqual(back.status?.addresses, [{ type: 'IPAddress', value: before.spec.clusterIP, routability: 'Cluster' }]);
  });
});

describe('a Cluster address carries traffic: the Gateway\'s Service ClusterIP through its Envoy pod', { timeout: 600_000 }, () => {
  const ns = 'routability-pods';
  const serviceCIDR = `10.97.${process.pid % 250}.0/24`;
  let cp: ControlPlane;
  let agent: NodeAgent;
  let pierForPods: PierForPods;

  before(async () => {
    const envoy = requireEnvoy();
    cp = await startControlPlane({ gatewayApiChannel: 'experimental', serviceClusterIPRange: serviceCIDR });
    agent = await NodeAgent.start({ api: cp.api, images: imageMap({ ...conformanceImages(conformanceBinDir()), ...envoyImages(envoy) }), serviceClusterIPRange: serviceCIDR });
    await createEchoGatewaySetup(cp.api, ns, CONTROLLER, { name: 'internal', port: 8080, addresses: [{ type: 'IPAddress', routability: 'Cluster' }] });
    pierForPods = await startPierForPods(cp, agent, CONTROLLER);
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pierForPods?.stop();
    await agent?.stop();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('Programmed, its ClusterIP in status with routability Cluster, and a request to that ClusterIP reaches the backend through Envoy', async () => {
    const gw = await waitFor('Programmed=True with an address', async () => {
      const o = await cp.api.get<GatewayObj>(`${GATEWAY_API}/namespaces/${ns}/gateways/internal`);
      return conditionOf(o, 'Programmed')?.status === 'True' && (o.status?.addresses?.length ?? 0) > 0 ? o : undefined;
    }, { timeoutMs: 120_000 }).catch((err: Error) => { throw new Error(`${err.message}; agent errors: ${agent.recentErrors.join('; ')}`); });
    const svc = await cp.api.get<ServiceObj>(`/api/v1/namespaces/${ns}/services/pier-internal`);
    assert.equal(svc.spec.type, 'ClusterIP');
    assert.ok(svc.spec.clusterIP.startsWith(`10.97.${process.pid % 250}.`), `${svc.spec.clusterIP} is in the ServiceCIDR ${serviceCIDR}`);
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: svc.spec.clusterIP, routability: 'Cluster' }]);
    assert.equal(conditionOf(gw, 'AddressesAssigned')?.reason, 'AddressesAssigned');
    const address = gw.status!.addresses![0]!.value;
    const response = await waitFor(`the echo response at ${address}:8080`, async () => {
      const r = await httpRequest(`http://${address}:8080/through/cluster-ip`, { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 ? r : undefined;
    }, { timeoutMs: 60_000, intervalMs: 250 }).catch((err: Error) => { throw new Error(`${err.message}; agent errors: ${agent.recentErrors.join('; ')}`); });
    const echo = JSON.parse(response.body) as { path: string; namespace: string; pod: string };
    assert.equal(echo.path, '/through/cluster-ip');
    assert.equal(echo.namespace, ns);
    assert.match(echo.pod, /^echo-/);
    assert.equal(response.headers['server'], 'envoy', 'through the Gateway\'s Envoy');
  });
});
