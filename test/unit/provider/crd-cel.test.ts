import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFieldError } from '../../../src/provider/crd/errors';
import { evaluateCelRules, isTransitionRule } from '../../../src/provider/crd/cel/evaluate';
import { defaultCrdSchemas } from '../../../src/provider/crd/load';
import { CEL_NOT_CHECKED, validateResource } from '../../../src/provider/crd/resource';
import type { JSONSchemaProps } from '../../../src/provider/crd/schema';

const GROUP = 'gateway.networking.k8s.io';
const schemas = defaultCrdSchemas();

type Spec = Record<string, unknown>;
const object = (kind: string, spec: Spec, version = 'v1'): Record<string, unknown> =>
  ({ apiVersion: `${GROUP}/${version}`, kind, metadata: { name: 'x', namespace: 'default' }, spec });

/** Problem messages without the common `Kind.group "x" is invalid: ` prefix. */
function problems(obj: Record<string, unknown>): string[] {
  const result = validateResource(schemas, obj);
  assert.ok(result, 'a schema exists');
  const prefix = `${String(obj.kind)}.${GROUP} "x" is invalid: `;
  return result.problems.map((p) => (p.message.startsWith(prefix) ? p.message.slice(prefix.length) : p.message));
}

const backend = { name: 'svc', port: 80 };
const httpRoute = (rules: unknown[], extra: Spec = {}): Record<string, unknown> => object('HTTPRoute', { parentRefs: [{ name: 'eg' }], rules, ...extra });
const pathRule = (type: string, value: string): Record<string, unknown> => httpRoute([{ matches: [{ path: { type, value } }], backendRefs: [backend] }]);
const filterRule = (filters: unknown[], extra: Spec = {}): Record<string, unknown> => httpRoute([{ filters, ...extra }]);
const listener = (fields: Spec): Spec => ({ name: 'l', port: 80, protocol: 'HTTP', ...fields });
const gateway = (listeners: Spec[], extra: Spec = {}): Record<string, unknown> => object('Gateway', { gatewayClassName: 'pier', listeners, ...extra });
const grpcRoute = (rules: unknown[]): Record<string, unknown> => object('GRPCRoute', { rules });
const tlsRoute = (hostnames: string[]): Record<string, unknown> => object('TLSRoute', { hostnames, rules: [{ backendRefs: [backend] }] });
const cert = { certificateRefs: [{ name: 'cert' }] };
const caValidation = { validation: { caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'ca' }] } };

const ARRAY = 'Invalid value: "array"';
const OBJECT = 'Invalid value: "object"';

interface Case { name: string; obj: Record<string, unknown>; expected: string[] }

const HTTPROUTE_CASES: Case[] = [
  { name: 'a valid route', obj: pathRule('PathPrefix', '/api/v1'), expected: [] },
  { name: 'path must be absolute', obj: pathRule('PathPrefix', 'api'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: value must be an absolute path and start with '/' when type one of ['Exact', 'PathPrefix']`] },
  { name: 'path without //', obj: pathRule('Exact', '/a//b'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must not contain '//' when type one of ['Exact', 'PathPrefix']`] },
  { name: 'path without /./', obj: pathRule('Exact', '/a/./b'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must not contain '/./' when type one of ['Exact', 'PathPrefix']`] },
  { name: 'path without /../', obj: pathRule('Exact', '/a/../b'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must not contain '/../' when type one of ['Exact', 'PathPrefix']`] },
  { name: 'path without %2f', obj: pathRule('Exact', '/a%2fb'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must not contain '%2f' when type one of ['Exact', 'PathPrefix']`] },
  { name: 'path without %2F', obj: pathRule('Exact', '/a%2Fb'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must not contain '%2F' when type one of ['Exact', 'PathPrefix']`] },
  {
    name: 'path without # (also not a path character)', obj: pathRule('Exact', '/a#b'), expected: [
      `spec.rules[0].matches[0].path: ${OBJECT}: must not contain '#' when type one of ['Exact', 'PathPrefix']`,
      `spec.rules[0].matches[0].path: ${OBJECT}: must only contain valid characters (matching ^(?:[-A-Za-z0-9/._~!$&'()*+,;=:@]|[%][0-9a-fA-F]{2})+$) for types ['Exact', 'PathPrefix']`,
    ],
  },
  { name: 'path not ending in /..', obj: pathRule('PathPrefix', '/a/..'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must not end with '/..' when type one of ['Exact', 'PathPrefix']`] },
  { name: 'path not ending in /.', obj: pathRule('PathPrefix', '/a/.'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must not end with '/.' when type one of ['Exact', 'PathPrefix']`] },
  { name: 'path characters', obj: pathRule('PathPrefix', '/a b'), expected: [`spec.rules[0].matches[0].path: ${OBJECT}: must only contain valid characters (matching ^(?:[-A-Za-z0-9/._~!$&'()*+,;=:@]|[%][0-9a-fA-F]{2})+$) for types ['Exact', 'PathPrefix']`] },
  { name: 'regular expressions are not literal paths', obj: pathRule('RegularExpression', '^/a//(b|c)#'), expected: [] },
  {
    name: 'a filter field must match the filter type',
    obj: filterRule([{ type: 'ResponseHeaderModifier', requestHeaderModifier: { set: [{ name: 'a', value: 'b' }] } }]),
    expected: [
      `spec.rules[0].filters[0]: ${OBJECT}: filter.requestHeaderModifier must be nil if the filter.type is not RequestHeaderModifier`,
      `spec.rules[0].filters[0]: ${OBJECT}: filter.responseHeaderModifier must be specified for ResponseHeaderModifier filter.type`,
    ],
  },
  {
    name: 'the same filter twice',
    obj: filterRule([{ type: 'RequestHeaderModifier', requestHeaderModifier: { remove: ['a'] } }, { type: 'RequestHeaderModifier', requestHeaderModifier: { remove: ['b'] } }], { backendRefs: [backend] }),
    expected: [`spec.rules[0].filters: ${ARRAY}: RequestHeaderModifier filter cannot be repeated`],
  },
  {
    name: 'redirect and rewrite together',
    obj: filterRule([{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }, { type: 'URLRewrite', urlRewrite: { hostname: 'a.example' } }]),
    expected: [`spec.rules[0].filters: ${ARRAY}: May specify either httpRouteFilterRequestRedirect or httpRouteFilterRequestRewrite, but not both`],
  },
  {
    name: 'a redirect with backends',
    obj: filterRule([{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }], { backendRefs: [backend] }),
    expected: [`spec.rules[0]: ${OBJECT}: RequestRedirect filter must not be used together with backendRefs`],
  },
  {
    name: 'prefix replacement needs one PathPrefix match',
    obj: filterRule([{ type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/b' } } }], { matches: [{ path: { type: 'Exact', value: '/a' } }], backendRefs: [backend] }),
    expected: [`spec.rules[0]: ${OBJECT}: When using URLRewrite filter with path.replacePrefixMatch, exactly one PathPrefix match must be specified`],
  },
  {
    name: 'prefix replacement with the default match is fine',
    obj: filterRule([{ type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/b' } } }], { backendRefs: [backend] }),
    expected: [],
  },
  {
    name: 'prefix replacement in a backend filter',
    obj: httpRoute([{ matches: [{ path: { value: '/a' } }, { path: { value: '/b' } }], backendRefs: [{ ...backend, filters: [{ type: 'RequestRedirect', requestRedirect: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/c' } } }] }] }]),
    expected: [`spec.rules[0]: ${OBJECT}: Within backendRefs, when using RequestRedirect filter with path.replacePrefixMatch, exactly one PathPrefix match must be specified`],
  },
  {
    name: 'path modifier fields follow their type',
    obj: filterRule([{ type: 'URLRewrite', urlRewrite: { path: { type: 'ReplaceFullPath', replacePrefixMatch: '/b' } } }], { backendRefs: [backend] }),
    expected: [
      `spec.rules[0].filters[0].urlRewrite.path: ${OBJECT}: replaceFullPath must be specified when type is set to 'ReplaceFullPath'`,
      `spec.rules[0].filters[0].urlRewrite.path: ${OBJECT}: type must be 'ReplacePrefixMatch' when replacePrefixMatch is set`,
    ],
  },
  {
    name: 'mirror: percent or fraction; fraction at most 1',
    obj: filterRule([{ type: 'RequestMirror', requestMirror: { backendRef: backend, percent: 10, fraction: { numerator: 200 } } }], { backendRefs: [backend] }),
    expected: [
      `spec.rules[0].filters[0].requestMirror: ${OBJECT}: Only one of percent or fraction may be specified in HTTPRequestMirrorFilter`,
      `spec.rules[0].filters[0].requestMirror.fraction: ${OBJECT}: numerator must be less than or equal to denominator`,
    ],
  },
  {
    name: 'a Service backend needs a port',
    obj: httpRoute([{ backendRefs: [{ name: 'svc' }, { name: 'other', kind: 'Other', group: 'example.com' }] }]),
    expected: [`spec.rules[0].backendRefs[0]: ${OBJECT}: Must have port for Service reference`],
  },
  {
    name: 'parentRefs: sectionName set for all or none of the same parent',
    obj: httpRoute([{ backendRefs: [backend] }], { parentRefs: [{ name: 'eg' }, { name: 'eg', sectionName: 'http' }] }),
    expected: [`spec.parentRefs: ${ARRAY}: sectionName or port must be specified when parentRefs includes 2 or more references to the same parent`],
  },
  {
    name: 'parentRefs: the same parent and section twice',
    obj: httpRoute([{ backendRefs: [backend] }], { parentRefs: [{ name: 'eg' }, { name: 'eg' }] }),
    expected: [`spec.parentRefs: ${ARRAY}: sectionName or port must be unique when parentRefs includes 2 or more references to the same parent`],
  },
  {
    name: 'parentRefs: the same name in other namespaces are other parents',
    obj: httpRoute([{ backendRefs: [backend] }], { parentRefs: [{ name: 'eg' }, { name: 'eg', namespace: 'infra' }] }),
    expected: [],
  },
  {
    name: 'timeouts: backendRequest within request',
    obj: httpRoute([{ backendRefs: [backend], timeouts: { request: '10s', backendRequest: '1m' } }]),
    expected: [`spec.rules[0].timeouts: ${OBJECT}: backendRequest timeout cannot be longer than request timeout`],
  },
  { name: 'timeouts: a request timeout of 0s disables it', obj: httpRoute([{ backendRefs: [backend], timeouts: { request: '0s', backendRequest: '1m' } }]), expected: [] },
  {
    name: 'CORS: * alone',
    obj: filterRule([{ type: 'CORS', cors: { allowOrigins: ['*', 'https://a.example'] } }], { backendRefs: [backend] }),
    // The same rule text carries a different message at each field.
    expected: [`spec.rules[0].filters[0].cors.allowOrigins: ${ARRAY}: AllowOrigins cannot contain '*' alongside other origins`],
  },
  {
    name: 'at most 128 matches over all rules',
    obj: httpRoute(Array.from({ length: 16 }, (_, i) => ({ matches: Array.from({ length: 9 }, (_m, j) => ({ path: { value: `/r${i}/m${j}` } })), backendRefs: [backend] }))),
    expected: [`spec.rules: ${ARRAY}: While 16 rules and 64 matches per rule are allowed, the total number of matches across all rules in a route must be less than 128`],
  },
];

const GATEWAY_CASES: Case[] = [
  { name: 'a valid gateway', obj: gateway([listener({}), listener({ name: 'https', port: 443, protocol: 'HTTPS', hostname: 'a.example', tls: cert })]), expected: [] },
  { name: 'no tls on HTTP', obj: gateway([listener({ tls: cert })]), expected: [`spec.listeners: ${ARRAY}: tls must not be specified for protocols ['HTTP', 'TCP', 'UDP']`] },
  { name: 'HTTPS terminates', obj: gateway([listener({ protocol: 'HTTPS', tls: { mode: 'Passthrough' } })]), expected: [`spec.listeners: ${ARRAY}: tls mode must be Terminate for protocol HTTPS`] },
  { name: 'TLS needs a mode', obj: gateway([listener({ protocol: 'TLS' })]), expected: [`spec.listeners: ${ARRAY}: tls mode must be set for protocol TLS`] },
  // Not a v1.7.0 listener protocol (Pier: UnsupportedProtocol), yet the API server stores it: an unprefixed name matches the pattern and no rule names WSS.
  { name: 'WSS, with tls in either mode', obj: gateway([listener({ protocol: 'WSS', port: 443, tls: cert }), listener({ name: 'p', protocol: 'WSS', port: 8443, tls: { mode: 'Passthrough' } })]), expected: [] },
  { name: 'no hostname on TCP', obj: gateway([listener({ protocol: 'TCP', hostname: 'a.example' })]), expected: [`spec.listeners: ${ARRAY}: hostname must not be specified for protocols ['TCP', 'UDP']`] },
  {
    name: 'listener names are unique',
    obj: gateway([listener({}), listener({ port: 81 })]),
    expected: ['spec.listeners[1]: Duplicate value: map[string]interface {}{"name":"l"}', `spec.listeners: ${ARRAY}: Listener name must be unique within the Gateway`],
  },
  {
    name: 'port, protocol and hostname are unique',
    obj: gateway([listener({ name: 'a', hostname: 'a.example' }), listener({ name: 'b', hostname: 'a.example' }), listener({ name: 'c' })]),
    expected: [`spec.listeners: ${ARRAY}: Combination of port, protocol and hostname must be unique for each listener`],
  },
  {
    name: 'Terminate needs certificates or options',
    obj: gateway([listener({ protocol: 'HTTPS', port: 443, tls: {} })]),
    // Neither field is there: the rule cannot be evaluated, which the API server reports with the evaluation error.
    expected: [`spec.listeners[0].tls: ${OBJECT}: no such key: options evaluating rule: certificateRefs or options must be specified when mode is Terminate`],
  },
  { name: 'Terminate with options only', obj: gateway([listener({ protocol: 'HTTPS', port: 443, tls: { options: { 'example.com/cert': 'x' } } })]), expected: [] },
  {
    name: 'address values are unique per type',
    obj: gateway([listener({})], { addresses: [{ value: '10.0.0.1' }, { type: 'IPAddress', value: '10.0.0.1' }, { type: 'Hostname', value: 'a.example' }, { type: 'Hostname', value: 'a.example' }] }),
    expected: [`spec.addresses: ${ARRAY}: IPAddress values must be unique`, `spec.addresses: ${ARRAY}: Hostname values must be unique`],
  },
  {
    name: 'Hostname addresses are hostnames',
    obj: gateway([listener({})], { addresses: [{ type: 'Hostname', value: 'A_B' }] }),
    expected: [`spec.addresses[0]: ${OBJECT}: Hostname value must be empty or contain only valid characters (matching ^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$)`],
  },
  {
    name: 'infrastructure label keys',
    obj: gateway([listener({})], { infrastructure: { labels: { '-bad': 'x' }, annotations: { [`${'a'.repeat(253)}/name`]: 'x' } } }),
    expected: [
      `spec.infrastructure.labels: ${OBJECT}: Label keys must be in the form of an optional DNS subdomain prefix followed by a required name segment of up to 63 characters.`,
      `spec.infrastructure.annotations: ${OBJECT}: If specified, the annotation key's prefix must be a DNS subdomain not longer than 253 characters in total.`,
    ],
  },
  {
    name: 'TLS settings per port are unique',
    obj: gateway([listener({})], { tls: { frontend: { default: caValidation, perPort: [443, 443].map((port) => ({ port, tls: caValidation })) } } }),
    expected: ['spec.tls.frontend.perPort[1]: Duplicate value: map[string]interface {}{"port":443}', `spec.tls.frontend.perPort: ${ARRAY}: Port for TLS configuration must be unique within the Gateway`],
  },
];

const OTHER_CASES: Case[] = [
  { name: 'GRPCRoute: a valid method match', obj: grpcRoute([{ matches: [{ method: { service: 'pkg.Svc', method: 'Get' } }], backendRefs: [backend] }]), expected: [] },
  { name: 'GRPCRoute: service or method', obj: grpcRoute([{ matches: [{ method: { type: 'RegularExpression' } }] }]), expected: [`spec.rules[0].matches[0].method: ${OBJECT}: One or both of 'service' or 'method' must be specified`] },
  {
    name: 'GRPCRoute: exact names are valid identifiers',
    obj: grpcRoute([{ matches: [{ method: { service: 'pkg svc', method: '1Get' } }] }]),
    expected: [
      `spec.rules[0].matches[0].method: ${OBJECT}: service must only contain valid characters (matching ^(?i)\\.?[a-z_][a-z_0-9]*(\\.[a-z_][a-z_0-9]*)*$)`,
      `spec.rules[0].matches[0].method: ${OBJECT}: method must only contain valid characters (matching ^[A-Za-z_][A-Za-z_0-9]*$)`,
    ],
  },
  { name: 'GRPCRoute: service names are case-insensitive', obj: grpcRoute([{ matches: [{ method: { service: 'Pkg.Svc' } }] }]), expected: [] },
  {
    name: 'GRPCRoute: at most 128 matches, rules without matches count 0',
    obj: grpcRoute([...Array.from({ length: 15 }, () => ({ matches: Array.from({ length: 9 }, () => ({ method: { service: 's' } })) })), {}]),
    expected: [`spec.rules: ${ARRAY}: While 16 rules and 64 matches per rule are allowed, the total number of matches across all rules in a route must be less than 128`],
  },
  { name: 'TLSRoute: no IP hostnames', obj: tlsRoute(['10.0.0.1']), expected: [`spec.hostnames: ${ARRAY}: Hostnames cannot contain an IP`] },
  { name: 'TLSRoute: wildcards lead', obj: tlsRoute(['*.a.example', 'b.example']), expected: [] },
  {
    name: 'TLSRoute: a wildcard elsewhere',
    obj: tlsRoute(['a.*.example']),
    expected: [
      `spec.hostnames[0]: Invalid value: "a.*.example": spec.hostnames[0] in body should match '^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$'`,
      `spec.hostnames: ${ARRAY}: Wildcards on hostnames must be the first label, and the rest of hostname must be valid based on RFC-1123`,
    ],
  },
  {
    name: 'BackendTLSPolicy: target sections and CA sources',
    obj: object('BackendTLSPolicy', {
      targetRefs: [{ group: '', kind: 'Service', name: 's' }, { group: '', kind: 'Service', name: 's', sectionName: 'https' }],
      validation: { hostname: 'a.example', subjectAltNames: [{ type: 'URI', hostname: 'a.example' }] },
    }),
    expected: [
      `spec.targetRefs: ${ARRAY}: sectionName must be specified when targetRefs includes 2 or more references to the same target`,
      `spec.validation: ${OBJECT}: exactly one of the fields in [caCertificateRefs wellKnownCACertificates] must be set`,
      `spec.validation.subjectAltNames[0]: ${OBJECT}: SubjectAltName element must not contain Hostname, if Type is not set to Hostname`,
      `spec.validation.subjectAltNames[0]: ${OBJECT}: SubjectAltName element must contain URI, if Type is set to URI`,
    ],
  },
];

describe('CEL rules of the Gateway API CRDs: a corpus of objects and their verdicts', () => {
  for (const [group, cases] of [['HTTPRoute', HTTPROUTE_CASES], ['Gateway', GATEWAY_CASES], ['other kinds', OTHER_CASES]] as const) {
    describe(group, () => {
      for (const c of cases) test(c.name, () => assert.deepEqual(problems(c.obj), c.expected));
    });
  }

  test('schema errors that make CEL inputs unreliable stop CEL rules, as in the API server', () => {
    assert.deepEqual(problems(httpRoute([{ matches: [{ path: { type: 'Prefix', value: 'api' } }] }])), [
      'spec.rules[0].matches[0].path.type: Unsupported value: "Prefix": supported values: "Exact", "PathPrefix", "RegularExpression"',
      CEL_NOT_CHECKED,
    ]);
    // A pattern mismatch does not block: CEL rules still run.
    assert.deepEqual(problems(httpRoute([{ backendRefs: [{ name: 'svc', kind: 'Service', group: 'Bad_Group' }] }])), [
      `spec.rules[0].backendRefs[0].group: Invalid value: "Bad_Group": spec.rules[0].backendRefs[0].group in body should match '^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$'`,
    ]);
  });

  test('unknown fields are rejected before anything else, in strict decoding words', () => {
    assert.deepEqual(problems(httpRoute([{ matchs: [] }], { hostname: 'a' })), [
      'HTTPRoute in version "v1" cannot be handled as a HTTPRoute: strict decoding error: unknown field "spec.rules[0].matchs"',
      'HTTPRoute in version "v1" cannot be handled as a HTTPRoute: strict decoding error: unknown field "spec.hostname"',
    ]);
    const pruned = validateResource(schemas, httpRoute([{ matchs: [], backendRefs: [backend] }]), { unknownFields: 'prune' });
    assert.deepEqual(pruned?.problems, []);
    assert.equal('matchs' in ((pruned?.object.spec as { rules: object[] }).rules[0] ?? {}), false);
  });

  test('a valid object comes back defaulted; an invalid one unchanged', () => {
    const valid = validateResource(schemas, httpRoute([{ backendRefs: [backend] }]));
    assert.deepEqual((valid?.object.spec as { parentRefs: unknown }).parentRefs, [{ name: 'eg', group: GROUP, kind: 'Gateway' }]);
    const input = httpRoute([{ backendRefs: [{ name: 'svc' }] }]);
    assert.deepEqual(validateResource(schemas, input)?.object, input);
  });
});


describe('CEL evaluation machinery', () => {
  const schema = (rules: { rule: string; message?: string; fieldPath?: string; reason?: string; messageExpression?: string }[]): JSONSchemaProps => ({
    type: 'object',
    properties: {
      spec: {
        type: 'object', 'x-kubernetes-validations': rules,
        properties: { a: { type: 'integer' }, b: { type: 'integer' }, namespace: { type: 'string' }, 'x-y': { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } },
      },
    },
  });
  const run = (rules: Parameters<typeof schema>[0], spec: unknown, oldSpec?: unknown): string[] =>
    evaluateCelRules(schema(rules), { spec }, [], oldSpec === undefined ? undefined : { spec: oldSpec }).errors.map(formatFieldError);

  test('a failing rule reports its message at the node; a passing one nothing', () => {
    assert.deepEqual(run([{ rule: 'self.a < self.b', message: 'a must be below b' }], { a: 2, b: 1 }), ['spec: Invalid value: "object": a must be below b']);
    assert.deepEqual(run([{ rule: 'self.a < self.b', message: 'a must be below b' }], { a: 1, b: 2 }), []);
  });

  test('without a message, the rule is quoted; fieldPath, reason and messageExpression shape the error', () => {
    assert.deepEqual(run([{ rule: 'self.a < self.b' }], { a: 2, b: 1 }), ['spec: Invalid value: "object": failed rule: self.a < self.b']);
    assert.deepEqual(run([{ rule: 'self.a < self.b', message: 'm', fieldPath: '.b', reason: 'FieldValueForbidden' }], { a: 2, b: 1 }), ['spec.b: Forbidden: m']);
    assert.deepEqual(run([{ rule: 'self.a < self.b', message: 'm', reason: 'FieldValueRequired' }], { a: 2, b: 1 }), ['spec: Required value: m']);
    assert.deepEqual(run([{ rule: 'self.a < self.b', message: 'm', messageExpression: "'a is ' + string(self.a)" }], { a: 2, b: 1 }), ['spec: Invalid value: "object": a is 2']);
  });

  test('an evaluation error fails the rule, with the error in the API server\'s words', () => {
    assert.deepEqual(run([{ rule: 'self.missing == 1', message: 'needs missing' }], { a: 1 }), ['spec: Invalid value: "object": no such key: missing evaluating rule: needs missing']);
  });

  test('fields are typed and named as Kubernetes presents them to CEL', () => {
    // integers are ints (int + int, no double), keywords and punctuation are escaped, maps keep their keys
    assert.deepEqual(run([{ rule: 'self.a + 1 == 3 && type(self.a) == int' }], { a: 2 }), []);
    assert.deepEqual(run([{ rule: "self.__namespace__ == 'ns' && self.x__dash__y == 'v'" }], { namespace: 'ns', 'x-y': 'v' }), []);
    // A keyword field may also be selected as written, as the API server allows since Kubernetes 1.32;
    // iteration sees it once, escaped; a map's key of that name is read as written.
    assert.deepEqual(run([{ rule: "has(self.namespace) && self.namespace == self.__namespace__ && [self][0].namespace == 'ns'" }], { namespace: 'ns' }), []);
    assert.deepEqual(run([{ rule: "self.all(k, k != 'namespace') && self.exists_one(k, k == '__namespace__')" }], { namespace: 'ns' }), []);
    assert.deepEqual(run([{ rule: '!has(self.namespace)', message: 'no namespace' }], { namespace: 'ns' }), ['spec: Invalid value: "object": no namespace']);
    assert.deepEqual(run([{ rule: '!has(self.namespace)', message: 'no namespace' }], { a: 1 }), []);
    assert.deepEqual(run([{ rule: 'self.namespace == 1', message: 'needs namespace' }], { a: 1 }), ['spec: Invalid value: "object": no such key: namespace evaluating rule: needs namespace']);
    assert.deepEqual(run([{ rule: "has(self.labels.namespace) && self.labels.namespace == 'x' && !has(self.labels.__namespace__)" }], { labels: { namespace: 'x' } }), []);
    assert.deepEqual(run([{ rule: "self.labels.all(k, k.split('/').size() == 2) && 'a/b' in self.labels" }], { labels: { 'a/b': 'x' } }), []);
  });

  test('the Kubernetes library functions the CRDs use: isIP, split, substring, duration, RE2 matches', () => {
    assert.deepEqual(run([{ rule: "isIP('10.0.0.1') && isIP('::1') && !isIP('::ffff:10.0.0.1') && !isIP('fe80::1%eth0') && !isIP('010.0.0.1') && !isIP('a.example')" }], {}), []);
    assert.deepEqual(run([{ rule: "'a/b/c'.split('/')[1] == 'b' && 'abcdef'.substring(2) == 'cdef'" }], {}), []);
    assert.deepEqual(run([{ rule: "duration('1m') > duration('10s') && duration('1h30m') == duration('90m') && duration('0s') == duration('0ms')" }], {}), []);
    // (?i) is RE2 syntax that JavaScript regular expressions lack
    assert.deepEqual(run([{ rule: "'Pkg.Svc'.matches('^(?i)[a-z.]+$') && !'a b'.matches('^[a-z]+$') && matches('ab', 'b$')" }], {}), []);
  });

  test('has() on an indexed element, as the HTTPRoute rules write it', () => {
    assert.deepEqual(run([{ rule: 'self.labels.size() == 0 || has(self.labels.x)' }], { labels: {} }), []);
    const rule = { rule: "[self].exists(s, has([s][0].a))", message: 'needs a' };
    assert.deepEqual(run([rule], { a: 1 }), []);
    assert.deepEqual(run([rule], { b: 1 }), ['spec: Invalid value: "object": needs a']);
  });

  test('transition rules run only on an update, against the stored object', () => {
    const immutable = { rule: 'self == oldSelf', message: 'Value is immutable' };
    assert.deepEqual(run([immutable], { a: 1 }), [], 'create');
    assert.deepEqual(run([immutable], { a: 1 }, { a: 1 }), [], 'unchanged');
    assert.deepEqual(run([immutable], { a: 2 }, { a: 1 }), ['spec: Invalid value: "object": Value is immutable']);
    assert.equal(isTransitionRule('self == oldSelf'), true);
    assert.equal(isTransitionRule('self.oldSelfish == 1'), false);
  });

  test('absent values are not checked; a rule that does not compile is skipped and collected', () => {
    assert.deepEqual(evaluateCelRules(schema([{ rule: 'self.a < self.b' }]), {}).errors, []);
    const result = evaluateCelRules(schema([{ rule: 'self.a <' }]), { spec: { a: 1 } });
    assert.deepEqual(result.errors, []);
    assert.deepEqual([...result.skipped], ['self.a <']);
  });
});
