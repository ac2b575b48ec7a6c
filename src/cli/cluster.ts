/**
 * `pier setup` and `pier teardown`: what the Helm chart's hook Jobs run, with the hooks' own
 * ServiceAccount, around a release.
 *
 * setup (pre-install, pre-upgrade): the Gateway API CRDs of a channel, applied server-side (field
 * manager "pier", as the Gateway API project recommends: no client-side last-applied annotation,
 * which the largest CRDs would overflow), waited for until Established; then the release's
 * GatewayClass, applied the same way. Both are cluster prerequisites the chart cannot template:
 * Helm maps every release object to its API before any hook runs, and a GatewayClass has no API
 * until its CRD is in.
 *
 * teardown (post-delete, when Pier is gone): the GatewayClass, and every object Pier made for a
 * Gateway of this controller (the proxies' Deployments, Services, ConfigMaps, Secrets and
 * ServiceAccounts, found by Pier's labels): a Gateway outlives its controller, and the garbage
 * collector removes those objects only with their Gateway. Then what Pier kept in its own
 * namespace, when named: its xDS CA Secret and its leader-election Lease.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { loadKubeConnection } from '../kubeclient/config';
import { isStatus, KubeRestClient } from '../kubeclient/rest';
import { GATEWAY_API_BUNDLE_VERSION, PIER_CRD_DIR } from '../provider/crd/load';
import { gatewayOf, MANAGED_SELECTOR } from '../infra/kubernetes/objects';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const GATEWAY_CLASSES = '/apis/gateway.networking.k8s.io/v1/gatewayclasses';
const APPLY = { contentType: 'application/apply-patch+yaml' };
const FIELD_MANAGER = 'fieldManager=pier&force=true';
const CHANNELS = ['standard', 'experimental', 'none'];

/** The vendored CRDs of a channel, next to the package (crds/gateway-api-<version>/<channel>/). */
export function crdFiles(channel: string): string[] {
  return yamlFiles(path.resolve(__dirname, '..', '..', '..', 'crds', `gateway-api-${GATEWAY_API_BUNDLE_VERSION}`, channel));
}

/** The CRDs of Pier's own policy kinds (crds/pier/). */
export function pierCrdFiles(): string[] {
  return yamlFiles(PIER_CRD_DIR);
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => path.join(dir, f));
}

interface Crd { metadata: { name: string }; status?: { conditions?: { type: string; status: string }[] } }
interface Named { metadata: { name: string; namespace?: string; annotations?: Record<string, string> } }

const USAGE_SETUP = `Usage: pier setup [--crds standard|experimental|none] [--gateway-class NAME --controller-name NAME] [--kubeconfig FILE]
  Applies the Gateway API CRDs of a channel and those of Pier's own policy kinds server-side and
  waits until they are Established, then the GatewayClass NAME for controllerName (the Helm
  chart's pre-install hook).
`;
const USAGE_TEARDOWN = `Usage: pier teardown --controller-name NAME [--gateway-class NAME] [--xds-tls-secret NAME] [--lease NAME]
                     [--namespace NS] [--kubeconfig FILE]
  Deletes the GatewayClass NAME (when it is this controller's), every object Pier made for the
  Gateways of this controller, and the xDS TLS Secret and the Lease Pier kept in its namespace
  (--namespace, default $POD_NAMESPACE) (the Helm chart's post-delete hook).
`;

function client(kubeconfig: string | undefined): KubeRestClient {
  return new KubeRestClient(loadKubeConnection(kubeconfig ?? ''));
}

export async function runSetup(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: {
    crds: { type: 'string', default: 'standard' }, 'gateway-class': { type: 'string' }, 'controller-name': { type: 'string' },
    kubeconfig: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  } });
  if (values.help) { process.stdout.write(USAGE_SETUP); return 0; }
  if (!CHANNELS.includes(values.crds)) throw new Error(`--crds: expected one of ${CHANNELS.join(', ')}, got "${values.crds}"`);
  if (!!values['gateway-class'] !== !!values['controller-name']) throw new Error('--gateway-class and --controller-name go together');
  const api = client(values.kubeconfig);
  if (values.crds !== 'none') {
    const names: string[] = [];
    for (const file of [...crdFiles(values.crds), ...pierCrdFiles()]) {
      const crd = parseYaml(readFileSync(file, 'utf8')) as Crd;
      await api.request('PATCH', `${CRDS}/${crd.metadata.name}?${FIELD_MANAGER}`, { ...APPLY, body: crd });
      names.push(crd.metadata.name);
    }
    await waitEstablished(api, names);
    const pier = pierCrdFiles().length;
    process.stdout.write(`applied ${names.length - pier} Gateway API CRDs (${GATEWAY_API_BUNDLE_VERSION}, ${values.crds} channel) and ${pier} Pier CRDs, Established\n`);
  }
  const className = values['gateway-class'];
  if (className) {
    await api.request('PATCH', `${GATEWAY_CLASSES}/${className}?${FIELD_MANAGER}`, { ...APPLY, body: {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: className }, spec: { controllerName: values['controller-name'] },
    } });
    process.stdout.write(`applied GatewayClass ${className} (controllerName ${values['controller-name']})\n`);
  }
  return 0;
}

/** Every CRD Established (its API served), within a minute. */
async function waitEstablished(api: KubeRestClient, names: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await api.request<{ items: Crd[] }>('GET', CRDS);
    const established = new Set(list.items.filter((c) => c.status?.conditions?.some((k) => k.type === 'Established' && k.status === 'True')).map((c) => c.metadata.name));
    const pending = names.filter((n) => !established.has(n));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`CRDs not Established after 60 s: ${pending.join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The kinds Pier makes per Gateway (src/infra/kubernetes/objects.ts), Deployments first (their pods go first). */
const PROXY_COLLECTIONS = ['/apis/apps/v1/deployments', '/api/v1/services', '/api/v1/configmaps', '/api/v1/secrets', '/api/v1/serviceaccounts'];

export async function runTeardown(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: {
    'gateway-class': { type: 'string' }, 'controller-name': { type: 'string' }, 'xds-tls-secret': { type: 'string' }, lease: { type: 'string' },
    namespace: { type: 'string' }, kubeconfig: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  } });
  if (values.help) { process.stdout.write(USAGE_TEARDOWN); return 0; }
  const controller = values['controller-name'];
  if (!controller) throw new Error('--controller-name is required');
  const api = client(values.kubeconfig);
  const className = values['gateway-class'];
  if (className) {
    const cls = await api.request<{ spec: { controllerName: string } }>('GET', `${GATEWAY_CLASSES}/${className}`).catch((err: unknown) => {
      if (isStatus(err, 404)) return undefined;
      throw err;
    });
    if (cls?.spec.controllerName === controller) await deleteIfPresent(api, `${GATEWAY_CLASSES}/${className}`);
  }
  // A Gateway's class -> whether this controller serves it (absent classes count: nobody else does).
  const classes = new Map<string, boolean>();
  const ours = async (gatewayKey: string): Promise<boolean> => {
    const [ns, name] = gatewayKey.split('/');
    const gw = await api.request<{ spec: { gatewayClassName: string } }>('GET', `/apis/gateway.networking.k8s.io/v1/namespaces/${ns}/gateways/${name}`).catch((err: unknown) => {
      if (isStatus(err, 404)) return undefined;
      throw err;
    });
    if (!gw) return true;
    const cls = gw.spec.gatewayClassName;
    if (!classes.has(cls)) {
      const found = await api.request<{ spec: { controllerName: string } }>('GET', `${GATEWAY_CLASSES}/${cls}`).catch((err: unknown) => {
        if (isStatus(err, 404)) return undefined;
        throw err;
      });
      classes.set(cls, found === undefined || found.spec.controllerName === controller);
    }
    return classes.get(cls) === true;
  };
  let deleted = 0;
  for (const collection of PROXY_COLLECTIONS) {
    const list = await api.request<{ items: Named[] }>('GET', `${collection}?labelSelector=${encodeURIComponent(MANAGED_SELECTOR)}`);
    for (const obj of list.items) {
      const gateway = gatewayOf(obj.metadata);
      if (!gateway || !(await ours(gateway))) continue;
      const [prefix, plural] = [collection.slice(0, collection.lastIndexOf('/')), collection.slice(collection.lastIndexOf('/') + 1)];
      if (await deleteIfPresent(api, `${prefix}/namespaces/${obj.metadata.namespace}/${plural}/${obj.metadata.name}`)) deleted++;
    }
  }
  const namespace = values.namespace ?? process.env.POD_NAMESPACE ?? '';
  const own: string[] = [];
  if ((values['xds-tls-secret'] || values.lease) && !namespace) throw new Error('--xds-tls-secret and --lease need --namespace (or $POD_NAMESPACE)');
  if (values['xds-tls-secret'] && await deleteIfPresent(api, `/api/v1/namespaces/${namespace}/secrets/${values['xds-tls-secret']}`)) own.push(`Secret ${values['xds-tls-secret']}`);
  if (values.lease && await deleteIfPresent(api, `/apis/coordination.k8s.io/v1/namespaces/${namespace}/leases/${values.lease}`)) own.push(`Lease ${values.lease}`);
  process.stdout.write(`deleted ${className ? `GatewayClass ${className}, ` : ''}${deleted} proxy objects of controller ${controller}${own.length ? `, ${own.join(', ')} in ${namespace}` : ''}\n`);
  return 0;
}

async function deleteIfPresent(api: KubeRestClient, objectPath: string): Promise<boolean> {
  try {
    await api.request('DELETE', objectPath, { body: { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Background' } });
    return true;
  } catch (err) {
    if (isStatus(err, 404)) return false;
    throw err;
  }
}
