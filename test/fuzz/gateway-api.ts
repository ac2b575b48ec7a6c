/**
 * fast-check arbitraries for Gateway API input, built from the OpenAPI schemas of the pinned
 * v1.7.0 CRDs (crds/): every kind Pier reads, with its fields, enums, patterns, bounds and
 * required lists. Names and references come from small pools so that routes find their
 * Gateways, backends their Services, listeners their Secrets; hostnames, paths and ports too.
 * In "hostile" mode any field may instead hold a value of the wrong type, an out-of-range number,
 * an over-long string or null: input the validator must reject cleanly.
 * Core kinds (Service, EndpointSlice, Secret, Namespace) have no CRD: they are written by hand.
 */
import fc from 'fast-check';
import { defaultCrdSchemas, type JSONSchemaProps } from '../../src/provider/crd';

export const CONTROLLER = 'pier.dev/gateway-controller';
const NAMESPACES = ['default', 'other'];
const GATEWAYS = ['gw-a', 'gw-b'];
const SERVICES = ['svc-a', 'svc-b', 'missing'];
const SECRETS = ['tls-good', 'tls-bad', 'missing'];
const LISTENERS = ['http', 'https', 'tls', 'l1'];
const HOSTNAMES = ['example.com', '*.example.com', 'a.example.com', 'b.example.org', '*.org'];
const PORTS = [80, 443, 8080, 10080, 10443];

/** Kinds generated from their CRD schema, with their apiVersion. */
export const CRD_KINDS = ['GatewayClass', 'Gateway', 'HTTPRoute', 'GRPCRoute', 'TLSRoute', 'TCPRoute', 'UDPRoute', 'ReferenceGrant', 'BackendTLSPolicy',
  'XBackendTrafficPolicy', 'XBackend'] as const;
export type CrdKindName = (typeof CRD_KINDS)[number];

export interface FuzzOptions {
  /** Put invalid values anywhere (wrong types, bounds, lengths, null). */
  hostile: boolean;
}

/** A string arbitrary for a field, chosen by where it is: names and references come from pools. */
function pooledString(path: readonly string[], schema: JSONSchemaProps): fc.Arbitrary<string> | undefined {
  const field = path[path.length - 1] ?? '';
  const parent = path[path.length - 2] ?? '';
  const within = (name: string) => path.includes(name);
  if (field === 'namespace') return fc.constantFrom(...NAMESPACES);
  if (field === 'gatewayClassName') return fc.constantFrom('pier', 'pier', 'other-class');
  if (field === 'controllerName') return fc.constantFrom(CONTROLLER, CONTROLLER, 'example.com/other');
  if (field === 'sectionName') return fc.constantFrom(...LISTENERS);
  if (field === 'name') {
    if (within('parentRefs') || within('targetRefs') || within('ancestorRef')) return fc.constantFrom(...GATEWAYS, ...SERVICES);
    if (within('certificateRefs') || within('caCertificateRefs')) return fc.constantFrom(...SECRETS, 'ca-bundle');
    if (within('backendRefs') || within('backendRef')) return fc.constantFrom(...SERVICES);
    if (within('listeners')) return fc.constantFrom(...LISTENERS);
    if (within('headers') || within('queryParams') || parent === 'set' || parent === 'add') {
      return fc.constantFrom('x-user', 'X-Env', 'content-type', 'grpc-status', ':authority');
    }
  }
  if (field === 'hostname' || (field === 'hostnames') || path[path.length - 2] === 'hostnames') return fc.constantFrom(...HOSTNAMES);
  if (field === 'kind') return fc.constantFrom('Gateway', 'Service', 'Secret', 'HTTPRoute', 'ConfigMap', 'Foo');
  if (field === 'group') return fc.constantFrom('', '', 'gateway.networking.k8s.io', 'example.com');
  // Values Envoy is strict about: regexes RE2 refuses or that match everything, encoded and odd paths.
  if (field === 'value' && within('path')) return fc.constantFrom('/', '/a', '/a/b', '/api/', '/x.y', '/%20', '/(a|b)', '/[', '/.*', '/a//b', '/a?b');
  if (field === 'value' && (within('headers') || within('queryParams'))) return fc.constantFrom('v', '', '(', '.*', 'a b', '\\d+', 'x'.repeat(100));
  if (field === 'replacePrefixMatch' || field === 'replaceFullPath') return fc.constantFrom('/', '/b', '/b/c/');
  if (field === 'service' && parent === 'method') return fc.constantFrom('pkg.Svc', 'grpc.health.v1.Health');
  if (field === 'method' && parent === 'method') return fc.constantFrom('Get', 'Check', 'Watch');
  if (field === 'protocol' && within('listeners')) return fc.constantFrom('HTTP', 'HTTPS', 'TLS', 'TCP', 'UDP', 'HTTP', 'example.com/custom', 'WSS');
  if (schema.enum) return undefined;
  return undefined;
}

const JUNK: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null), fc.integer({ min: -70_000, max: 70_000 }), fc.boolean(), fc.string({ maxLength: 8 }),
  fc.constant('x'.repeat(300)), fc.constant([]), fc.constant({}), fc.constant({ unexpected: 1 }),
);

function withJunk<T>(arb: fc.Arbitrary<T>, o: FuzzOptions): fc.Arbitrary<T | unknown> {
  return o.hostile ? fc.oneof({ arbitrary: arb, weight: 30 }, { arbitrary: JUNK, weight: 1 }) : arb;
}

function stringFor(schema: JSONSchemaProps, path: readonly string[]): fc.Arbitrary<string> {
  const pooled = pooledString(path, schema);
  if (pooled) return pooled;
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  const max = Math.min(schema.maxLength ?? 24, 24);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 253) && s.length >= (schema.minLength ?? 0));
    } catch {
      // A pattern fast-check cannot generate from: plain strings, which validation may reject.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(max, schema.minLength ?? 0) });
}

function integerFor(schema: JSONSchemaProps, path: readonly string[]): fc.Arbitrary<number> {
  const field = path[path.length - 1] ?? '';
  const min = schema.minimum ?? -10;
  const max = schema.maximum ?? 100_000;
  if (field === 'port') return fc.oneof(fc.constantFrom(...PORTS), fc.integer({ min, max }));
  if (field === 'weight') return fc.oneof(fc.constantFrom(0, 1, 50), fc.integer({ min, max }));
  return fc.integer({ min, max });
}

/** An arbitrary for any value the schema describes; path is the field path (for pools). */
export function fromSchema(schema: JSONSchemaProps, path: readonly string[], o: FuzzOptions, depth = 0): fc.Arbitrary<unknown> {
  if (schema['x-kubernetes-int-or-string']) return withJunk(fc.oneof(fc.integer({ min: 0, max: 65_535 }), fc.constantFrom('http', '80', '50%')), o);
  if (schema['x-kubernetes-preserve-unknown-fields'] && !schema.properties) return fc.constant({});
  switch (schema.type) {
    case 'string': return withJunk(stringFor(schema, path), o);
    case 'integer': case 'number': return withJunk(integerFor(schema, path), o);
    case 'boolean': return withJunk(fc.boolean(), o);
    case 'array': {
      const items = schema.items ?? { type: 'string' };
      const maxLength = Math.min(schema.maxItems ?? 3, depth > 3 ? 1 : 3);
      const minLength = Math.min(schema.minItems ?? 0, maxLength);
      return withJunk(fc.array(fromSchema(items, [...path, '[]'], o, depth + 1), { minLength, maxLength }), o);
    }
    case 'object':
    default: {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const keys = Object.keys(props).filter((k) => k !== 'status');
      if (keys.length === 0) {
        const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : { type: 'string' as const };
        return withJunk(fc.dictionary(fc.constantFrom('a', 'b', 'app', 'tier'), fromSchema(values, [...path, '*'], o, depth + 1), { maxKeys: 2 }), o);
      }
      // Deep in the tree, optional fields become rare: the objects stay small.
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) model[k] = fromSchema(props[k] as JSONSchemaProps, [...path, k], o, depth + 1);
      const requiredKeys = keys.filter((k) => required.has(k));
      const optional = keys.filter((k) => !required.has(k));
      const chosen = fc.subarray(optional, { maxLength: Math.min(optional.length, depth > 4 ? 1 : 4) });
      return withJunk(chosen.chain((extra) => {
        const pick: Record<string, fc.Arbitrary<unknown>> = {};
        for (const k of [...requiredKeys, ...extra]) pick[k] = model[k] as fc.Arbitrary<unknown>;
        return fc.record(pick);
      }), o);
    }
  }
}

/** One Gateway API object of a CRD kind: apiVersion, kind, metadata from the pools, spec from the schema. */
export function crdObject(kind: CrdKindName, o: FuzzOptions): fc.Arbitrary<Record<string, unknown>> {
  const schemas = defaultCrdSchemas();
  const crd = schemas.crd(kind);
  if (!crd) throw new Error(`no CRD for ${kind}`);
  const [version, served] = Object.entries(crd.versions).find(([, v]) => v.storage) ?? [];
  if (!version || !served) throw new Error(`no storage version for ${kind}`);
  const spec = served.schema.properties?.spec;
  const names = kind === 'Gateway' ? GATEWAYS : kind === 'GatewayClass' ? ['pier', 'other-class'] : ['r1', 'r2', 'r3'];
  return fc.record({
    name: fc.constantFrom(...names),
    namespace: fc.constantFrom(...NAMESPACES),
    spec: spec ? fromSchema(spec, [kind, 'spec'], o) : fc.constant({}),
  }).map(({ name, namespace, spec: s }) => ({
    apiVersion: `${crd.group}/${version}`,
    kind,
    metadata: kind === 'GatewayClass' ? { name } : { name, namespace },
    spec: s,
  }));
}

/** A valid TLS certificate and key (PEM) for the "tls-good" Secret, and a mismatched pair for "tls-bad". */
export interface FuzzCertificates {
  goodCert: string;
  goodKey: string;
  otherKey: string;
}

function coreObjects(certs: FuzzCertificates): fc.Arbitrary<Record<string, unknown>[]> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const service = fc.record({
    name: fc.constantFrom('svc-a', 'svc-b'),
    namespace: fc.constantFrom(...NAMESPACES),
    port: fc.constantFrom(80, 8080),
    targetPort: fc.constantFrom(8080, 9090),
    appProtocol: fc.option(fc.constantFrom('http', 'kubernetes.io/h2c', 'kubernetes.io/ws', 'kubernetes.io/wss'), { nil: undefined }),
    externalName: fc.option(fc.constantFrom('backend.example.com'), { nil: undefined, freq: 6 }),
  }).map((s) => ({
    apiVersion: 'v1', kind: 'Service', metadata: { name: s.name, namespace: s.namespace },
    spec: {
      ...(s.externalName ? { type: 'ExternalName', externalName: s.externalName } : {}),
      ports: [{ name: 'http', port: s.port, targetPort: s.targetPort, ...(s.appProtocol ? { appProtocol: s.appProtocol } : {}) }],
    },
  }));
  const slice = fc.record({
    service: fc.constantFrom('svc-a', 'svc-b'),
    namespace: fc.constantFrom(...NAMESPACES),
    ips: fc.array(fc.integer({ min: 1, max: 254 }).map((n) => `127.0.0.${n}`), { minLength: 0, maxLength: 3 }),
    port: fc.constantFrom(8080, 9090),
    ready: fc.boolean(),
  }).map((e) => ({
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: { name: `${e.service}-1`, namespace: e.namespace, labels: { 'kubernetes.io/service-name': e.service } },
    addressType: 'IPv4',
    endpoints: e.ips.map((ip) => ({ addresses: [ip], conditions: { ready: e.ready } })),
    ports: [{ name: 'http', port: e.port, protocol: 'TCP' }],
  }));
  const secret = fc.record({ name: fc.constantFrom('tls-good', 'tls-bad', 'ca-bundle'), namespace: fc.constantFrom(...NAMESPACES) }).map((s) => (
    s.name === 'ca-bundle'
      ? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: s.name, namespace: s.namespace }, data: { 'ca.crt': certs.goodCert } }
      : {
        apiVersion: 'v1', kind: 'Secret', metadata: { name: s.name, namespace: s.namespace }, type: 'kubernetes.io/tls',
        data: { 'tls.crt': b64(certs.goodCert), 'tls.key': b64(s.name === 'tls-good' ? certs.goodKey : certs.otherKey) },
      }));
  return fc.tuple(fc.array(service, { maxLength: 3 }), fc.array(slice, { maxLength: 3 }), fc.array(secret, { maxLength: 2 }))
    .map(([a, b, c]) => [...a, ...b, ...c]);
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/**
 * The cross-field rules of the CRDs (CEL) that random values almost never meet, met by
 * adjusting what was generated: listener names and (port, protocol, hostname) unique, TLS
 * settings where the protocol needs them and nowhere else, a port on every Service backend,
 * a filter's type naming its one field. Validation is still exercised in full by the hostile
 * cases and by what these adjustments leave alone.
 */
function meetCrossFieldRules(o: Obj): Obj {
  const spec = isObj(o.spec) ? o.spec : undefined;
  if (!spec) return o;
  if (o.kind === 'Gateway') {
    if (Array.isArray(spec.addresses)) spec.addresses = [{ type: 'IPAddress', value: '127.0.0.1' }];
    const names = new Set<string>();
    const triples = new Set<string>();
    spec.listeners = list(spec.listeners).filter((l, i) => {
      for (let n = i; typeof l.name !== 'string' || names.has(l.name); n++) l.name = `l${n}`;
      names.add(l.name as string);
      const protocol = l.protocol;
      if (protocol === 'HTTPS' || (protocol === 'TLS' && (!isObj(l.tls) || l.tls.mode !== 'Passthrough'))) {
        const tls = isObj(l.tls) ? l.tls : {};
        l.tls = { ...tls, mode: 'Terminate', certificateRefs: list(tls.certificateRefs).length > 0 ? tls.certificateRefs : [{ name: 'tls-good' }] };
      } else if (protocol !== 'TLS') delete l.tls;
      if (protocol === 'TCP' || protocol === 'UDP') delete l.hostname;
      const triple = `${String(l.port)}/${String(protocol)}/${String(l.hostname ?? '')}`;
      if (triples.has(triple)) return false;
      triples.add(triple);
      return true;
    });
  }
  if (o.kind === 'BackendTLSPolicy' && isObj(spec.validation)) {
    const v = spec.validation;
    if (list(v.caCertificateRefs).length > 0) delete v.wellKnownCACertificates;
    else if (v.wellKnownCACertificates === undefined) v.caCertificateRefs = [{ group: '', kind: 'ConfigMap', name: 'ca-bundle' }];
    v.hostname = 'example.com';
    delete v.subjectAltNames;
  }
  // sessionPersistence (XBackendTrafficPolicy, HTTPRoute and GRPCRoute rules): the field of its type only.
  for (const holder of [spec, ...list(spec.rules)]) {
    const sp = holder.sessionPersistence;
    if (!isObj(sp)) continue;
    if (sp.type === 'Header') {
      delete sp.cookie;
      if (!isObj(sp.header)) sp.header = { name: 'x-session' };
    } else {
      sp.type = 'Cookie';
      delete sp.header;
      if (!isObj(sp.cookie)) sp.cookie = {};
      if ((sp.cookie as Obj).lifetimeType === 'Permanent' && sp.absoluteTimeout === undefined) sp.absoluteTimeout = '1h';
    }
  }
  if (o.kind === 'XBackend') meetXBackendRules(spec);
  for (const rule of list(spec.rules)) {
    for (const ref of list(rule.backendRefs)) {
      if ((ref.kind ?? 'Service') === 'Service' && (ref.group ?? '') === '' && ref.port === undefined) ref.port = 80;
      fixFilters(ref.filters);
    }
    fixFilters(rule.filters);
  }
  return o;
}

/** XBackend's union and its protocol/TLS pairings (its CEL rules), from what was generated. */
function meetXBackendRules(spec: Obj): void {
  if (spec.type === 'EndpointSelector') {
    delete spec.externalHostname;
    delete spec.sessionPersistence;
    if (!isObj(spec.endpointSelector)) spec.endpointSelector = { matchLabels: { app: 'web' } };
  } else {
    spec.type = 'ExternalHostname';
    delete spec.endpointSelector;
    delete spec.sessionPersistence;
    spec.externalHostname = { hostname: 'backend.example.com' };
  }
  const tls = isObj(spec.tls) ? spec.tls : { mode: 'None' };
  const needsTLS = spec.protocol === 'HTTP2' || spec.protocol === 'WSS';
  if (spec.protocol === 'H2C' || (!needsTLS && tls.mode === 'None')) {
    spec.tls = { mode: 'None' };
    return;
  }
  const mode = tls.mode === 'ClientAndServer' ? 'ClientAndServer' : 'ServerOnly';
  spec.tls = {
    mode,
    validation: { hostname: 'example.com', caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'ca-bundle' }] },
    ...(mode === 'ClientAndServer' ? { clientCertificateRef: { name: 'tls-good' } } : {}),
  };
}

const FILTER_FIELDS: Record<string, string> = {
  requestHeaderModifier: 'RequestHeaderModifier', responseHeaderModifier: 'ResponseHeaderModifier', requestMirror: 'RequestMirror',
  requestRedirect: 'RequestRedirect', urlRewrite: 'URLRewrite', extensionRef: 'ExtensionRef', cors: 'CORS', externalAuth: 'ExternalAuth',
};

function fixFilters(filters: unknown): void {
  for (const f of list(filters)) {
    const present = Object.keys(FILTER_FIELDS).filter((k) => k in f);
    for (const k of present.slice(1)) delete f[k];
    if (present[0]) f.type = FILTER_FIELDS[present[0]];
    else {
      f.type = 'RequestHeaderModifier';
      f.requestHeaderModifier = { set: [{ name: 'x-fuzz', value: '1' }] };
    }
    const mirror = f.requestMirror;
    if (isObj(mirror) && isObj(mirror.backendRef) && mirror.backendRef.port === undefined) mirror.backendRef.port = 80;
  }
}

/** A whole input: a GatewayClass of Pier's, Gateways, routes, policies and core objects. */
export function gatewayApiInput(certs: FuzzCertificates, o: FuzzOptions): fc.Arbitrary<Record<string, unknown>[]> {
  const ourClass = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } };
  const some = (kind: CrdKindName, max: number) => fc.array(crdObject(kind, o), { maxLength: max });
  return fc.tuple(
    some('GatewayClass', 1), fc.array(crdObject('Gateway', o), { minLength: 1, maxLength: 2 }),
    some('HTTPRoute', 3), some('GRPCRoute', 1), some('TLSRoute', 1), some('TCPRoute', 1), some('UDPRoute', 1),
    some('ReferenceGrant', 1), some('BackendTLSPolicy', 1), coreObjects(certs), some('XBackendTrafficPolicy', 1),
    some('XBackend', 2),
  ).map((groups) => {
    const objects = [ourClass, ...groups.flat()];
    return o.hostile ? objects : objects.map((x) => meetCrossFieldRules(structuredClone(x)));
  });
}
