/** Builders for the Gateway API YAML the feature tests hand to `pier serve`. */
import { stringify } from 'yaml';

export const CONTROLLER = 'pier.dev/gateway-controller';
export const GATEWAY_CLASS = 'features';
export const NAMESPACE = 'default';

type Doc = Record<string, unknown>;

export function gatewayClass(): Doc {
  return { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: GATEWAY_CLASS }, spec: { controllerName: CONTROLLER } };
}

export function gateway(name: string, address: string, listeners: Doc[]): Doc {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway',
    metadata: { name, namespace: NAMESPACE },
    spec: { gatewayClassName: GATEWAY_CLASS, addresses: [{ type: 'IPAddress', value: address }], listeners },
  };
}

export type L4Protocol = 'TCP' | 'UDP';

/** A Service with one port (80 for HTTP-like, else `port`) and an EndpointSlice pointing at 127.0.0.1:targetPort. */
export function backend(name: string, targetPort: number, o: { port?: number; protocol?: L4Protocol } = {}): Doc[] {
  const protocol = o.protocol ?? 'TCP';
  const port = o.port ?? 80;
  return [
    {
      apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NAMESPACE },
      spec: { ports: [{ name: 'p', port, targetPort, protocol }] },
    },
    {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
      metadata: { name: `${name}-1`, namespace: NAMESPACE, labels: { 'kubernetes.io/service-name': name } },
      addressType: 'IPv4',
      endpoints: [{ addresses: ['127.0.0.1'], conditions: { ready: true } }],
      ports: [{ name: 'p', port: targetPort, protocol }],
    },
  ];
}

export function tlsSecret(name: string, cert: string, key: string): Doc {
  return {
    apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: NAMESPACE }, type: 'kubernetes.io/tls',
    data: { 'tls.crt': Buffer.from(cert).toString('base64'), 'tls.key': Buffer.from(key).toString('base64') },
  };
}

export function backendRef(name: string, weight?: number, port = 80): Doc {
  return weight === undefined ? { name, port } : { name, port, weight };
}

export function route(kind: 'HTTPRoute' | 'GRPCRoute' | 'TLSRoute' | 'TCPRoute' | 'UDPRoute', name: string, gatewayName: string, spec: Doc): Doc {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind,
    metadata: { name, namespace: NAMESPACE },
    spec: { parentRefs: [{ name: gatewayName }], ...spec },
  };
}

/** One multi-document YAML file. */
export function manifest(docs: Doc[]): string {
  return docs.map((d) => stringify(d, { aliasDuplicateObjects: false })).join('---\n');
}
