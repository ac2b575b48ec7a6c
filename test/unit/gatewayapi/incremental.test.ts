/**
 * Property test: incremental translation equals full translation. Random sequences of creates,
 * updates and deletes over a small universe of every kind the translator reads (Gateways of
 * several classes and protocols, every route kind, Services, Secrets, ReferenceGrants,
 * Namespaces with labels, BackendTLSPolicies and their ConfigMaps, ListenerSets that move between
 * Gateways and routes naming them) are applied one change (or a
 * few) at a time to an IncrementalTranslator; after every step its whole output must equal
 * translate() of the same objects, statuses included. Seeds are fixed, so a failure replays.
 */
import type { AccessLog, ObservabilityTracing } from '../../../src/apis/pier-observability';
import { PIER_GROUP, type BackendPolicy, type ClientPolicy, type ObservabilityPolicy, type ProxyConfig, type RateLimitPolicy, type SecurityPolicy } from '../../../src/apis/pier';
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { parseAllDocuments } from 'yaml';
import type { ClusterTrustBundle, ConfigMap, EndpointSlice, Namespace, Secret, Service } from '../../../src/apis/core';
import type { AllowedListeners, BackendTLSPolicy, FrontendTLSConfig, FrontendTLSValidation, Gateway, GatewayClass, GRPCRoute, HTTPRoute, Listener, ListenerSet, ParentReference, ReferenceGrant, TCPRoute, TLSRoute, UDPRoute, XBackendTrafficPolicy } from '../../../src/apis/gateway';
import type { KubeObject } from '../../../src/apis/meta';
import type { XTelemetryPolicy } from '../../../src/apis/xtelemetry';
import { IncrementalTranslator, type InfraChange, type KindChange, type TableChange } from '../../../src/gatewayapi/incremental';
import type { XBackend } from '../../../src/apis/xbackend';
import { X_GATEWAY_GROUP } from '../../../src/apis/xtelemetry';
import type { GatewayInfraState } from '../../../src/ir/types';
import { translate } from '../../../src/gatewayapi/translate';
import { emptyProviderResources, type ObjectStatus, type ProviderResources } from '../../../src/message/resources';
import { TABLE_OF_KIND, tableKey, type TableName } from '../../../src/message/tables';
import { freezeValue, WatchableMap } from '../../../src/message/watchable';
import type { XdsIR } from '../../../src/ir/types';
import { translateGateway, XdsTranslationMemo } from '../../../src/xds/translator/translate';
import { applyDefaults, type ProviderObject } from '../../../src/provider/defaults';
import { testData } from '../../helpers/paths';
import { seededRandom as prng } from '../../helpers/random';

const CONTROLLER = 'pier.dev/gateway-controller';
// unprivilegedPorts: the Kubernetes-infrastructure port mapping (10080 among the HTTP ports makes 80 move past it).
const OPTIONS = { controllerName: CONTROLLER, defaultAddress: '127.0.0.1', unprivilegedPorts: true };
const GW = 'gateway.networking.k8s.io/v1';

class Random {
  constructor(readonly next: () => number) {}
  int(n: number): number { return Math.floor(this.next() * n); }
  pick<T>(items: readonly T[]): T { return items[this.int(items.length)]!; }
  chance(p: number): boolean { return this.next() < p; }
  some<T>(items: readonly T[], max: number): T[] {
    const n = this.int(max + 1);
    return Array.from({ length: n }, () => this.pick(items));
  }
}

function docsOf(file: string): Record<string, unknown>[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS() as Record<string, unknown>).filter((d) => d !== null);
}

/** A real key pair and CA bundle, from the golden inputs. */
const CERT_SECRET = docsOf(testData('golden', 'gatewayapi', 'https-listeners', 'input.yaml'))
  .find((d) => d.kind === 'Secret' && (d.metadata as { name: string }).name === 'example-com') as unknown as Secret;
const CA_MAP = docsOf(testData('golden', 'gatewayapi', 'backend-tls-policy', 'input.yaml'))
  .find((d) => d.kind === 'ConfigMap') as unknown as ConfigMap;

const NAMESPACES = ['default', 'team-a', 'team-b'];
const CLASSES = ['pier', 'other'];
const GATEWAYS = ['g1', 'g2', 'g3'];
/** ObservabilityPolicy contents: access logs of each sink (or none) with tracing (a receiver, a rate alone, none); on a route or not. */
const OBSERVABILITY_VARIANTS: { accessLogs: AccessLog[]; tracing?: ObservabilityTracing; onRoute: boolean }[] = (() => {
  const logs: AccessLog[][] = [[], [{ sink: { type: 'Stdout' }, format: { type: 'Text', text: '%RESPONSE_CODE%' } }],
    [{ sink: { type: 'File', path: '/tmp/a.log' }, format: { type: 'JSON', json: { code: '%RESPONSE_CODE%' } }, filter: { statusCodes: { min: 400 } } }],
    [{ sink: { type: 'OTLP', otlp: { backendRef: { name: 's1', port: 80 }, attributes: { a: '%PROTOCOL%' } } } }],
    [{ sink: { type: 'OTLP', otlp: { backendRef: { name: 'gone', port: 4317 } } } }]];
  const tracings: (ObservabilityTracing | undefined)[] = [undefined, { samplingRate: { numerator: 30 } }, { provider: { backendRef: { name: 's2', port: 80 } }, serviceName: 'svc' }, { provider: { backendRef: { name: 'gone', port: 80 } } }];
  return logs.flatMap((accessLogs) => tracings.flatMap((tracing) => [
    { accessLogs, ...(tracing ? { tracing } : {}), onRoute: false },
    ...(tracing?.provider ? [] : [{ accessLogs, ...(tracing ? { tracing } : {}), onRoute: true }]),
  ]));
})();
const SERVICES = ['s1', 's2', 's3'];
const HOSTNAMES = ['a.example.com', '*.example.com', 'b.example.com', 'other.net'];
/** What HTTPRoutes ask for: more names, so listeners carry several virtual hosts, some under wildcards. */
const ROUTE_HOSTNAMES = [...HOSTNAMES, 'c.example.com', 'x.b.example.com', '*.b.example.com', 'd.other.net'];
const TIMES = ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', '2025-06-01T00:00:00Z'];
const LISTENER_SETS = ['ls1', 'ls2'];
const XBACKENDS = ['xb1', 'xb2'];

/** The universe: every slot an object can be in (kind, namespace, name). */
interface Slot {
  kind: keyof typeof TABLE_OF_KIND;
  namespace?: string;
  name: string;
}

function slots(): Slot[] {
  const out: Slot[] = [];
  for (const name of CLASSES) out.push({ kind: 'GatewayClass', name });
  for (const ns of ['default', 'team-a']) for (const name of GATEWAYS) out.push({ kind: 'Gateway', namespace: ns, name });
  for (const ns of NAMESPACES) {
    out.push({ kind: 'Namespace', name: ns });
    for (const name of SERVICES) out.push({ kind: 'Service', namespace: ns, name }, { kind: 'EndpointSlice', namespace: ns, name: `${name}-1` });
    for (const name of ['r1', 'r2', 'r3', 'r4']) out.push({ kind: 'HTTPRoute', namespace: ns, name });
    for (const name of ['g1', 'g2']) out.push({ kind: 'GRPCRoute', namespace: ns, name });
    out.push({ kind: 'TLSRoute', namespace: ns, name: 't1' }, { kind: 'TCPRoute', namespace: ns, name: 'c1' }, { kind: 'UDPRoute', namespace: ns, name: 'u1' });
    out.push({ kind: 'ReferenceGrant', namespace: ns, name: 'grant' }, { kind: 'Secret', namespace: ns, name: 'cert' });
    out.push({ kind: 'BackendTLSPolicy', namespace: ns, name: 'tls' }, { kind: 'ConfigMap', namespace: ns, name: 'ca' });
    for (const name of ['traffic', 'traffic2']) out.push({ kind: 'XBackendTrafficPolicy', namespace: ns, name });
    for (const name of LISTENER_SETS) out.push({ kind: 'ListenerSet', namespace: ns, name });
    for (const name of XBACKENDS) out.push({ kind: 'XBackend', namespace: ns, name });
    // Two per namespace, so they conflict over a target now and then.
    for (const name of ['rl1', 'rl2']) out.push({ kind: 'RateLimitPolicy', namespace: ns, name });
    for (const name of ['proxy', 'proxy2']) out.push({ kind: 'ProxyConfig', namespace: ns, name });
    for (const name of ['bp1', 'bp2']) out.push({ kind: 'BackendPolicy', namespace: ns, name });
  }
  for (const ns of NAMESPACES) out.push({ kind: 'SecurityPolicy', namespace: ns, name: 'sp1' });
  out.push({ kind: 'ClusterTrustBundle', name: 'corp:ca' });
  // Two in one namespace, so they conflict over a Gateway now and then.
  for (const name of ['t1', 't2']) out.push({ kind: 'XTelemetryPolicy', namespace: 'default', name });
  out.push({ kind: 'ObservabilityPolicy', namespace: 'default', name: 'ob1' });
  return out;
}

/**
 * Gateways, Services, Namespaces and many HTTPRoutes (hostnames from a wider set): no other route
 * kind, no ListenerSets, and of the Gateway-wide policy kinds only RateLimitPolicy (the others are
 * drawn in the mixed sequences; here they would only dilute the route-by-route patches measured).
 */
function httpOnlySlots(): Slot[] {
  const excluded = ['GRPCRoute', 'TLSRoute', 'TCPRoute', 'UDPRoute', 'HTTPRoute', 'ListenerSet', 'XTelemetryPolicy', 'SecurityPolicy', 'ObservabilityPolicy'];
  const out = slots().filter((s) => !excluded.includes(s.kind));
  for (const ns of NAMESPACES) for (let i = 0; i < 12; i++) out.push({ kind: 'HTTPRoute', namespace: ns, name: `h${i}` });
  return out;
}

function meta(slot: Slot, generation: number, r: Random): KubeObject['metadata'] {
  const m: KubeObject['metadata'] = { name: slot.name, generation, creationTimestamp: r.pick(TIMES) };
  if (slot.namespace !== undefined) m.namespace = slot.namespace;
  return m;
}

function parentRef(r: Random, routeNamespace: string): ParentReference {
  if (r.chance(0.3)) {
    // A ListenerSet (maybe missing), by name and maybe one of its listeners.
    const ref: ParentReference = { group: 'gateway.networking.k8s.io', kind: 'ListenerSet', name: r.pick([...LISTENER_SETS, 'missing']) };
    if (r.chance(0.4)) ref.namespace = r.pick(NAMESPACES);
    if (r.chance(0.3)) ref.sectionName = r.pick(['http', 'https', 'l0', 'l1', 'nope']);
    return ref;
  }
  const ref: ParentReference = { name: r.pick([...GATEWAYS, 'missing']) };
  if (r.chance(0.4)) ref.namespace = r.pick(['default', 'team-a', routeNamespace]);
  if (r.chance(0.25)) ref.sectionName = r.pick(['http', 'https', 'tls', 'tcp', 'udp', 'nope']);
  return ref;
}

function backendRef(r: Random, protocols: 'TCP' | 'UDP'): { group?: string; kind?: string; name: string; namespace?: string; port?: number; weight?: number } {
  if (r.chance(0.1)) {
    // An XBackend (existing or not, across namespaces with or without a grant).
    const ref: { group: string; kind: string; name: string; namespace?: string; weight?: number } = { group: X_GATEWAY_GROUP, kind: 'XBackend', name: r.pick([...XBACKENDS, 'missing']) };
    if (r.chance(0.3)) ref.namespace = r.pick(NAMESPACES);
    return ref;
  }
  const ref: { name: string; namespace?: string; port: number; weight?: number } = { name: r.pick([...SERVICES, 'missing']), port: r.pick(protocols === 'UDP' ? [53, 80] : [80, 80, 80, 8080, 53]) };
  if (r.chance(0.3)) ref.namespace = r.pick(NAMESPACES);
  if (r.chance(0.3)) ref.weight = r.int(3);
  return ref;
}

function listener(r: Random, i: number, namespace: string): Listener {
  const protocol = r.pick(['HTTP', 'HTTP', 'HTTPS', 'TLS', 'TCP', 'UDP'] as const);
  const port = protocol === 'HTTP' ? r.pick([80, 8080, 10080]) : protocol === 'HTTPS' ? 443 : protocol === 'TLS' ? r.pick([443, 8443]) : protocol === 'TCP' ? 9000 : 5353;
  const name = r.chance(0.8) ? protocol.toLowerCase() : `l${i}`;
  const l: Listener = { name, protocol, port };
  if ((protocol === 'HTTP' || protocol === 'HTTPS' || protocol === 'TLS') && r.chance(0.5)) l.hostname = r.pick(HOSTNAMES);
  if (protocol === 'HTTPS' || (protocol === 'TLS' && r.chance(0.5))) {
    l.tls = { mode: protocol === 'TLS' ? r.pick(['Terminate', 'Passthrough'] as const) : 'Terminate',
      certificateRefs: [{ group: '', kind: 'Secret', name: 'cert', ...(r.chance(0.3) ? { namespace: r.pick(NAMESPACES) } : {}) }] };
  } else if (protocol === 'TLS') {
    l.tls = { mode: 'Passthrough' };
  }
  const from = r.pick(['Same', 'All', 'Selector'] as const);
  l.allowedRoutes = { namespaces: from === 'Selector' ? { from, selector: { matchLabels: { env: 'prod' } } } : { from } };
  if (r.chance(0.15)) l.allowedRoutes.kinds = [{ kind: r.pick(['HTTPRoute', 'GRPCRoute', 'TCPRoute']) }];
  void namespace;
  return l;
}

/** Which ListenerSets a Gateway takes: unset (none), or any of the ways to say which. */
function allowedListeners(r: Random): AllowedListeners | undefined {
  if (r.chance(0.25)) return undefined;
  const from = r.pick(['Same', 'All', 'All', 'Selector', 'None'] as const);
  return { namespaces: from === 'Selector' ? { from, selector: { matchLabels: { env: 'prod' } } } : { from } };
}

/** Client certificate validation: CA ConfigMaps that may be missing, broken or in another namespace. */
function frontend(r: Random): FrontendTLSConfig {
  const validation = (): FrontendTLSValidation => ({
    mode: r.pick(['AllowValidOnly', 'AllowInsecureFallback'] as const),
    caCertificateRefs: [r.chance(0.25)
      ? { group: 'certificates.k8s.io', kind: 'ClusterTrustBundle', name: r.pick(['corp:ca', 'nope']) }
      : { group: '', kind: r.chance(0.9) ? 'ConfigMap' : 'Secret', name: r.pick(['ca', 'nope']), ...(r.chance(0.3) ? { namespace: r.pick(NAMESPACES) } : {}) }],
  });
  return { default: { validation: validation() }, ...(r.chance(0.4) ? { perPort: [{ port: 443, tls: { validation: validation() } }] } : {}) };
}

/** A random object for a slot (well-formed enough for the CRD defaults to apply). */
function generate(slot: Slot, generation: number, r: Random): KubeObject {
  const metadata = meta(slot, generation, r);
  const ns = slot.namespace ?? '';
  switch (slot.kind) {
    case 'GatewayClass':
      return { apiVersion: GW, kind: 'GatewayClass', metadata, spec: {
        controllerName: r.chance(0.8) ? (slot.name === 'pier' ? CONTROLLER : 'example.com/other') : CONTROLLER,
        // A ProxyConfig that may be missing, or a reference without its namespace.
        ...(r.chance(0.06) ? { parametersRef: { group: PIER_GROUP, kind: 'ProxyConfig', name: r.pick(['proxy', 'proxy', 'proxy2', 'nope']), ...(r.chance(0.9) ? { namespace: 'default' } : {}) } } : {}),
      } } as GatewayClass;
    case 'Gateway':
      return { apiVersion: GW, kind: 'Gateway', metadata, spec: {
        gatewayClassName: r.pick(['pier', 'pier', 'pier', 'other', 'nope']),
        listeners: Array.from({ length: 1 + r.int(3) }, (_, i) => listener(r, i, ns)),
        ...(r.chance(0.2) ? { infrastructure: { labels: { team: r.pick(['a', 'b']) } } } : {}),
        ...(r.chance(0.1) ? { infrastructure: { parametersRef: { group: PIER_GROUP, kind: r.chance(0.9) ? 'ProxyConfig' : 'ConfigMap', name: r.pick(['proxy', 'proxy2', 'nope']) } } } : {}),
        ...(r.chance(0.7) ? { allowedListeners: allowedListeners(r) } : {}),
        ...(r.chance(0.3) || r.chance(0.2) ? { tls: {
          ...(r.chance(0.6) ? { frontend: frontend(r) } : {}),
          // The client certificate presented to TLS backends: here, across namespaces (grant or not), or missing.
          ...(r.chance(0.5) ? { backend: { clientCertificateRef: { group: '', kind: 'Secret', name: r.pick(['cert', 'missing']), ...(r.chance(0.4) ? { namespace: r.pick(NAMESPACES) } : {}) } } } : {}),
        } } : {}),
      } } as Gateway;
    case 'ListenerSet':
      return { apiVersion: GW, kind: 'ListenerSet', metadata, spec: {
        parentRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: r.pick([...GATEWAYS, 'missing']), ...(r.chance(0.4) ? { namespace: r.pick(['default', 'team-a']) } : {}) },
        listeners: Array.from({ length: 1 + r.int(2) }, (_, i) => listener(r, i, ns)),
      } } as ListenerSet;
    case 'Namespace':
      return { apiVersion: 'v1', kind: 'Namespace', metadata: { ...metadata, labels: r.chance(0.5) ? { env: 'prod' } : { env: 'dev' } } } as Namespace;
    case 'Service':
      return { apiVersion: 'v1', kind: 'Service', metadata, spec: { ports: [
        { name: 'http', port: 80, protocol: 'TCP', ...(r.chance(0.2) ? { appProtocol: 'kubernetes.io/h2c' } : {}) },
        { name: r.chance(0.5) ? 'alt' : 'dns', port: r.pick([8080, 53]), protocol: r.pick(['TCP', 'UDP'] as const) },
      ] } } as Service;
    case 'EndpointSlice':
      return { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { ...metadata, labels: { 'kubernetes.io/service-name': slot.name.replace(/-1$/, '') } },
        addressType: 'IPv4', endpoints: [{ addresses: [`10.0.${r.int(4)}.${1 + r.int(9)}`] }], ports: [{ name: 'http', port: 8080 }] } as EndpointSlice;
    case 'HTTPRoute':
      return { apiVersion: GW, kind: 'HTTPRoute', metadata, spec: {
        parentRefs: Array.from({ length: 1 + r.int(2) }, () => parentRef(r, ns)),
        ...(r.chance(0.5) ? { hostnames: r.some(ROUTE_HOSTNAMES, 2) } : {}),
        rules: Array.from({ length: 1 + r.int(2) }, (_, i) => ({
          ...(r.chance(0.5) ? { name: ['a', 'b'][i] } : {}),
          matches: [{ path: { type: r.pick(['PathPrefix', 'Exact'] as const), value: r.pick(['/', '/a', '/b']) } }],
          backendRefs: Array.from({ length: r.int(3) }, () => backendRef(r, 'TCP')),
          ...(r.chance(0.15) ? { filters: [{ type: 'RequestMirror' as const, requestMirror: { backendRef: backendRef(r, 'TCP') } }] } : {}),
        })),
      } } as HTTPRoute;
    case 'GRPCRoute':
      return { apiVersion: GW, kind: 'GRPCRoute', metadata, spec: {
        parentRefs: [parentRef(r, ns)],
        ...(r.chance(0.5) ? { hostnames: r.some(HOSTNAMES, 2) } : {}),
        rules: [{ matches: [{ method: { type: 'Exact', service: 'svc.Echo', method: r.pick(['Get', 'Put']) } }], backendRefs: [backendRef(r, 'TCP')] }],
      } } as GRPCRoute;
    case 'TLSRoute':
      return { apiVersion: GW, kind: 'TLSRoute', metadata, spec: { parentRefs: [parentRef(r, ns)], hostnames: [r.pick(HOSTNAMES)], rules: [{ backendRefs: [backendRef(r, 'TCP')] }] } } as TLSRoute;
    case 'TCPRoute':
      return { apiVersion: GW, kind: 'TCPRoute', metadata, spec: { parentRefs: [parentRef(r, ns)], rules: [{ backendRefs: [backendRef(r, 'TCP')] }] } } as TCPRoute;
    case 'UDPRoute':
      return { apiVersion: GW, kind: 'UDPRoute', metadata, spec: { parentRefs: [parentRef(r, ns)], rules: [{ backendRefs: Array.from({ length: 1 + r.int(2) }, () => backendRef(r, 'UDP')) }] } } as UDPRoute;
    case 'ReferenceGrant':
      return { apiVersion: 'gateway.networking.k8s.io/v1beta1', kind: 'ReferenceGrant', metadata, spec: {
        from: [{ group: 'gateway.networking.k8s.io', kind: r.pick(['HTTPRoute', 'Gateway', 'TCPRoute', 'UDPRoute']), namespace: r.pick(NAMESPACES) }],
        to: [{ group: '', kind: r.pick(['Service', 'Secret', 'ConfigMap']) }],
      } } as ReferenceGrant;
    case 'Secret':
      return { ...structuredClone(CERT_SECRET), metadata: { ...metadata }, ...(r.chance(0.2) ? { data: { 'tls.crt': 'bm90IGEgY2VydA==', 'tls.key': 'eA==' } } : {}) } as Secret;
    case 'ConfigMap':
      return { ...structuredClone(CA_MAP), metadata: { ...metadata }, ...(r.chance(0.2) ? { data: { 'ca.crt': 'not a certificate' } } : {}) } as ConfigMap;
    case 'ClusterTrustBundle':
      return { apiVersion: 'certificates.k8s.io/v1beta1', kind: 'ClusterTrustBundle', metadata, spec: {
        trustBundle: r.chance(0.2) ? 'not a certificate' : CA_MAP.data!['ca.crt']!,
      } } as ClusterTrustBundle;
    case 'BackendTLSPolicy':
      return { apiVersion: GW, kind: 'BackendTLSPolicy', metadata, spec: {
        targetRefs: [{ group: '', kind: 'Service', name: r.pick(SERVICES), ...(r.chance(0.3) ? { sectionName: 'http' } : {}) }],
        validation: { caCertificateRefs: [r.chance(0.25)
          ? { group: 'certificates.k8s.io', kind: 'ClusterTrustBundle', name: r.pick(['corp:ca', 'nope']) }
          : { group: '', kind: 'ConfigMap', name: r.pick(['ca', 'nope']) }], hostname: 'backend.example.com' },
      } } as BackendTLSPolicy;
    case 'XTelemetryPolicy':
      // Gateways that may or may not exist, conflicts between t1 and t2, exporters that may not resolve.
      return { apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XTelemetryPolicy', metadata, spec: {
        targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: r.pick([...GATEWAYS, 'nope']) },
          ...(r.chance(0.3) ? [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: r.pick(GATEWAYS) }] : [])],
        tracing: r.chance(0.8)
          ? { mode: 'Enabled', provider: { backendRef: { name: r.pick([...SERVICES, 'gone']), port: r.pick([80, 80, 8080, 4317]), ...(r.chance(0.2) ? { namespace: r.pick(NAMESPACES) } : {}) } },
            ...(r.chance(0.5) ? { samplingRate: { numerator: r.int(101), denominator: 100 } } : {}),
            ...(r.chance(0.2) ? { parentBasedSampling: { mode: 'Disabled' as const } } : {}),
            ...(r.chance(0.5) ? { attributes: [{ name: 'env', sourceType: 'Literal' as const, literalValue: 'test' }, { name: 'm', sourceType: 'Attribute' as const, attributeKey: r.pick(['http.request.method', 'http.route']) }] } : {}) }
          : { mode: r.pick(['Disabled', 'ImplementationDefault'] as const) },
      } } as XTelemetryPolicy;
    case 'XBackendTrafficPolicy':
      // Targets that exist or not, shared with the other policy of the namespace (conflicts), and
      // session settings Envoy can and cannot express.
      return { apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XBackendTrafficPolicy', metadata, spec: {
        targetRefs: [{ group: '', kind: 'Service', name: r.pick([...SERVICES, 'missing']) }],
        ...(r.chance(0.6) ? { retryConstraint: { budget: { percent: r.pick([0, 20, 50]), interval: '10s' }, minRetryRate: { count: 1 + r.int(5), interval: '1s' } } } : {}),
        ...(r.chance(0.6) ? { sessionPersistence: r.pick([
          { type: 'Cookie', cookie: { name: 'sticky' } },
          { type: 'Cookie', cookie: { lifetimeType: 'Permanent' }, absoluteTimeout: '1h' },
          { type: 'Header', header: { name: 'x-session' } },
          { type: 'Header', header: { name: 'x-session' }, absoluteTimeout: '1m' },
        ]) } : {}),
      } } as XBackendTrafficPolicy;
    case 'RateLimitPolicy': {
      // Targets at every level (some missing: listeners, rules, objects), and now and then an invalid CIDR.
      const target = (): { group: string; kind: string; name: string; sectionName?: string } => {
        const kind = r.pick(['Gateway', 'Gateway', 'ListenerSet', 'HTTPRoute', 'HTTPRoute', 'GRPCRoute'] as const);
        const name = kind === 'Gateway' ? r.pick([...GATEWAYS, 'nope']) : kind === 'ListenerSet' ? r.pick([...LISTENER_SETS, 'nope'])
          : kind === 'HTTPRoute' ? r.pick(['r1', 'r2', 'r3', 'r4', 'h0', 'h1', 'h2']) : r.pick(['g1', 'g2']);
        const section = kind === 'HTTPRoute' || kind === 'GRPCRoute' ? r.pick(['a', 'b', 'c']) : r.pick(['http', 'https', 'l0', 'nope']);
        return { group: 'gateway.networking.k8s.io', kind, name, ...(r.chance(0.4) ? { sectionName: section } : {}) };
      };
      const targets = [target(), ...(r.chance(0.3) ? [target()] : [])];
      const unique = targets.filter((t, i) => targets.findIndex((u) => u.kind === t.kind && u.name === t.name && u.sectionName === t.sectionName) === i);
      return { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'RateLimitPolicy', metadata, spec: {
        targetRefs: unique,
        local: { rules: [{ limit: { requests: 1 + r.int(10), unit: r.pick(['Second', 'Minute'] as const) },
          ...(r.chance(0.3) ? { clients: { headers: [{ name: 'x-user', ...(r.chance(0.5) ? { value: 'a' } : {}) }] } } : {}),
          ...(r.chance(0.2) ? { clients: { source: { cidr: r.pick(['10.0.0.0/8', '10.0.0.0/99']), perAddress: r.chance(0.5) } } } : {}) }] },
      } } as RateLimitPolicy;
    }
    case 'ProxyConfig':
      return { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ProxyConfig', metadata, spec: {
        ...(r.chance(0.5) ? { logLevel: r.pick(['debug', 'info'] as const) } : {}),
        ...(r.chance(0.5) ? { replicas: 1 + r.int(3) } : {}),
        ...(r.chance(0.5) ? { metrics: { port: r.pick([19100, 19200]) } } : {}),
      } } as ProxyConfig;
    case 'ClientPolicy': {
      // Gateways, listeners (some missing) and ListenerSets; differing settings on listeners that share a port now and then.
      const kind = r.pick(['Gateway', 'Gateway', 'ListenerSet'] as const);
      const name = kind === 'Gateway' ? r.pick([...GATEWAYS, 'nope']) : r.pick([...LISTENER_SETS, 'nope']);
      const targetRef = { group: 'gateway.networking.k8s.io', kind, name, ...(r.chance(0.5) ? { sectionName: r.pick(['http', 'https', 'l0', 'l1', 'nope']) } : {}) };
      const clientIPDetection = r.chance(0.5) ? { xForwardedFor: { numTrustedHops: 1 + r.int(2) } } : { customHeader: { name: 'x-real-ip', ...(r.chance(0.5) ? { failClosed: true } : {}) } };
      // Connection settings now and then: the PROXY protocol (agreed per socket, HTTPS listeners too) and a timeout.
      const connection = { ...(r.chance(0.3) ? { proxyProtocol: {} } : {}), ...(r.chance(0.3) ? { timeouts: { idle: r.pick(['10s', '1m']) } } : {}) };
      return { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy', metadata, spec: { targetRefs: [targetRef], clientIPDetection, ...connection } } as ClientPolicy;
    }
    case 'BackendPolicy': {
      // A Gateway, a route or a rule, or a Service (some missing), with circuit breaker limits.
      const kind = r.pick(['Gateway', 'HTTPRoute', 'HTTPRoute', 'GRPCRoute', 'Service'] as const);
      const name = kind === 'Gateway' ? r.pick([...GATEWAYS, 'nope']) : kind === 'HTTPRoute' ? r.pick(['r1', 'r2', 'r3', 'h0', 'h1']) : kind === 'Service' ? r.pick([...SERVICES, 'missing']) : r.pick(['g1', 'g2']);
      const sectionName = kind === 'Gateway' ? r.pick(['http', 'nope']) : r.pick(['a', 'b']);
      const target = kind === 'Service' ? { group: '', kind, name } : { group: 'gateway.networking.k8s.io', kind, name, ...(r.chance(0.4) ? { sectionName } : {}) };
      return { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy', metadata, spec: {
        targetRefs: [target],
        circuitBreaker: { maxConnections: 1 + r.int(100), ...(r.chance(0.5) ? { maxParallelRequests: 1 + r.int(100) } : {}) },
        // Now and then what is set on the routes too (a hash, a stream idle timeout).
        ...(r.chance(0.2) ? { loadBalancer: { type: 'RingHash' as const, consistentHash: { type: 'Header' as const, header: { name: r.pick(['x-a', 'x-b']) } } } } : {}),
        ...(r.chance(0.2) ? { timeout: { streamIdle: r.pick(['1s', '2s']) } } : {}),
      } } as BackendPolicy;
    }
    case 'SecurityPolicy': {
      // A remote JWKS whose CA ConfigMap may be missing or hold no certificate, or a local JWKS in a Secret that holds none.
      const kind = r.pick(['Gateway', 'HTTPRoute'] as const);
      const target = { group: 'gateway.networking.k8s.io', kind, name: kind === 'Gateway' ? r.pick([...GATEWAYS]) : r.pick(['r1', 'r2', 'h0']) };
      const jwks = r.chance(0.7)
        ? { remoteJWKS: { uri: 'https://idp.example.com/jwks', ...(r.chance(0.8) ? { caCertificateRef: { name: r.pick(['ca', 'nope']) } } : {}) } }
        : { localJWKS: { secretRef: { name: 'cert', key: 'tls.crt' } } };
      return { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata, spec: {
        targetRefs: [target], jwt: { providers: [{ name: 'idp', ...jwks }] },
      } } as SecurityPolicy;
    }
    case 'ObservabilityPolicy': {
      // A Gateway or one of its listeners (some missing), or a route; a text log to stdout, JSON to
      // a file, OTLP records to a Service that may not resolve, or none; tracing to such a Service
      // (Gateway targets) or a sampling rate alone, or none. As many draws as before these
      // variants came (one pick of the variant), so the other kinds' reach stays as it was.
      const name = r.pick([...GATEWAYS, 'nope']);
      const section = r.chance(0.4) ? { sectionName: r.pick(['http', 'https', 'nope']) } : {};
      const variant = r.pick(OBSERVABILITY_VARIANTS);
      const targetRefs = [variant.onRoute
        ? { group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: `r${GATEWAYS.indexOf(name) + 2}` }
        : { group: 'gateway.networking.k8s.io', kind: 'Gateway', name, ...section }];
      return { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ObservabilityPolicy', metadata, spec: { targetRefs, accessLogs: variant.accessLogs, ...(variant.tracing ? { tracing: variant.tracing } : {}) } } as ObservabilityPolicy;
    }
    case 'XBackend': {
      // Plain, TLS with a CA that may be missing, mutual TLS with a Secret that may be missing, or a protocol some routes cannot use.
      const tls = r.pick([undefined, 'ServerOnly', 'ClientAndServer'] as const);
      const validation = { caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: r.pick(['ca', 'nope']) }], hostname: 'backend.example.com' };
      return { apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XBackend', metadata, spec: {
        type: 'ExternalHostname', externalHostname: { hostname: r.pick(['a.example.net', 'b.example.net']) }, port: { number: r.pick([443, 8443]) },
        ...(r.chance(0.5) ? { protocol: r.pick(['HTTP', 'H2C', 'GRPC', 'TCP', 'MCP'] as const) } : {}),
        ...(tls === 'ServerOnly' ? { tls: { mode: tls, validation } } : {}),
        ...(tls === 'ClientAndServer' ? { tls: { mode: tls, validation, clientCertificateRef: { name: r.pick(['cert', 'missing']) } } } : {}),
      } } as XBackend;
    }
  }
}

/** The current objects as one ProviderResources. */
function snapshot(objects: ReadonlyMap<string, KubeObject>): ProviderResources {
  const out = emptyProviderResources() as unknown as Record<TableName, KubeObject[]>;
  for (const o of objects.values()) out[TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND]].push(o);
  return out as unknown as ProviderResources;
}

function slotId(slot: Slot): string {
  return `${slot.kind}/${slot.namespace ?? ''}/${slot.name}`;
}

function change(slot: Slot, object: KubeObject | undefined): TableChange {
  const table = TABLE_OF_KIND[slot.kind];
  return { table, key: object ? tableKey(object) : slot.namespace ? `${slot.namespace}/${slot.name}` : slot.name, value: object };
}

/** What an infrastructure could report for a Gateway: its own address, a hostname, readiness or not. */
function infraState(r: Random): GatewayInfraState {
  const state: GatewayInfraState = { addresses: r.chance(0.2) ? [] : [{ type: 'IPAddress', value: `127.32.0.${1 + r.int(5)}` }] };
  if (r.chance(0.3)) state.addresses.push({ type: 'Hostname', value: 'gw.example.net' });
  if (r.chance(0.5)) state.bindAddress = r.pick(['0.0.0.0', ...state.addresses.filter((a) => a.type === 'IPAddress').map((a) => a.value)]);
  if (r.chance(0.4)) state.programmed = r.chance(0.5) ? { ok: true, reason: 'Programmed', message: 'ready' } : { ok: false, reason: 'Pending', message: 'no ready replica' };
  return state;
}

/**
 * The xDS translator as its runner uses it: each IR stored on a bus map (which shares the frozen
 * parts the Gateway API translator kept) and translated with one memo kept across steps, so
 * route configurations and clusters are patched; the result must equal a translation without
 * memo.
 */
class XdsFollower {
  private readonly irs = new WatchableMap<string, XdsIR>();
  private readonly memo = new XdsTranslationMemo();

  follow(changed: ReadonlyMap<string, XdsIR | undefined>): void {
    for (const [gateway, ir] of changed) {
      if (!ir) {
        this.irs.delete(gateway);
        this.memo.forget(gateway);
        continue;
      }
      this.irs.store(gateway, ir);
      const stored = this.irs.load(gateway)!;
      assert.deepStrictEqual(translateGateway(stored, this.memo), translateGateway(stored), `xDS of ${gateway}`);
    }
  }
}

/** Counts over all sequences: how often a step patched a unit, to show the test reaches it. */
const reached = { patched: 0, translated: 0, tracedGateways: 0, telemetryConflicts: 0 };

/**
 * Odd seeds run with awaitGatewayInfra (a Gateway is served only once the infrastructure has
 * reported on it); every seed mixes in infrastructure reports and their removal. With
 * httpOnly, the universe has HTTPRoutes as its only routes (and more of them), so most route
 * changes patch a unit rather than translate it.
 */
function runSequence(seed: number, steps: number, httpOnly = false): number {
  let listenerSetSteps = 0;
  const r = new Random(prng(seed));
  const universe = httpOnly ? httpOnlySlots() : slots();
  const xds = new XdsFollower();
  const objects = new Map<string, KubeObject>();
  const generations = new Map<string, number>();
  const infra = new Map<string, GatewayInfraState>();
  const options = { ...OPTIONS, awaitGatewayInfra: seed % 2 === 1 };
  const incremental = new IncrementalTranslator(options);
  // Whether the cluster serves ClusterTrustBundles, flipped now and then (its own stream: the others stay as they were).
  const kindRandom = new Random(prng(seed + 1_000_000));
  let ctbServed = true;
  for (let step = 0; step < steps; step++) {
    const batch: TableChange[] = [];
    const infraBatch: InfraChange[] = [];
    const kindBatch: KindChange[] = [];
    if (kindRandom.chance(0.08)) {
      ctbServed = !ctbServed;
      kindBatch.push({ kind: 'ClusterTrustBundle', served: ctbServed });
    }
    if (r.chance(0.25)) {
      const gateway = `${r.pick(['default', 'team-a'])}/${r.pick(GATEWAYS)}`;
      const value = infra.has(gateway) && r.chance(0.3) ? undefined : freezeValue(infraState(r));
      if (value) infra.set(gateway, value);
      else infra.delete(gateway);
      infraBatch.push({ gateway, value });
    }
    // The first step builds a world (most slots at once); the others change it a little.
    const size = step === 0 ? Math.floor(universe.length * 0.6) : r.chance(0.2) ? 2 + r.int(3) : 1;
    for (let i = 0; i < size; i++) {
      // Classes and namespaces first, so the world starts connected.
      const slot = step === 0 && i < CLASSES.length + NAMESPACES.length ? universe.filter((u) => u.kind === 'GatewayClass' || u.kind === 'Namespace')[i]! : r.pick(universe);
      const id = slotId(slot);
      if (objects.has(id) && r.chance(0.3)) {
        objects.delete(id);
        batch.push(change(slot, undefined));
      } else {
        const generation = (generations.get(id) ?? 0) + 1;
        generations.set(id, generation);
        const object = freezeValue(applyDefaults(generate(slot, generation, r) as ProviderObject) as KubeObject);
        objects.set(id, object);
        batch.push(change(slot, object));
      }
    }
    const delta = incremental.apply(batch, infraBatch, kindBatch);
    reached.patched += delta.gatewaysPatched;
    reached.translated += delta.gatewaysTranslated;
    const expected = translate(snapshot(objects), { ...options, gatewayInfra: infra, unservedKinds: ctbServed ? [] : ['ClusterTrustBundle'] });
    const actual = incremental.result();
    if (expected.statuses.some(attachedListenerSetWithRoutes)) listenerSetSteps += 1;
    if (Object.values(expected.xdsIR).some((ir) => ir.telemetry?.tracing)) reached.tracedGateways += 1;
    if (expected.statuses.some((s) => s.kind === 'XTelemetryPolicy' && s.status.ancestors.some((a) => a.conditions.some((c) => c.reason === 'Conflicted')))) reached.telemetryConflicts += 1;
    try {
      assert.deepStrictEqual(actual.statuses, expected.statuses);
      assert.deepStrictEqual(actual.xdsIR, expected.xdsIR);
      assert.deepStrictEqual(actual.infraIR, expected.infraIR);
      xds.follow(delta.xdsIR);
    } catch (err) {
      const infraSaid = infraBatch.map((c) => `${c.value ? 'report' : 'unreport'} infra ${c.gateway}`);
      throw new Error(`seed ${seed}, step ${step} (${[...batch.map((c) => `${c.value ? 'store' : 'delete'} ${c.table}/${c.key}`), ...infraSaid].join(', ')}): ${(err as Error).message}`);
    }
  }
  return listenerSetSteps;
}

/** A ListenerSet attached to its Gateway with a route attached to one of its listeners. */
function attachedListenerSetWithRoutes(s: ObjectStatus): boolean {
  return s.kind === 'ListenerSet' && (s.status.conditions ?? []).some((c) => c.type === 'Accepted' && c.status === 'True')
    && (s.status.listeners ?? []).some((l) => l.attachedRoutes > 0);
}

describe('incremental translation equals full translation', () => {
  const SEQUENCES = 60;
  const STEPS = 60;
  const HTTP_SEQUENCES = 16;
  const HTTP_STEPS = 100;
  test(`${SEQUENCES} random sequences of ${STEPS} steps (creates, updates, deletes; single and batched)`, () => {
    let listenerSetSteps = 0;
    for (let seed = 1; seed <= SEQUENCES; seed++) listenerSetSteps += runSequence(seed, STEPS);
    // The sequences reach attached ListenerSets with routes, not only refused or orphaned ones.
    assert.ok(listenerSetSteps > 20, `steps with an attached ListenerSet serving routes: ${listenerSetSteps}`);
    // And Gateways traced by an XTelemetryPolicy, and policies conflicting over one.
    assert.ok(reached.tracedGateways > 20 && reached.telemetryConflicts > 5, `steps with a traced Gateway: ${reached.tracedGateways}, with conflicting XTelemetryPolicies: ${reached.telemetryConflicts}`);
  });

  test(`${HTTP_SEQUENCES} random sequences of ${HTTP_STEPS} steps with HTTPRoutes only (units patched route by route)`, () => {
    const before = { ...reached };
    for (let seed = 101; seed <= 100 + HTTP_SEQUENCES; seed++) runSequence(seed, HTTP_STEPS, true);
    const patched = reached.patched - before.patched;
    const translated = reached.translated - before.translated;
    assert.ok(patched > translated / 4, `units patched ${patched} times of ${translated} translations`);
  });

  test('a universe built in one batch equals the full translation', () => {
    const r = new Random(prng(4243));
    const objects = new Map<string, KubeObject>();
    // With ClientPolicies too (two, so they conflict over a listener now and then, or differ on a shared port).
    const clientPolicies: Slot[] = ['cp1', 'cp2'].map((name) => ({ kind: 'ClientPolicy', namespace: 'default', name }));
    for (const slot of [...slots(), ...clientPolicies]) if (r.chance(0.7)) objects.set(slotId(slot), freezeValue(applyDefaults(generate(slot, 1, r) as ProviderObject) as KubeObject));
    const incremental = new IncrementalTranslator(OPTIONS);
    const changes = [...objects.values()].map((o) => ({ table: TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND], key: tableKey(o), value: o }));
    incremental.apply(changes);
    const expected = translate(snapshot(objects), OPTIONS);
    assert.ok(expected.statuses.length > 10, 'the universe produces statuses');
    assert.ok(Object.keys(expected.xdsIR).length > 0, `the universe serves a gateway ${JSON.stringify(expected.statuses.filter((s) => s.kind === 'Gateway' || s.kind === 'GatewayClass').map((s) => [s.name, (s.status as { conditions?: unknown[] }).conditions?.[0]]))}`);
    assert.deepStrictEqual(incremental.result(), expected);
  });

  test('a route edit re-translates only the Gateways the route names', () => {
    const r = new Random(prng(7));
    const incremental = new IncrementalTranslator(OPTIONS);
    const base: KubeObject[] = [
      generate({ kind: 'GatewayClass', name: 'pier' }, 1, r),
      ...GATEWAYS.map((name) => ({ apiVersion: GW, kind: 'Gateway', metadata: { name, namespace: 'default', generation: 1 },
        spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 80, allowedRoutes: { namespaces: { from: 'Same' } } }] } }) as Gateway),
    ];
    (base[0] as GatewayClass).spec.controllerName = CONTROLLER;
    incremental.apply(base.map((o) => ({ table: TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND], key: tableKey(o), value: freezeValue(o) })));
    const route: HTTPRoute = { apiVersion: GW, kind: 'HTTPRoute', metadata: { name: 'web', namespace: 'default', generation: 1 },
      spec: { parentRefs: [{ name: 'g2' }], rules: [{ backendRefs: [{ name: 's1', port: 80 }] }] } };
    const delta = incremental.apply([{ table: 'httpRoutes', key: 'default/web', value: freezeValue(route) }]);
    assert.equal(delta.gatewaysTranslated, 1);
    assert.deepEqual([...delta.xdsIR.keys()], ['default/g2']);
    const service: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's1', namespace: 'default' }, spec: { ports: [{ name: 'http', port: 80 }] } };
    const after = incremental.apply([{ table: 'services', key: 'default/s1', value: freezeValue(service) }]);
    assert.equal(after.gatewaysTranslated, 1, 'a Service re-translates only the Gateway whose route uses it');
    const slice = incremental.apply([{ table: 'endpointSlices', key: 'default/s1-1', value: freezeValue(generate({ kind: 'EndpointSlice', namespace: 'default', name: 's1-1' }, 1, r)) }]);
    assert.equal(slice.gatewaysTranslated, 0, 'EndpointSlices are not the translator\'s');
    assert.equal(slice.statuses.size, 0);
  });

  test('a BackendPolicy on a Service reaches the Gateways whose routes use it, added after them (pol:services)', () => {
    const incremental = new IncrementalTranslator(OPTIONS);
    const objects = new Map<string, KubeObject>();
    const put = (o: KubeObject): void => {
      objects.set(`${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o);
      incremental.apply([{ table: TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND], key: tableKey(o), value: freezeValue(o) }]);
    };
    put({ apiVersion: GW, kind: 'GatewayClass', metadata: { name: 'pier', generation: 1 }, spec: { controllerName: CONTROLLER } } as GatewayClass);
    put({ apiVersion: GW, kind: 'Gateway', metadata: { name: 'g1', namespace: 'default', generation: 1 },
      spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }] } } as Gateway);
    put({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's1', namespace: 'other' }, spec: { ports: [{ name: 'http', port: 80 }] } } as Service);
    put({ apiVersion: 'gateway.networking.k8s.io/v1beta1', kind: 'ReferenceGrant', metadata: { name: 'g', namespace: 'other' },
      spec: { from: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', namespace: 'default' }], to: [{ group: '', kind: 'Service' }] } } as ReferenceGrant);
    put({ apiVersion: GW, kind: 'HTTPRoute', metadata: { name: 'web', namespace: 'default', generation: 1 },
      spec: { parentRefs: [{ name: 'g1' }], rules: [{ backendRefs: [{ name: 's1', namespace: 'other', port: 80 }] }] } } as HTTPRoute);
    put({ apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy', metadata: { name: 'bp', namespace: 'other', generation: 1 },
      spec: { targetRefs: [{ group: '', kind: 'Service', name: 's1' }], circuitBreaker: { maxConnections: 1 } } } as BackendPolicy);
    const ir = incremental.result().xdsIR['default/g1']!;
    // The Service's policy is on its plain cluster (every use of the Service shares it).
    assert.equal(ir.http[0]!.virtualHosts[0]!.routes[0]!.destination!.settings[0]!.clusterName, 'other/s1/80');
    assert.equal(ir.backendClusterPolicies?.['other/s1/80']?.source.name, 'bp');
    assert.deepStrictEqual(incremental.result(), translate(snapshot(objects), OPTIONS));
  });

  test('BackendPolicies on plain clusters: Gateway-wide, a route\'s on top, a Service\'s, a TCP route sharing a backend, removal (IR and xDS as full)', () => {
    const incremental = new IncrementalTranslator(OPTIONS);
    const xds = new XdsFollower();
    const objects = new Map<string, KubeObject>();
    const idOf = (o: KubeObject): string => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    const step = (puts: KubeObject[], deletes: KubeObject[] = []): XdsIR => {
      const changes: TableChange[] = [];
      for (const o of puts) {
        objects.set(idOf(o), o);
        changes.push({ table: TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND], key: tableKey(o), value: freezeValue(o) });
      }
      for (const o of deletes) {
        objects.delete(idOf(o));
        changes.push({ table: TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND], key: tableKey(o), value: undefined });
      }
      const delta = incremental.apply(changes);
      assert.deepStrictEqual(incremental.result(), translate(snapshot(objects), OPTIONS));
      xds.follow(delta.xdsIR);
      return incremental.result().xdsIR['default/g1']!;
    };
    const service = (name: string): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { ports: [{ name: 'http', port: 80 }] } } as Service);
    const route = (name: string, backend: string, generation = 1): HTTPRoute => ({ apiVersion: GW, kind: 'HTTPRoute', metadata: { name, namespace: 'default', generation },
      spec: { parentRefs: [{ name: 'g1', sectionName: 'http' }], hostnames: [`${name}.example.com`], rules: [{ name: 'a', backendRefs: [{ name: backend, port: 80 }] }] } } as HTTPRoute);
    const policy = (name: string, target: { group: string; kind: string; name: string; sectionName?: string }, maxConnections: number): BackendPolicy => ({
      apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy', metadata: { name, namespace: 'default', generation: 1, creationTimestamp: '2024-01-01T00:00:00Z' },
      spec: { targetRefs: [target], circuitBreaker: { maxConnections } } } as BackendPolicy);
    const gateway = { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'g1' };
    const clusterOf = (ir: XdsIR, hostname: string): string => ir.http[0]!.virtualHosts.find((v) => v.name === hostname)!.routes[0]!.destination!.settings[0]!.clusterName;
    const routes = Array.from({ length: 20 }, (_, i) => route(`r${i}`, `s${i % 4}`));
    step([
      { apiVersion: GW, kind: 'GatewayClass', metadata: { name: 'pier', generation: 1 }, spec: { controllerName: CONTROLLER } } as GatewayClass,
      { apiVersion: GW, kind: 'Gateway', metadata: { name: 'g1', namespace: 'default', generation: 1 },
        spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }, { name: 'tcp', protocol: 'TCP', port: 9000, allowedRoutes: { kinds: [{ kind: 'TCPRoute' }] } }] } } as Gateway,
      ...[0, 1, 2, 3].map((i) => service(`s${i}`)), ...routes,
    ]);
    const wide = policy('wide', gateway, 10);
    let ir = step([wide]);
    assert.equal(clusterOf(ir, 'r0.example.com'), 'default/s0/80', 'Gateway-wide: the plain cluster');
    assert.deepEqual(Object.keys(ir.backendClusterPolicies ?? {}).sort(), ['default/s0/80', 'default/s1/80', 'default/s2/80', 'default/s3/80']);
    const carried = ir.backendClusterPolicies;
    ir = step([route('r5', 's2', 2)]);
    assert.equal(clusterOf(ir, 'r5.example.com'), 'default/s2/80', 'a route edit under it');
    assert.equal(ir.backendClusterPolicies, carried, 'the same plain clusters\' policies: the same object');
    const own = policy('own', { group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'r1', sectionName: 'a' }, 3);
    ir = step([own]);
    assert.equal(clusterOf(ir, 'r1.example.com'), 'default/s1/80/backendpolicy/default/own', 'a rule\'s own: a cluster of its own');
    assert.equal(clusterOf(ir, 'r5.example.com'), 'default/s1/80'.replace('s1', 's2'));
    const onService = policy('svc', { group: '', kind: 'Service', name: 's1' }, 7);
    ir = step([onService]);
    assert.equal(clusterOf(ir, 'r1.example.com'), 'default/s1/80', 'the Service\'s policy wins, on the plain cluster');
    assert.equal(ir.backendClusterPolicies?.['default/s1/80']?.source.name, 'svc');
    const tcp = { apiVersion: GW, kind: 'TCPRoute', metadata: { name: 'db', namespace: 'default', generation: 1 },
      spec: { parentRefs: [{ name: 'g1', sectionName: 'tcp' }], rules: [{ backendRefs: [{ name: 's3', port: 80 }] }] } } as TCPRoute;
    ir = step([tcp]);
    assert.equal(clusterOf(ir, 'r3.example.com'), 'default/s3/80/backendpolicy/default/wide', 'a backend a TCP route shares: the policy\'s own cluster');
    assert.equal(ir.backendClusterPolicies?.['default/s3/80'], undefined);
    ir = step([policy('wide', gateway, 11)]);
    assert.equal(ir.backendClusterPolicies?.['default/s0/80']?.circuitBreaker?.maxConnections, 11, 'edited');
    ir = step([], [tcp, onService, own]);
    ir = step([], [wide]);
    assert.equal(ir.backendClusterPolicies, undefined, 'removed: the plain clusters carry nothing');
    assert.equal(clusterOf(ir, 'r1.example.com'), 'default/s1/80');
  });
});
