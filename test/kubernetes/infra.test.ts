/**
 * Kubernetes infrastructure on a real API server, etcd and kube-controller-manager: `pier serve
 * --provider kubernetes` (infrastructure kubernetes by default) makes each Gateway's
 * ServiceAccount, Secret, ConfigMap, Service and Deployment, owned by the Gateway and labelled
 * for it; keeps them in step with its listeners and spec.infrastructure; writes nothing when
 * nothing changed; and the garbage collector deletes them with the Gateway.
 *
 * There is no kubelet and no load-balancer controller here: the test stands in for them by
 * writing the proxy pod's status (Running, Ready: the ReplicaSet and Deployment controllers then
 * count it available) and the Service's status.loadBalancer, as they would.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { parsePrometheusText, samplesOf } from '../helpers/prometheus';
import { generateServerFiles } from '../../src/security/tls-dir';
import { startControlPlane, type ControlPlane } from './harness';
import { GATEWAY_API } from './objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'infra';
const GATEWAY = `${GATEWAY_API}/namespaces/${NS}/gateways/edge`;
const NAME = 'pier-edge';
const PATHS = {
  ServiceAccount: `/api/v1/namespaces/${NS}/serviceaccounts/${NAME}`,
  Secret: `/api/v1/namespaces/${NS}/secrets/${NAME}`,
  ConfigMap: `/api/v1/namespaces/${NS}/configmaps/${NAME}`,
  Service: `/api/v1/namespaces/${NS}/services/${NAME}`,
  Deployment: `/apis/apps/v1/namespaces/${NS}/deployments/${NAME}`,
} as const;

interface Meta { name: string; uid?: string; resourceVersion?: string; labels?: Record<string, string>; annotations?: Record<string, string>; ownerReferences?: { kind: string; name: string; uid: string; controller?: boolean }[] }
interface Obj { metadata: Meta }
interface ServiceObj extends Obj { spec: { type: string; ports: { name: string; port: number; targetPort: number; protocol: string }[]; selector: Record<string, string> } }
interface DeploymentObj extends Obj {
  spec: {
    replicas?: number;
    template: { metadata: { labels: Record<string, string>; annotations: Record<string, string> }; spec: { serviceAccountName: string; containers: {
      image: string; args: string[]; ports: { name?: string; containerPort: number; protocol: string }[]; readinessProbe: { httpGet: { path: string; port: number; scheme?: string } };
      resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
    }[] } };
  };
  status?: { availableReplicas?: number };
}
interface GatewayObj extends Obj { status?: { addresses?: { type: string; value: string }[]; conditions?: { type: string; status: string; reason: string; message: string }[] } }

describe('Kubernetes infrastructure on a real API server and controller manager', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;
  let tlsDir: string;
  let gatewayUid: string;

  const get = <T = Obj>(p: string): Promise<T> => cp.api.get<T>(p);
  const programmed = async (): Promise<{ status: string; reason: string; message: string } | undefined> =>
    (await get<GatewayObj>(GATEWAY)).status?.conditions?.find((c) => c.type === 'Programmed');
  const writes = async (): Promise<Record<string, number>> => {
    const families = parsePrometheusText((await httpRequest(`http://127.0.0.1:${pier.adminPort}/metrics`)).body);
    const out: Record<string, number> = {};
    for (const s of samplesOf(families, 'pier_kubernetes_infra_writes_total')) out[`${s.labels.kind}/${s.labels.verb}`] = s.value ?? 0;
    return out;
  };
  const versions = async (): Promise<string[]> => Promise.all(Object.values(PATHS).map(async (p) => (await get(p)).metadata.resourceVersion ?? ''));

  before(async () => {
    cp = await startControlPlane();
    tlsDir = mkdtempSync(path.join(os.tmpdir(), 'pier-infra-tls-'));
    await generateServerFiles(tlsDir);
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    const gw = await cp.api.create<Obj>(`${GATEWAY_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: {
        gatewayClassName: 'pier',
        infrastructure: { labels: { team: 'web' }, annotations: { 'example.com/owner': 'web-team' } },
        listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }, { name: 'dns', protocol: 'UDP', port: 53 }],
      },
    });
    gatewayUid = gw.metadata.uid!;
    // No `infrastructure` setting: Kubernetes infrastructure is the default with the kubernetes provider.
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, leaderElectionNamespace: 'default', xdsTlsDir: tlsDir, proxyXdsHost: 'pier.pier-system.svc' },
    });
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('each object appears in the Gateway\'s namespace, owned by it, labelled for it, with spec.infrastructure\'s labels and annotations', async () => {
    for (const [kind, p] of Object.entries(PATHS)) {
      const obj = await waitFor<Obj>(`the ${kind}`, async () => ((await cp.api.exists(p)) ? get(p) : undefined), { timeoutMs: 30_000 });
      assert.deepEqual(obj.metadata.ownerReferences?.map((o) => [o.kind, o.name, o.uid, o.controller]), [['Gateway', 'edge', gatewayUid, true]], `${kind} owned by the Gateway`);
      assert.equal(obj.metadata.labels?.['gateway.networking.k8s.io/gateway-name'], 'edge', kind);
      assert.equal(obj.metadata.labels?.['app.kubernetes.io/managed-by'], 'pier', kind);
      assert.equal(obj.metadata.labels?.team, 'web', `${kind} has the infrastructure label`);
      assert.equal(obj.metadata.annotations?.['example.com/owner'], 'web-team', `${kind} has the infrastructure annotation`);
    }
    const deployment = await get<DeploymentObj>(PATHS.Deployment);
    const pod = deployment.spec.template;
    assert.equal(pod.metadata.labels.team, 'web');
    assert.equal(pod.metadata.annotations['example.com/owner'], 'web-team');
    assert.equal(pod.spec.serviceAccountName, NAME);
    assert.equal(pod.spec.containers[0].image, 'envoyproxy/envoy:v1.40.0');
    assert.deepEqual({ ...pod.spec.containers[0].readinessProbe.httpGet }, { path: '/ready', port: 19001, scheme: 'HTTP' });
    assert.deepEqual(pod.spec.containers[0].ports.map((p) => `${p.containerPort}/${p.protocol}`), ['10053/UDP', '10080/TCP', '19001/TCP', '19002/TCP']);
    assert.equal(pod.spec.containers[0].ports.find((p) => p.name === 'metrics')?.containerPort, 19002, 'the metrics port, named for PodMonitors');
    assert.equal(pod.metadata.annotations['prometheus.io/scrape'], 'true');
    assert.equal(pod.metadata.annotations['prometheus.io/port'], '19002');
  });

  test('the Service maps each Gateway port to its unprivileged container port; type LoadBalancer', async () => {
    const service = await get<ServiceObj>(PATHS.Service);
    assert.equal(service.spec.type, 'LoadBalancer');
    assert.deepEqual(service.spec.ports.map((p) => [p.name, p.port, p.targetPort, p.protocol]), [['udp-53', 53, 10053, 'UDP'], ['tcp-80', 80, 10080, 'TCP']], 'the metrics port is not on the Gateway\'s Service');
    assert.equal(service.spec.selector['gateway.networking.k8s.io/gateway-name'], 'edge');
  });

  test('the bootstrap points at Pier\'s xDS Service over mTLS; the Secret\'s certificate names the Gateway; no key in Pier\'s logs', async () => {
    const configMap = await get<{ data: Record<string, string> }>(PATHS.ConfigMap);
    const bootstrap = JSON.parse(configMap.data['envoy.json']!) as { node: { cluster: string }; static_resources: { clusters: { name: string; load_assignment: { endpoints: { lb_endpoints: { endpoint: { address: { socket_address: { address: string; port_value: number } } } }[] }[] }; transport_socket?: unknown }[] } };
    assert.equal(bootstrap.node.cluster, `${NS}/edge`);
    const xds = bootstrap.static_resources.clusters.find((c) => c.name === 'pier_xds')!;
    assert.deepEqual(xds.load_assignment.endpoints[0].lb_endpoints[0].endpoint.address.socket_address, { address: 'pier.pier-system.svc', port_value: pier.xdsPort });
    assert.ok(xds.transport_socket, 'mTLS to Pier');
    const secret = await get<{ type: string; data: Record<string, string> }>(PATHS.Secret);
    assert.equal(secret.type, 'gateway.pier.dev/xds-client-tls');
    const pem = (k: string): string => Buffer.from(secret.data[k]!, 'base64').toString('utf8');
    const cert = new X509Certificate(pem('tls.crt'));
    assert.match(cert.subjectAltName ?? '', new RegExp(`URI:spiffe://pier.dev/gateway/${NS}/edge`));
    assert.ok(cert.verify(new X509Certificate(readFileSync(path.join(tlsDir, 'ca.crt'))).publicKey), 'signed by Pier\'s CA');
    assert.equal(pem('ca.crt'), readFileSync(path.join(tlsDir, 'ca.crt'), 'utf8'));
    const keyBody = pem('tls.key').split('\n').filter((l) => l && !l.startsWith('-----')).slice(0, 2).join('');
    assert.equal(pier.find((l) => JSON.stringify(l).includes(keyBody.slice(0, 40))).length, 0, 'the private key is in no log line');
  });

  test('Programmed follows the Deployment\'s available replicas, then the Service\'s address; status.addresses come from the Service', async () => {
    // Pending first until the infrastructure has looked (no address then), then Pending on the Deployment.
    const pending = await waitFor('Programmed=False Pending on the Deployment', async () => {
      const c = await programmed();
      return c?.reason === 'Pending' && /proxy replicas available/.test(c.message) ? c : undefined;
    }, { timeoutMs: 30_000 });
    assert.equal(pending.status, 'False');
    assert.match(pending.message, /0 of 1 proxy replicas available/);
    // Standing in for the kubelet: the proxy pod runs and is ready.
    const pods = await waitFor('the proxy pod (ReplicaSet controller)', async () => {
      const list = await get<{ items: (Obj & { status?: unknown })[] }>(`/api/v1/namespaces/${NS}/pods?labelSelector=${encodeURIComponent('gateway.networking.k8s.io/gateway-name=edge')}`);
      return list.items.length > 0 ? list.items : undefined;
    }, { timeoutMs: 30_000 });
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    for (const p of pods) {
      await cp.api.patch(`/api/v1/namespaces/${NS}/pods/${p.metadata.name}/status`, {
        status: { phase: 'Running', podIP: '198.18.0.20', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: now }, { type: 'ContainersReady', status: 'True', lastTransitionTime: now }] },
      });
    }
    await waitFor('the Deployment reports 1 available replica', async () => ((await get<DeploymentObj>(PATHS.Deployment)).status?.availableReplicas === 1 ? true : undefined), { timeoutMs: 30_000 });
    const noAddress = await waitFor('Programmed=False AddressNotAssigned', async () => { const c = await programmed(); return c?.reason === 'AddressNotAssigned' ? c : undefined; }, { timeoutMs: 30_000 });
    assert.match(noAddress.message, /LoadBalancer Service infra\/pier-edge has no ingress address yet/);
    // Standing in for a load-balancer controller.
    await cp.api.patch(`${PATHS.Service}/status`, { status: { loadBalancer: { ingress: [{ ip: '198.18.5.5' }, { hostname: 'lb.example.com' }] } } });
    const gw = await waitFor('Programmed=True with the Service\'s addresses', async () => {
      const o = await get<GatewayObj>(GATEWAY);
      return o.status?.conditions?.find((c) => c.type === 'Programmed')?.status === 'True' && o.status.addresses?.length === 2 ? o : undefined;
    }, { timeoutMs: 30_000 });
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: '198.18.5.5' }, { type: 'Hostname', value: 'lb.example.com' }]);
  });

  test('nothing is written when nothing changed; a deleted object is made again, and only it', async () => {
    const before = await writes();
    const rv = await versions();
    // Touches the Gateway (its table entry changes, Pier looks at its objects again) without changing what they should be.
    await cp.api.patch(GATEWAY, { metadata: { annotations: { 'example.com/touched': 'yes' } } });
    await waitFor('Pier to see the Gateway change', () => (pier.find((l) => /translated gateway api changes/.test(l.msg)).length > 0 ? true : undefined), { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 2000));
    assert.deepEqual(await writes(), before, 'no write');
    assert.deepEqual(await versions(), rv, 'no object changed on the server');
    await cp.api.delete(PATHS.ConfigMap);
    await waitFor('the ConfigMap made again', async () => ((await cp.api.exists(PATHS.ConfigMap)) ? true : undefined), { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 1000));
    const after = await writes();
    const diff = Object.fromEntries(Object.entries(after).filter(([k, v]) => v !== (before[k] ?? 0)).map(([k, v]) => [k, v - (before[k] ?? 0)]));
    assert.deepEqual(diff, { 'ConfigMap/create': 1 }, 'one create, nothing else');
  });

  test('a listener change updates the Service, the Deployment and the bootstrap digest; infrastructure label changes propagate', async () => {
    const before = await get<DeploymentObj>(PATHS.Deployment);
    await cp.api.patch(GATEWAY, {
      spec: {
        infrastructure: { labels: { team: 'platform' }, annotations: { 'example.com/owner': 'web-team' } },
        listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }, { name: 'tcp', protocol: 'TCP', port: 8443 }],
      },
    });
    const service = await waitFor('the Service ports updated', async () => {
      const s = await get<ServiceObj>(PATHS.Service);
      return s.spec.ports.length === 2 && s.spec.ports.some((p) => p.port === 8443) ? s : undefined;
    }, { timeoutMs: 20_000 });
    assert.deepEqual(service.spec.ports.map((p) => [p.name, p.port, p.targetPort, p.protocol]), [['tcp-80', 80, 10080, 'TCP'], ['tcp-8443', 8443, 8443, 'TCP']]);
    const deployment = await waitFor('the Deployment updated', async () => {
      const d = await get<DeploymentObj>(PATHS.Deployment);
      return d.spec.template.metadata.labels.team === 'platform' ? d : undefined;
    }, { timeoutMs: 20_000 });
    assert.deepEqual(deployment.spec.template.spec.containers[0].ports.map((p) => `${p.containerPort}/${p.protocol}`), ['8443/TCP', '10080/TCP', '19001/TCP', '19002/TCP']);
    assert.equal(deployment.spec.template.metadata.annotations['gateway.pier.dev/bootstrap-hash'], before.spec.template.metadata.annotations['gateway.pier.dev/bootstrap-hash'], 'the bootstrap does not depend on listeners');
    for (const [kind, p] of Object.entries(PATHS)) {
      await waitFor(`${kind} relabelled`, async () => ((await get(p)).metadata.labels?.team === 'platform' ? true : undefined), { timeoutMs: 20_000 });
    }
  });

  test('a Gateway of another class loses its objects; back in Pier\'s class, they are made again', async () => {
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'other' }, spec: { controllerName: 'example.com/other' } });
    await cp.api.patch(GATEWAY, { spec: { gatewayClassName: 'other' } });
    for (const [kind, p] of Object.entries(PATHS)) {
      await waitFor(`${kind} deleted by Pier`, async () => ((await cp.api.exists(p)) ? undefined : true), { timeoutMs: 20_000 });
    }
    await cp.api.patch(GATEWAY, { spec: { gatewayClassName: 'pier' } });
    for (const [kind, p] of Object.entries(PATHS)) {
      await waitFor(`${kind} made again`, async () => ((await cp.api.exists(p)) ? true : undefined), { timeoutMs: 20_000 });
    }
  });

  test('deleting the Gateway deletes every object (the garbage collector, through the owner references)', async () => {
    const deletesBefore = Object.entries(await writes()).filter(([k]) => k.endsWith('/delete')).reduce((n, [, v]) => n + v, 0);
    await cp.api.delete(GATEWAY);
    for (const [kind, p] of Object.entries(PATHS)) {
      await waitFor(`${kind} collected`, async () => ((await cp.api.exists(p)) ? undefined : true), { timeoutMs: 60_000 });
    }
    const deletesAfter = Object.entries(await writes()).filter(([k]) => k.endsWith('/delete')).reduce((n, [, v]) => n + v, 0);
    assert.equal(deletesAfter, deletesBefore, 'Pier deleted nothing itself: the garbage collector did');
  });

  test('a Gateway whose spec.addresses asks for an address (an IPAddress without a value) is accepted and gets its Service\'s', async () => {
    const path = `${GATEWAY_API}/namespaces/${NS}/gateways/asking`;
    await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'asking' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress' }], listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] },
    });
    const service = `/api/v1/namespaces/${NS}/services/pier-asking`;
    await waitFor('the Service of the asking Gateway', async () => ((await cp.api.exists(service)) ? true : undefined), { timeoutMs: 30_000 });
    const unassigned = await waitFor('Programmed=False until an address is assigned', async () => {
      const c = (await get<GatewayObj>(path)).status?.conditions;
      return c?.find((k) => k.type === 'Accepted')?.status === 'True' && c.find((k) => k.type === 'Programmed')?.status === 'False' ? c : undefined;
    }, { timeoutMs: 30_000 });
    assert.ok(unassigned);
    // Standing in for a load-balancer controller.
    await cp.api.patch(`${service}/status`, { status: { loadBalancer: { ingress: [{ ip: '198.18.5.6' }] } } });
    const gw = await waitFor('status.addresses: the Service\'s', async () => {
      const o = await get<GatewayObj>(path);
      return o.status?.addresses?.length ? o : undefined;
    }, { timeoutMs: 30_000 });
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: '198.18.5.6' }]);
    assert.equal(gw.status?.conditions?.find((c) => c.type === 'Accepted')?.status, 'True');
    await cp.api.delete(path);
  });

  test('ProxyConfig: the class\'s defaults and the Gateway\'s own (winning field by field) on the Deployment; edits follow; a missing one or a class reference without namespace is InvalidParameters', async () => {
    const configs = `/apis/gateway.pier.dev/v1alpha1/namespaces/${NS}/proxyconfigs`;
    const condition = async (p: string, type: string): Promise<{ status: string; reason: string; message: string } | undefined> =>
      (await get<GatewayObj>(p)).status?.conditions?.find((c) => c.type === type);
    await cp.api.create(configs, { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ProxyConfig', metadata: { name: 'class-defaults' },
      spec: { logLevel: 'info', concurrency: 2, replicas: 2, resources: { requests: { cpu: '100m' } } } });
    await cp.api.create(configs, { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ProxyConfig', metadata: { name: 'tuned' },
      spec: { logLevel: 'debug', replicas: 3, resources: { limits: { memory: '256Mi' } }, metrics: { port: 19300 } } });
    // The API server runs the CRD's rules too.
    await assert.rejects(cp.api.create(configs, { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ProxyConfig', metadata: { name: 'bad' }, spec: { metrics: { port: 19001 } } }),
      /must not be the proxies' admin/);
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier-tuned' },
      spec: { controllerName: CONTROLLER, parametersRef: { group: 'gateway.pier.dev', kind: 'ProxyConfig', name: 'class-defaults', namespace: NS } } });
    await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/gateways`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'tuned' },
      spec: { gatewayClassName: 'pier-tuned', infrastructure: { parametersRef: { group: 'gateway.pier.dev', kind: 'ProxyConfig', name: 'tuned' } }, listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] } });

    const deploymentPath = `/apis/apps/v1/namespaces/${NS}/deployments/pier-tuned`;
    const deployment = await waitFor('the tuned Gateway\'s Deployment', async () => ((await cp.api.exists(deploymentPath)) ? get<DeploymentObj>(deploymentPath) : undefined), { timeoutMs: 30_000 });
    const container = deployment.spec.template.spec.containers[0];
    assert.equal(deployment.spec.replicas, 3, 'the Gateway\'s replicas over the class\'s');
    assert.deepEqual(container.resources, { requests: { cpu: '100m' }, limits: { memory: '256Mi' } }, 'requests from the class, limits from the Gateway');
    const arg = (flag: string): string | undefined => container.args[container.args.indexOf(flag) + 1];
    assert.equal(arg('--log-level'), 'debug', 'the Gateway\'s log level');
    assert.equal(arg('--concurrency'), '2', 'the class\'s concurrency');
    assert.equal(container.ports.find((p) => p.name === 'metrics')?.containerPort, 19300, 'the Gateway\'s metrics port');
    const classAccepted = await waitFor('the tuned class Accepted', async () => {
      const c = (await get<GatewayObj>(`${GATEWAY_API}/gatewayclasses/pier-tuned`)).status?.conditions?.find((k) => k.type === 'Accepted');
      return c?.status === 'True' ? c : undefined;
    }, { timeoutMs: 30_000 });
    assert.equal(classAccepted.reason, 'Accepted');

    // An edit of the Gateway's ProxyConfig reaches the Deployment.
    await cp.api.patch(`${configs}/tuned`, { spec: { replicas: 1 } });
    await waitFor('the Deployment follows the edit', async () => ((await get<DeploymentObj>(deploymentPath)).spec.replicas === 1 ? true : undefined), { timeoutMs: 30_000 });

    // A Gateway naming a ProxyConfig that does not exist: not accepted, no Deployment.
    const missing = `${GATEWAY_API}/namespaces/${NS}/gateways/untuned`;
    await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/gateways`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'untuned' },
      spec: { gatewayClassName: 'pier', infrastructure: { parametersRef: { group: 'gateway.pier.dev', kind: 'ProxyConfig', name: 'nope' } }, listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] } });
    const rejected = await waitFor('Accepted=False on the Gateway naming a missing ProxyConfig', async () => {
      const c = await condition(missing, 'Accepted');
      return c?.status === 'False' ? c : undefined;
    }, { timeoutMs: 30_000 });
    assert.equal(rejected.reason, 'InvalidParameters');
    assert.match(rejected.message, new RegExp(`ProxyConfig ${NS}/nope .*does not exist`));
    assert.equal(await cp.api.exists(`/apis/apps/v1/namespaces/${NS}/deployments/pier-untuned`), false);
    // Made once it exists.
    await cp.api.create(configs, { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ProxyConfig', metadata: { name: 'nope' }, spec: { replicas: 2 } });
    await waitFor('the Gateway accepted once its ProxyConfig exists', async () => ((await condition(missing, 'Accepted'))?.status === 'True' ? true : undefined), { timeoutMs: 30_000 });
    await waitFor('its Deployment, with the ProxyConfig\'s replicas', async () => ((await cp.api.exists(`/apis/apps/v1/namespaces/${NS}/deployments/pier-untuned`))
      && (await get<DeploymentObj>(`/apis/apps/v1/namespaces/${NS}/deployments/pier-untuned`)).spec.replicas === 2 ? true : undefined), { timeoutMs: 30_000 });

    // A class naming a namespaced ProxyConfig without its namespace.
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier-broken' },
      spec: { controllerName: CONTROLLER, parametersRef: { group: 'gateway.pier.dev', kind: 'ProxyConfig', name: 'class-defaults' } } });
    const broken = await waitFor('Accepted=False on the class', async () => {
      const c = (await get<GatewayObj>(`${GATEWAY_API}/gatewayclasses/pier-broken`)).status?.conditions?.find((k) => k.type === 'Accepted');
      return c?.status === 'False' ? c : undefined;
    }, { timeoutMs: 30_000 });
    assert.equal(broken.reason, 'InvalidParameters');
    assert.match(broken.message, /has no namespace/);
    for (const name of ['tuned', 'untuned']) await cp.api.delete(`${GATEWAY_API}/namespaces/${NS}/gateways/${name}`);
    for (const name of ['pier-tuned', 'pier-broken']) await cp.api.delete(`${GATEWAY_API}/gatewayclasses/${name}`);
  });
});
