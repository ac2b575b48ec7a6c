/** Gateway API YAML pieces the end-to-end tests share. */

/** The GatewayClass of Pier's default controller, named "pier". */
export const PIER_GATEWAY_CLASS = `apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: { name: pier }
spec: { controllerName: pier.dev/gateway-controller }
`;

/** Service `name` (port 80) and its EndpointSlice: one endpoint, 127.0.0.1:backendPort. */
export function serviceManifests(name: string, backendPort: number): string {
  return `apiVersion: v1
kind: Service
metadata: { name: ${name}, namespace: default }
spec: { ports: [{ name: http, port: 80, targetPort: ${backendPort} }] }
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: { name: ${name}-1, namespace: default, labels: { kubernetes.io/service-name: ${name} } }
addressType: IPv4
endpoints: [{ addresses: ["127.0.0.1"] }]
ports: [{ name: http, port: ${backendPort} }]
`;
}

/** Service "web" (port 80) and its EndpointSlice: one endpoint, 127.0.0.1:backendPort. */
export function webServiceManifests(backendPort: number): string {
  return serviceManifests('web', backendPort);
}

/** Gateway `name` (class "pier", namespace default) with one HTTP listener on address:port. */
function httpGateway(name: string, address: string, port: number): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: ${name}, namespace: default }
spec:
  gatewayClassName: pier
  addresses: [{ type: IPAddress, value: "${address}" }]
  listeners: [{ name: http, protocol: HTTP, port: ${port} }]
`;
}

/** Gateway `name` (class "pier") with one HTTP listener on address:port, and an HTTPRoute `route` from it to Service web:80. */
export function httpGatewayManifests(name: string, address: string, port: number, route = name): string {
  return `${httpGateway(name, address, port)}---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: ${route}, namespace: default }
spec:
  parentRefs: [{ name: ${name} }]
  rules: [{ backendRefs: [{ name: web, port: 80 }] }]
---
`;
}

/**
 * Gateway `name` on address:port with `count` HTTPRoutes, each with its own path prefix
 * (/r<i>), Service and EndpointSlice, every endpoint the backend at 127.0.0.1:backendPort:
 * `count` listeners' worth of routes, clusters and assignments.
 */
export function manyRoutesManifests(name: string, address: string, port: number, count: number, backendPort: number): string {
  const docs = [httpGateway(name, address, port)];
  for (let i = 0; i < count; i++) {
    docs.push(`apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: r${i}, namespace: default }
spec:
  parentRefs: [{ name: ${name} }]
  rules: [{ matches: [{ path: { type: PathPrefix, value: /r${i} } }], backendRefs: [{ name: s${i}, port: 80 }] }]
`, `apiVersion: v1
kind: Service
metadata: { name: s${i}, namespace: default }
spec: { ports: [{ name: http, port: 80, targetPort: ${backendPort} }] }
`, `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: { name: s${i}-1, namespace: default, labels: { kubernetes.io/service-name: s${i} } }
addressType: IPv4
endpoints: [{ addresses: ["127.0.0.1"] }]
ports: [{ name: http, port: ${backendPort} }]
`);
  }
  return docs.join('---\n');
}

/**
 * Gateway `name` (class "pier", namespace default) with one HTTP listener on port and the given
 * spec.addresses (YAML flow, none when empty), an HTTPRoute `name` from it to Service `name`:80,
 * and that Service's EndpointSlice: one endpoint, 127.0.0.1:backendPort.
 */
export function gatewayWithRouteManifests(name: string, port: number, backendPort: number, addresses = ''): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: ${name}, namespace: default }
spec:
  gatewayClassName: pier
  listeners: [{ name: http, protocol: HTTP, port: ${port} }]${addresses ? `\n  addresses: ${addresses}` : ''}
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: ${name}, namespace: default }
spec:
  parentRefs: [{ name: ${name} }]
  rules: [{ backendRefs: [{ name: ${name}, port: 80 }] }]
---
apiVersion: v1
kind: Service
metadata: { name: ${name}, namespace: default }
spec: { ports: [{ name: http, port: 80, targetPort: ${backendPort} }] }
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: { name: ${name}-1, namespace: default, labels: { kubernetes.io/service-name: ${name} } }
addressType: IPv4
endpoints: [{ addresses: ["127.0.0.1"] }]
ports: [{ name: http, port: ${backendPort} }]
---
`;
}
