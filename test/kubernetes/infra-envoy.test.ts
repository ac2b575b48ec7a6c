/**
 * Kubernetes infrastructure end to end: `pier serve --provider kubernetes` makes a Gateway's
 * Deployment of Envoy; the test node agent runs its pod (the real Envoy binary in the pod's
 * network namespace, the bootstrap and client certificate mounted from the ConfigMap and Secret
 * Pier wrote), and runs the backend's pods (echo-basic). The Envoy pod connects to Pier over ADS
 * with mTLS, becomes Ready on its readiness listener, the Deployment counts it available, the
 * Gateway goes Programmed, and a request to the pod's IP reaches a backend pod.
 *
 * Pods reach the host at the agent's node address (no kube-proxy: ClusterIPs are not routed), so
 * Pier's xDS server listens there and the bootstrap names it (proxyXdsHost).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { httpRequest, waitFor } from '../helpers/net';
import type { PierProcess } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { startControlPlane, type ControlPlane } from './harness';
import { startPierForPods, type PierForPods } from './pier-for-pods';
import { createEchoGatewaySetup, GATEWAY_API } from './objects';
import { imageMap, NodeAgent } from './node-agent/agent';
import { conformanceBinDir, conformanceImages, envoyImages } from './node-agent/images';
import type { Pod } from './node-agent/pod';
import { DEFAULT_PROXY_METRICS_PORT } from '../../src/infra/bootstrap';
import { parsePrometheusText, samplesOf } from '../helpers/prometheus';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'edge-pods';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const GATEWAY = `${GATEWAY_API}/namespaces/${NS}/gateways/edge`;
const DEPLOYMENT = `/apis/apps/v1/namespaces/${NS}/deployments/pier-edge`;

interface GatewayObj { status?: { addresses?: { type: string; value: string }[]; conditions?: { type: string; status: string; reason: string; message: string }[] } }
interface ProxyInfo { nodeId: string; cluster: string; envoyVersion: string; peer: string; identity: { transport: string; gateway?: string; uris?: string[] } }
interface EchoResponse { path: string; namespace: string; pod: string }

const isReady = (p: Pod): boolean => !p.metadata.deletionTimestamp && (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

describe('an Envoy pod run by the node agent: ADS to Pier over mTLS, Ready, serving the Gateway\'s routes', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let agent: NodeAgent;
  let pier: PierProcess;
  let pierForPods: PierForPods;

  const readyPods = (selector: string, label: string): Promise<Pod[]> => waitFor(`a ready ${label} pod`, async () => {
    const list = (await cp.api.get<{ items: Pod[] }>(`${PODS}?labelSelector=${encodeURIComponent(selector)}`)).items.filter(isReady);
    return list.length > 0 ? list : undefined;
  }, { timeoutMs: 90_000, intervalMs: 250 });

  before(async () => {
    const envoy = requireEnvoy();
    cp = await startControlPlane();
    agent = await NodeAgent.start({ api: cp.api, images: imageMap({ ...conformanceImages(conformanceBinDir()), ...envoyImages(envoy) }) });
    // The backend: echo-basic behind a Service; the Gateway on port 80 routing to it.
    await createEchoGatewaySetup(cp.api, NS, CONTROLLER, { name: 'edge', port: 80 });
    // xDS with mTLS on the node address, where the pods reach the host.
    pierForPods = await startPierForPods(cp, agent, CONTROLLER, { gatewayServiceType: 'ClusterIP' });
    pier = pierForPods.pier;
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pierForPods?.stop();
    await agent?.stop();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the Envoy pod connects over ADS with the Gateway\'s certificate, is Ready, the Gateway is Programmed, and a request to the pod reaches the backend', async () => {
    const [backend] = await readyPods('app=echo', 'echo');
    const [proxy] = await readyPods('gateway.networking.k8s.io/gateway-name=edge', 'Envoy').catch((err: Error) => {
      throw new Error(`${err.message}; agent errors: ${agent.recentErrors.join('; ')}`);
    });
    const proxyIP = proxy.status?.podIP ?? '';
    assert.match(proxyIP, /^198\.18\.\d+\.\d+$/);
    assert.notEqual(proxyIP, backend.status?.podIP);

    // Pier sees the pod's Envoy: node id is the pod's name, identity from its client certificate.
    const proxies = await waitFor('the pod\'s Envoy in Pier\'s /proxies', async () => {
      const list = await pier.admin<ProxyInfo[]>('/proxies');
      return list.some((p) => p.nodeId === proxy.metadata.name) ? list : undefined;
    }, { timeoutMs: 30_000 });
    const info = proxies.find((p) => p.nodeId === proxy.metadata.name)!;
    assert.equal(info.cluster, `${NS}/edge`);
    assert.equal(info.identity.transport, 'mtls');
    assert.equal(info.identity.gateway, `${NS}/edge`);
    assert.ok(info.identity.uris?.includes(`spiffe://pier.dev/gateway/${NS}/edge`), `the certificate names the Gateway: ${JSON.stringify(info.identity.uris)}`);
    assert.match(info.peer, new RegExp(proxyIP.replace(/\./g, '\\.')), 'the stream comes from the pod\'s address');
    assert.match(info.envoyVersion, /1\.\d+\.\d+/);

    await waitFor('the Deployment reports 1 available replica', async () => ((await cp.api.get<{ status?: { availableReplicas?: number } }>(DEPLOYMENT)).status?.availableReplicas === 1 ? true : undefined), { timeoutMs: 60_000 });
    const gw = await waitFor('Programmed=True', async () => {
      const o = await cp.api.get<GatewayObj>(GATEWAY);
      return o.status?.conditions?.find((c) => c.type === 'Programmed')?.status === 'True' ? o : undefined;
    }, { timeoutMs: 30_000 });
    const service = await cp.api.get<{ spec: { clusterIP: string } }>(`/api/v1/namespaces/${NS}/services/pier-edge`);
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: service.spec.clusterIP }], 'the address is the ClusterIP Service\'s');

    // Gateway port 80 is container port 10080 on the pod.
    const response = await waitFor('the echo response through the Envoy pod', async () => {
      const r = await httpRequest(`http://${proxyIP}:10080/through/envoy`, { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 ? r : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    const echo = JSON.parse(response.body) as EchoResponse;
    assert.deepEqual({ pod: echo.pod, namespace: echo.namespace, path: echo.path }, { pod: backend.metadata.name, namespace: NS, path: '/through/envoy' });
    assert.equal(response.headers['server'], 'envoy');

    // The pod's metrics port: a named container port with the scrape annotations, serving the
    // Envoy's stats (Prometheus' parser reads them) and nothing else of its admin interface.
    const deployment = await cp.api.get<{ spec: { template: { metadata: { annotations?: Record<string, string> }; spec: { containers: { ports?: { name?: string; containerPort: number }[] }[] } } } }>(DEPLOYMENT);
    const metricsPort = deployment.spec.template.spec.containers[0]?.ports?.find((p) => p.name === 'metrics')?.containerPort;
    assert.equal(metricsPort, DEFAULT_PROXY_METRICS_PORT);
    assert.equal(deployment.spec.template.metadata.annotations?.['prometheus.io/port'], String(DEFAULT_PROXY_METRICS_PORT));
    assert.equal(deployment.spec.template.metadata.annotations?.['prometheus.io/path'], '/stats/prometheus');
    const scraped = await waitFor('the request counted on the pod\'s metrics port', async () => {
      const r = await httpRequest(`http://${proxyIP}:${metricsPort}/stats/prometheus`, { timeoutMs: 2000 }).catch(() => undefined);
      if (r?.status !== 200) return undefined;
      const families = parsePrometheusText(r.body);
      const total = samplesOf(families, 'envoy_http_downstream_rq_total').filter((s) => (s.labels.envoy_http_conn_manager_prefix ?? '').includes('80')).reduce((n, s) => n + (s.value ?? 0), 0);
      return total >= 1 ? families : undefined;
    }, { timeoutMs: 30_000, intervalMs: 500 });
    assert.ok(samplesOf(scraped, 'envoy_cluster_upstream_rq_total').some((s) => (s.labels.envoy_cluster_name ?? '').includes('echo') && (s.value ?? 0) >= 1), 'the backend\'s cluster counts the request');
    for (const [method, p] of [['POST', '/quitquitquit'], ['GET', '/config_dump']]) {
      assert.equal((await httpRequest(`http://${proxyIP}:${metricsPort}${p}`, { method, timeoutMs: 2000 })).status, 404, `${method} ${p} on the metrics port`);
    }
  });
});
