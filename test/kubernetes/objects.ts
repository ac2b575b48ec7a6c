/** Gateway API objects the Kubernetes tests and benchmarks create through the API. */
import type { TestApiClient } from './api';
import { waitFor } from '../helpers/net';
import { ECHO_BASIC_IMAGE } from './node-agent/images';

export const GATEWAY_API = '/apis/gateway.networking.k8s.io/v1';

/**
 * Namespace `namespace`, GatewayClass "pier" of `controllerName`, Gateway "edge" with the given
 * listeners (default one HTTP listener on 8080), and a selector-less Service "web" (80 -> 8080).
 */
export async function createGatewaySetup(api: TestApiClient, namespace: string, controllerName: string, listeners: unknown[] = [{ name: 'http', protocol: 'HTTP', port: 8080 }]): Promise<void> {
  await api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  await api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName } });
  await api.create(`${GATEWAY_API}/namespaces/${namespace}/gateways`, {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' }, spec: { gatewayClassName: 'pier', listeners },
  });
  await api.create(`/api/v1/namespaces/${namespace}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ port: 80, targetPort: 8080 }] } });
}

/**
 * Namespace `namespace`, GatewayClass "pier" of `controllerName`, Gateway "edge" at `address`
 * with one HTTP listener on `port`, and Service "web" (80 -> `backendPort`) whose EndpointSlice
 * names `backend` (an address the test serves itself): the policy tests' common start.
 */
export async function createAddressedGatewaySetup(api: TestApiClient, namespace: string, controllerName: string, o: { address: string; port: number; backend: string; backendPort: number }): Promise<void> {
  await api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  await api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName } });
  await api.create(`${GATEWAY_API}/namespaces/${namespace}/gateways`, {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
    spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: o.address }], listeners: [{ name: 'http', protocol: 'HTTP', port: o.port }] },
  });
  await api.create(`/api/v1/namespaces/${namespace}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ name: 'http', port: 80, targetPort: o.backendPort }] } });
  await api.create(`/apis/discovery.k8s.io/v1/namespaces/${namespace}/endpointslices`, {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-1', labels: { 'kubernetes.io/service-name': 'web' } },
    addressType: 'IPv4', endpoints: [{ addresses: [o.backend], conditions: { ready: true } }], ports: [{ name: 'http', port: o.backendPort, protocol: 'TCP' }],
  });
}

/**
 * An echo-basic Deployment of one pod and its Service `name` (port -> the pod's 3000), for tests
 * whose pods the node agent runs. The pod answers with its own name, or with `podName` when
 * given (a fixed name tells two backends apart).
 */
export async function createEchoBackend(api: TestApiClient, namespace: string, name: string, options: { port?: number; podName?: string } = {}): Promise<void> {
  const env = options.podName
    ? [{ name: 'POD_NAME', value: options.podName }, { name: 'NAMESPACE', value: namespace }]
    : [{ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }, { name: 'NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } }];
  await api.create(`/apis/apps/v1/namespaces/${namespace}/deployments`, {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: {
      replicas: 1, selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'echo', image: `${ECHO_BASIC_IMAGE}:v1.5.1`, env }] } },
    },
  });
  await api.create(`/api/v1/namespaces/${namespace}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { selector: { app: name }, ports: [{ port: options.port ?? 8080, targetPort: 3000 }] } });
}

/**
 * For tests whose pods the node agent runs: Namespace `namespace` (once its default
 * ServiceAccount exists), the echo backend "echo" (createEchoBackend), GatewayClass "pier" of
 * `controllerName`, Gateway `gateway.name` with one HTTP listener on `gateway.port` (and
 * `gateway.addresses` when given), and HTTPRoute "echo" from it to echo:8080.
 */
export async function createEchoGatewaySetup(api: TestApiClient, namespace: string, controllerName: string, gateway: { name: string; port: number; addresses?: unknown[] }): Promise<void> {
  await api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  await waitFor('the default ServiceAccount', async () => ((await api.exists(`/api/v1/namespaces/${namespace}/serviceaccounts/default`)) ? true : undefined), { timeoutMs: 60_000, intervalMs: 200 });
  await createEchoBackend(api, namespace, 'echo');
  await api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName } });
  await api.create(`${GATEWAY_API}/namespaces/${namespace}/gateways`, {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: gateway.name },
    spec: { gatewayClassName: 'pier', ...(gateway.addresses ? { addresses: gateway.addresses } : {}), listeners: [{ name: 'http', protocol: 'HTTP', port: gateway.port }] },
  });
  await api.create(`${GATEWAY_API}/namespaces/${namespace}/httproutes`, {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'echo' },
    spec: { parentRefs: [{ name: gateway.name }], rules: [{ backendRefs: [{ name: 'echo', port: 8080 }] }] },
  });
}
