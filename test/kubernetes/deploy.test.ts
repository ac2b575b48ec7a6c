/**
 * deploy/ on a real API server: the manifests apply (the Deployment by server-side dry run);
 * Pier running with the ServiceAccount's own token does its whole job (lists every kind, writes
 * status, holds its Lease) and the role allows nothing more than what it uses; a permission
 * taken away is reported by verb and resource, without a crash; a CRD installed after Pier
 * started is picked up.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { repoRoot } from '../helpers/paths';
import { installGatewayApiCrds, startControlPlane, type ControlPlane } from './harness';
import { createGatewaySetup } from './objects';
import { generateServerFiles } from '../../src/security/tls-dir';

const CONTROLLER = 'pier.dev/gateway-controller';
const SYSTEM = 'pier-system';
const NS = 'deployed';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const ROUTE = `${GW_API}/namespaces/${NS}/httproutes/web`;

interface Manifest { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; rules?: { apiGroups: string[]; resources: string[]; verbs: string[] }[]; [k: string]: unknown }
interface ProviderError { source: string; message: string }

/** Where a manifest's kind is created. */
function collection(m: Manifest): string {
  const [group, version] = m.apiVersion.includes('/') ? m.apiVersion.split('/') : ['', m.apiVersion];
  const root = group ? `/apis/${group}/${version}` : `/api/${version}`;
  const plural = { Namespace: 'namespaces', ServiceAccount: 'serviceaccounts', ClusterRole: 'clusterroles', ClusterRoleBinding: 'clusterrolebindings', Role: 'roles', RoleBinding: 'rolebindings', Deployment: 'deployments', Service: 'services', PodDisruptionBudget: 'poddisruptionbudgets' }[m.kind];
  if (!plural) throw new Error(`deploy/: unexpected kind ${m.kind}`);
  return m.metadata.namespace ? `${root}/namespaces/${m.metadata.namespace}/${plural}` : `${root}/${plural}`;
}

const manifests: Manifest[] = readdirSync(path.join(repoRoot(), 'deploy')).filter((f) => f.endsWith('.yaml')).sort()
  .flatMap((f) => parseAllDocuments(readFileSync(path.join(repoRoot(), 'deploy', f), 'utf8')).map((d) => d.toJS() as Manifest));

describe('deploy/ manifests and least-privilege RBAC on a real API server', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let dir: string;
  const piers: PierProcess[] = [];

  async function tokenKubeconfig(serviceAccount: string): Promise<string> {
    const request = await cp.api.create<{ status: { token: string } }>(`/api/v1/namespaces/${SYSTEM}/serviceaccounts/${serviceAccount}/token`, {
      apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 },
    });
    const file = path.join(dir, `${serviceAccount}.kubeconfig`);
    writeFileSync(file, JSON.stringify({
      apiVersion: 'v1', kind: 'Config', 'current-context': 'sa',
      clusters: [{ name: 'test', cluster: { server: cp.server, 'certificate-authority': cp.pki.ca.certFile } }],
      users: [{ name: serviceAccount, user: { token: request.status.token } }],
      contexts: [{ name: 'sa', context: { cluster: 'test', user: serviceAccount } }],
    }));
    return file;
  }

  async function startPier(config: Record<string, unknown>): Promise<PierProcess> {
    // Host infrastructure unless a test asks for Kubernetes infrastructure (which needs more verbs).
    const pier = await PierProcess.start({ config: { provider: 'kubernetes', infrastructure: 'host', controllerName: CONTROLLER, envoy: 'off', leaderElectionNamespace: SYSTEM, ...config } });
    piers.push(pier);
    return pier;
  }

  interface Attributes { verb: string; group: string; resource: string; subresource?: string; namespace?: string }
  async function allowed(user: string, attrs: Attributes): Promise<boolean> {
    const review = await cp.api.create<{ status: { allowed: boolean } }>('/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user, resourceAttributes: attrs },
    });
    return review.status.allowed;
  }

  const ourRouteStatus = async (): Promise<boolean> => {
    const route = await cp.api.get<{ status?: { parents?: { controllerName: string }[] } }>(ROUTE);
    return route.status?.parents?.some((p) => p.controllerName === CONTROLLER) ?? false;
  };

  /** mTLS files with a CA key, so Pier can issue the Gateway's proxies their certificate. */
  async function xdsTlsDir(): Promise<string> {
    const tlsDir = path.join(dir, 'xds-tls');
    await generateServerFiles(tlsDir);
    return tlsDir;
  }

  before(async () => {
    // ClusterTrustBundles served: the ServiceAccount must be able to list them too (deploy/ RBAC).
    cp = await startControlPlane({ controllerManager: false, clusterTrustBundles: true });
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-deploy-'));
    await createGatewaySetup(cp.api, NS, CONTROLLER, [{ name: 'http', protocol: 'HTTP', port: 8080 }, { name: 'udp', protocol: 'UDP', port: 5353 }]);
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge', sectionName: 'http' }], rules: [{ backendRefs: [{ name: 'web', port: 80 }] }] },
    });
  }, { timeout: 300_000 });

  after(async () => {
    await Promise.all(piers.map((p) => p.stop()));
    await cp?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('deploy/crds/ holds the Gateway API CRDs, and the API server serves each of them', async () => {
    const files = readdirSync(path.join(repoRoot(), 'deploy', 'crds')).filter((f) => f.endsWith('.yaml')).sort();
    assert.ok(files.length >= 9, `${files.length} CRD files`);
    for (const f of files) {
      const crd = parseAllDocuments(readFileSync(path.join(repoRoot(), 'deploy', 'crds', f), 'utf8'))[0]!.toJS() as { kind: string; metadata: { name: string } };
      assert.equal(crd.kind, 'CustomResourceDefinition', f);
      const served = await cp.api.get<{ status?: { conditions?: { type: string; status: string }[] } }>(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}`);
      assert.ok(served.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True'), `${crd.metadata.name} established`);
    }
  });

  test('the manifests apply; the Deployment passes a server-side dry run (2 replicas, /readyz, leader election)', async () => {
    for (const m of manifests) {
      const dryRun = m.kind === 'Deployment' ? '?dryRun=All' : '';
      const created = await cp.api.create<Manifest>(`${collection(m)}${dryRun}`, m);
      assert.equal(created.metadata.name, m.metadata.name);
    }
    const deployment = manifests.find((m) => m.kind === 'Deployment') as Manifest & { spec: { replicas: number; template: { spec: { containers: { args: string[]; readinessProbe: { httpGet: { path: string } } }[] } } } };
    assert.equal(deployment.spec.replicas, 2);
    assert.equal(deployment.spec.template.spec.containers[0].readinessProbe.httpGet.path, '/readyz');
    assert.ok(deployment.spec.template.spec.containers[0].args.includes('--provider=kubernetes'));
    assert.ok(deployment.spec.template.spec.containers[0].args.includes('--leader-elect=true'));
    assert.equal(await cp.api.exists(`/apis/apps/v1/namespaces/${SYSTEM}/deployments/pier`), false, 'a dry run stores nothing');
  });

  test('Pier with the ServiceAccount\'s token lists every kind, writes status, holds its Lease and runs the Gateway\'s proxy objects', async () => {
    const pier = await startPier({ kubeconfig: await tokenKubeconfig('pier'), infrastructure: 'kubernetes', xdsTlsDir: await xdsTlsDir() });
    assert.deepEqual(await pier.admin<ProviderError[]>('/errors'), [], 'every kind listed');
    await waitFor('the route status written with the ServiceAccount', async () => ((await ourRouteStatus()) ? true : undefined), { timeoutMs: 20_000 });
    for (const objectPath of [`/api/v1/namespaces/${NS}/serviceaccounts/pier-edge`, `/api/v1/namespaces/${NS}/secrets/pier-edge`, `/api/v1/namespaces/${NS}/configmaps/pier-edge`,
      `/api/v1/namespaces/${NS}/services/pier-edge`, `/apis/apps/v1/namespaces/${NS}/deployments/pier-edge`]) {
      await waitFor(`${objectPath} created with the ServiceAccount`, async () => ((await cp.api.exists(objectPath)) ? true : undefined), { timeoutMs: 20_000 });
    }
    assert.equal(pier.find((l) => /syncing the Gateway's proxy objects failed|cannot list the Gateway proxy objects/.test(l.msg)).length, 0, 'no write or list refused');
    const lease = await cp.api.get<{ spec: { holderIdentity: string } }>(`/apis/coordination.k8s.io/v1/namespaces/${SYSTEM}/leases/pier-gateway-controller`);
    assert.match(lease.spec.holderIdentity, new RegExp(`_${pier.child.pid}_`));
    assert.equal(await pier.stop(), 0);
  });

  test('the role allows what Pier uses and nothing more', async () => {
    const user = `system:serviceaccount:${SYSTEM}:pier`;
    const gw = 'gateway.networking.k8s.io';
    const uses: Attributes[] = [
      ...['gatewayclasses', 'gateways', 'listenersets', 'httproutes', 'grpcroutes', 'tlsroutes', 'tcproutes', 'udproutes', 'referencegrants', 'backendtlspolicies'].flatMap((resource) =>
        ['list', 'watch'].map((verb) => ({ verb, group: gw, resource }))),
      ...['gatewayclasses', 'gateways', 'listenersets', 'httproutes', 'grpcroutes', 'tlsroutes', 'tcproutes', 'udproutes', 'backendtlspolicies'].flatMap((resource) =>
        [{ verb: 'get', group: gw, resource, namespace: NS }, { verb: 'update', group: gw, resource, subresource: 'status', namespace: NS }]),
      ...['services', 'namespaces', 'configmaps', 'secrets', 'serviceaccounts'].flatMap((resource) => ['list', 'watch'].map((verb) => ({ verb, group: '', resource }))),
      // Kubernetes infrastructure: each Gateway's proxy objects, in the Gateway's namespace.
      ...['services', 'configmaps', 'secrets', 'serviceaccounts'].flatMap((resource) => ['create', 'update', 'delete'].map((verb) => ({ verb, group: '', resource, namespace: NS }))),
      ...['list', 'watch'].map((verb) => ({ verb, group: 'apps', resource: 'deployments' })),
      ...['create', 'update', 'delete'].map((verb) => ({ verb, group: 'apps', resource: 'deployments', namespace: NS })),
      { verb: 'list', group: 'discovery.k8s.io', resource: 'endpointslices' }, { verb: 'watch', group: 'discovery.k8s.io', resource: 'endpointslices' },
      ...['get', 'create', 'update'].map((verb) => ({ verb, group: 'coordination.k8s.io', resource: 'leases', namespace: SYSTEM })),
    ];
    const beyond: Attributes[] = [
      ...['create', 'update', 'patch', 'delete'].flatMap((verb) => ['gateways', 'httproutes', 'gatewayclasses'].map((resource) => ({ verb, group: gw, resource, namespace: NS }))),
      { verb: 'patch', group: gw, resource: 'httproutes', subresource: 'status', namespace: NS },
      { verb: 'get', group: gw, resource: 'referencegrants', namespace: NS },
      { verb: 'get', group: '', resource: 'secrets', namespace: NS },
      ...['patch', 'deletecollection'].flatMap((verb) => ['services', 'secrets', 'configmaps', 'serviceaccounts'].map((resource) => ({ verb, group: '', resource, namespace: NS }))),
      { verb: 'create', group: '', resource: 'serviceaccounts', subresource: 'token', namespace: NS },
      { verb: 'get', group: '', resource: 'pods', namespace: NS }, { verb: 'list', group: '', resource: 'pods' },
      { verb: 'update', group: 'coordination.k8s.io', resource: 'leases', namespace: NS },
      { verb: 'delete', group: 'coordination.k8s.io', resource: 'leases', namespace: SYSTEM },
      { verb: 'list', group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' },
      { verb: 'patch', group: 'apps', resource: 'deployments', namespace: NS },
      { verb: 'update', group: 'apps', resource: 'deployments', subresource: 'status', namespace: NS },
      { verb: 'create', group: 'apps', resource: 'replicasets', namespace: NS },
      { verb: 'create', group: '', resource: 'pods', namespace: NS },
    ];
    const denied: string[] = [];
    for (const a of uses) if (!(await allowed(user, a))) denied.push(`${a.verb} ${a.resource}${a.subresource ? '/' + a.subresource : ''}`);
    assert.deepEqual(denied, [], 'everything Pier uses is allowed');
    const granted: string[] = [];
    for (const a of beyond) if (await allowed(user, a)) granted.push(`${a.verb} ${a.resource}${a.subresource ? '/' + a.subresource : ''}`);
    assert.deepEqual(granted, [], 'nothing Pier does not use is allowed');
  });

  test('a permission taken away (list configmaps) is reported by verb and resource; Pier keeps serving and writing status', async () => {
    const role = manifests.find((m) => m.kind === 'ClusterRole')!;
    const partial = { ...role, metadata: { name: 'pier-partial' }, rules: role.rules!.map((r) => ({ ...r, resources: r.resources.filter((res) => res !== 'configmaps') })) };
    await cp.api.create('/apis/rbac.authorization.k8s.io/v1/clusterroles', partial);
    await cp.api.create(`/api/v1/namespaces/${SYSTEM}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'pier-partial' } });
    const subjects = [{ kind: 'ServiceAccount', name: 'pier-partial', namespace: SYSTEM }];
    await cp.api.create('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'pier-partial' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'pier-partial' }, subjects });
    await cp.api.create(`/apis/rbac.authorization.k8s.io/v1/namespaces/${SYSTEM}/rolebindings`, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'pier-partial' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pier-leader-election' }, subjects });
    await cp.api.patch(ROUTE, { spec: { rules: [{ backendRefs: [{ name: 'web', port: 80 }], matches: [{ path: { type: 'PathPrefix', value: '/partial' } }] }] } });

    const pier = await startPier({ kubeconfig: await tokenKubeconfig('pier-partial'), leaderElectionName: 'pier-partial' });
    const errors = await pier.admin<ProviderError[]>('/errors');
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0].message, /cannot list ConfigMap: .*403 Forbidden: configmaps is forbidden: User "system:serviceaccount:pier-system:pier-partial" cannot list resource "configmaps" in API group "" at the cluster scope/);
    await waitFor('the warning in the log', () => (pier.find((l) => l.level === 40 && /cannot list resource "configmaps"/.test(l.msg)).length === 1 ? true : undefined), { timeoutMs: 5000 });
    await waitFor('status written for generation 2', async () => {
      const route = await cp.api.get<{ status?: { parents?: { controllerName: string; conditions: { observedGeneration?: number }[] }[] } }>(ROUTE);
      return route.status?.parents?.find((p) => p.controllerName === CONTROLLER)?.conditions[0].observedGeneration === 2 ? true : undefined;
    }, { timeoutMs: 20_000 });
    assert.equal(pier.child.exitCode, null, 'still running');
    assert.equal(await pier.stop(), 0);
  });

  test('a CRD missing at start is reported once, then picked up when it is installed', async () => {
    const crd = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/udproutes.gateway.networking.k8s.io';
    await cp.api.delete(crd);
    await waitFor('the UDPRoute API to go', async () => ((await cp.api.exists(`${GW_API}/udproutes`).catch(() => false)) ? undefined : true), { timeoutMs: 30_000 });
    const pier = await startPier({ kubeconfig: cp.kubeconfigFile, leaderElectionName: 'pier-crd' });
    const errors = await pier.admin<ProviderError[]>('/errors');
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0].message, /^UDPRoute \(gateway\.networking\.k8s\.io\/v1\) is not served: its CRD is not installed; UDPRoute objects are ignored until it is/);

    await installGatewayApiCrds(cp.api, 60_000);
    await cp.api.create(`${GW_API}/namespaces/${NS}/udproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'UDPRoute', metadata: { name: 'dns' },
      spec: { parentRefs: [{ name: 'edge', sectionName: 'udp' }], rules: [{ backendRefs: [{ name: 'web', port: 80 }] }] },
    });
    await waitFor('the UDPRoute to reach Pier (its status)', async () => {
      const statuses = await pier.admin<{ kind: string; name: string }[]>('/statuses');
      return statuses.some((s) => s.kind === 'UDPRoute' && s.name === 'dns') ? true : undefined;
    }, { timeoutMs: 40_000 });
    assert.deepEqual(await pier.admin<ProviderError[]>('/errors'), [], 'the report is withdrawn');
    assert.equal(pier.find((l) => /CRD is not installed/.test(l.msg)).length, 1, 'reported once');
  });
});
