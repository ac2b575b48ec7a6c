/**
 * Generated Gateway API input for the benchmarks: N Gateways with M HTTPRoutes each, every route
 * with its own Service and EndpointSlice (so one route = one Envoy cluster and one
 * ClusterLoadAssignment). Loaded the way the file provider loads files: parsed, validated
 * against the CRD schemas, defaulted, collected and stamped with generations.
 */
import type { ProviderResources } from '../../src/message/resources';
import { collectResources, parseManifests } from '../../src/provider/file';
import { GenerationTracker } from '../../src/provider/file/objects/generations';

export const CONTROLLER = 'pier.dev/gateway-controller';
export const NAMESPACE = 'bench';
export const GATEWAY_CLASS = 'bench';

export function gatewayClassManifest(): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: { name: ${GATEWAY_CLASS} }
spec: { controllerName: ${CONTROLLER} }
`;
}

export function gatewayName(g: number): string {
  return `gw-${g}`;
}

export function gatewayKey(g: number): string {
  return `${NAMESPACE}/${gatewayName(g)}`;
}

export function gatewayManifest(name: string, port = 8080, address?: string): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: ${name}, namespace: ${NAMESPACE} }
spec:
  gatewayClassName: ${GATEWAY_CLASS}
${address ? `  addresses: [{ type: IPAddress, value: "${address}" }]\n` : ''}  listeners:
    - { name: http, protocol: HTTP, port: ${port}, allowedRoutes: { namespaces: { from: Same } } }
`;
}

/**
 * One HTTPRoute to one Service. Routes share hostnames ten at a time (so a gateway with 1000
 * routes has 100 virtual hosts of 10 routes); every fourth also matches a header.
 */
export function routeManifest(gateway: string, name: string, index: number, service: string): string {
  const header = index % 4 === 0 ? `\n          headers: [{ name: x-tenant, value: "t${index}" }]` : '';
  return `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: ${name}, namespace: ${NAMESPACE} }
spec:
  parentRefs: [{ name: ${gateway} }]
  hostnames: ["h${Math.floor(index / 10)}.${gateway}.example.com"]
  rules:
    - matches:
        - path: { type: PathPrefix, value: /${name} }${header}
      backendRefs: [{ name: ${service}, port: 80 }]
`;
}

export function serviceManifest(name: string): string {
  return `apiVersion: v1
kind: Service
metadata: { name: ${name}, namespace: ${NAMESPACE} }
spec:
  ports: [{ name: http, port: 80, targetPort: 8080 }]
`;
}

/** An EndpointSlice for the service with the given endpoint IPs, all on targetPort. */
export function endpointSliceManifest(service: string, ips: readonly string[], targetPort = 8080): string {
  return `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: ${service}-1
  namespace: ${NAMESPACE}
  labels: { kubernetes.io/service-name: ${service} }
addressType: IPv4
endpoints: [${ips.map((ip) => `{ addresses: ["${ip}"], conditions: { ready: true } }`).join(', ')}]
ports: [{ name: http, port: ${targetPort}, protocol: TCP }]
`;
}

/** A distinct private IP per (service, endpoint) pair. */
export function endpointIp(serviceIndex: number, endpoint: number): string {
  return `10.${(serviceIndex >> 8) & 255}.${serviceIndex & 255}.${endpoint + 1}`;
}

/** Routes (each with its Service and EndpointSlice) for one gateway; prefix keeps names unique across sets. */
export function routeSetManifests(gateway: string, count: number, prefix: string, endpointsPerService = 3): string[] {
  const docs: string[] = [];
  for (let r = 0; r < count; r++) {
    const name = `${prefix}-${r}`;
    const service = `svc-${name}`;
    docs.push(routeManifest(gateway, name, r, service), serviceManifest(service));
    docs.push(endpointSliceManifest(service, Array.from({ length: endpointsPerService }, (_, e) => endpointIp(r, e))));
  }
  return docs;
}

export interface FleetShape {
  gateways: number;
  routesPerGateway: number;
}

/** The whole input: one GatewayClass, the Gateways, their routes, services and endpoint slices. */
export function fleetManifests(shape: FleetShape): string {
  const docs = [gatewayClassManifest()];
  for (let g = 0; g < shape.gateways; g++) {
    docs.push(gatewayManifest(gatewayName(g)));
    docs.push(...routeSetManifests(gatewayName(g), shape.routesPerGateway, `${gatewayName(g)}-r`));
  }
  return docs.join('---\n');
}

/** Parses, validates, defaults and collects manifests as the file provider does; throws on any problem. */
export function loadManifests(text: string, tracker: GenerationTracker = new GenerationTracker()): ProviderResources {
  const parsed = parseManifests(text, 'bench.yaml');
  if (parsed.errors.length > 0) throw new Error(`bench manifests invalid: ${parsed.errors.slice(0, 3).map((e) => `${e.line ?? ''} ${e.message}`).join('; ')}`);
  const collected = collectResources(parsed.objects);
  if (collected.errors.length > 0) throw new Error(`bench manifests collide: ${collected.errors[0]?.message ?? ''}`);
  return tracker.stamp(collected.resources);
}

/** A copy of resources where the named EndpointSlice's first endpoint has a new address. */
export function withEndpointAddress(resources: ProviderResources, sliceName: string, ip: string): ProviderResources {
  const copy = structuredClone(resources);
  const slice = copy.endpointSlices.find((s) => s.metadata.name === sliceName);
  const first = slice?.endpoints?.[0];
  if (!first) throw new Error(`no EndpointSlice ${sliceName} with endpoints`);
  first.addresses = [ip];
  return copy;
}
