/** Gateway API objects the Kubernetes tests and benchmarks create through the API. */
import type { TestApiClient } from './api';

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
