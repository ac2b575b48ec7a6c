/**
 * Every x-kubernetes-validations rule of the vendored CRDs, run where it is written (each kind,
 * version and field that carries it), on sample values that make it pass and fail. Each sample
 * names the rules it must break (by a piece of their message); every other rule at that place
 * must hold. The test fails when a rule of the bundle is never made to pass or to fail, so a CRD
 * update that brings new rules needs new samples here.
 *
 * The same samples also go through @bufbuild/cel, an implementation that passes the cel-spec
 * conformance tests, with the rules exactly as the CRDs write them: both must give the same
 * verdict (pass, fail, or evaluation error) for every rule and sample.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isCelError, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { celEnv, celFunc, CelScalar } from '@bufbuild/cel';
import { compileRule } from '../../../src/provider/crd/cel/evaluate';
import { CEL_RESERVED_WORDS, toCelValue } from '../../../src/provider/crd/cel/input';
import { isKubernetesIP } from '../../../src/provider/crd/cel/library';
import { defaultCrdSchemas } from '../../../src/provider/crd/load';
import type { CelValidationRule, JSONSchemaProps } from '../../../src/provider/crd/schema';
import { expectedCelRuleCount } from './cel-rule-count';

interface Sample {
  self: unknown;
  /** The stored value, for transition rules. */
  old?: unknown;
  /** Pieces of the messages of the rules this sample breaks (each names exactly one rule at the place). */
  fails: string[];
}

const ref = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ group: 'gateway.networking.k8s.io', kind: 'Gateway', name, ...extra });
const target = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ group: '', kind: 'Service', name, ...extra });
const listener = (fields: Record<string, unknown>): Record<string, unknown> => ({ name: 'l', port: 80, protocol: 'HTTP', ...fields });
const filter = (type: string, field: string, value: unknown = {}): Record<string, unknown> => ({ type, [field]: value });
const ruleWithMatches = (n: number): Record<string, unknown> => ({ matches: Array.from({ length: n }, () => ({ path: { type: 'PathPrefix', value: '/' } })) });
const grpcRuleWithMatches = (n: number): Record<string, unknown> => ({ matches: Array.from({ length: n }, () => ({ method: { service: 's' } })) });
const prefixRewrite = (field: 'requestRedirect' | 'urlRewrite'): Record<string, unknown> =>
  filter(field === 'requestRedirect' ? 'RequestRedirect' : 'URLRewrite', field, { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/x' } });
const prefixMatch = [{ path: { type: 'PathPrefix', value: '/a' } }];
const exactMatch = [{ path: { type: 'Exact', value: '/a' } }];
const pathMatch = (type: string, value: string): Record<string, unknown> => ({ type, value });
const PATH = "when type one of ['Exact', 'PathPrefix']";

const FILTER_SAMPLES: Sample[] = [
  { self: [filter('RequestHeaderModifier', 'requestHeaderModifier'), filter('ResponseHeaderModifier', 'responseHeaderModifier')], fails: [] },
  { self: [filter('RequestHeaderModifier', 'requestHeaderModifier'), filter('RequestHeaderModifier', 'requestHeaderModifier')], fails: ['RequestHeaderModifier filter cannot be repeated'] },
  { self: [filter('ResponseHeaderModifier', 'responseHeaderModifier'), filter('ResponseHeaderModifier', 'responseHeaderModifier')], fails: ['ResponseHeaderModifier filter cannot be repeated'] },
  { self: [filter('CORS', 'cors'), filter('CORS', 'cors')], fails: ['CORS filter cannot be repeated'] },
  { self: [prefixRewrite('requestRedirect'), prefixRewrite('requestRedirect')], fails: ['RequestRedirect filter cannot be repeated'] },
  { self: [prefixRewrite('urlRewrite'), prefixRewrite('urlRewrite')], fails: ['URLRewrite filter cannot be repeated'] },
  { self: [prefixRewrite('requestRedirect'), prefixRewrite('urlRewrite')], fails: ['either httpRouteFilterRequestRedirect or httpRouteFilterRequestRewrite'] },
];

const FILTER_FIELDS: [string, string][] = [
  ['RequestHeaderModifier', 'requestHeaderModifier'], ['ResponseHeaderModifier', 'responseHeaderModifier'], ['RequestMirror', 'requestMirror'],
  ['ExtensionRef', 'extensionRef'], ['CORS', 'cors'], ['RequestRedirect', 'requestRedirect'], ['URLRewrite', 'urlRewrite'],
  ['ExternalAuth', 'externalAuth'],
];

/** One filter: its field set for its type (fine), a field of another type, and the type without its field. */
const ONE_FILTER_SAMPLES: Sample[] = FILTER_FIELDS.flatMap(([type, field]): Sample[] => {
  const [otherType, otherField] = FILTER_FIELDS.find(([t]) => t !== type) as [string, string];
  return [
    { self: filter(type, field), fails: [] },
    { self: { type: otherType, [otherField]: {}, [field]: {} }, fails: [`filter.${field} must be nil if the filter.type is not ${type}`] },
    { self: { type }, fails: [`filter.${field} must be specified for ${type} filter.type`] },
  ];
});

const PATH_MODIFIER_SAMPLES: Sample[] = [
  { self: { type: 'ReplaceFullPath', replaceFullPath: '/a' }, fails: [] },
  { self: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/a' }, fails: [] },
  { self: { type: 'ReplaceFullPath' }, fails: ["replaceFullPath must be specified when type is set to 'ReplaceFullPath'"] },
  { self: { type: 'ReplacePrefixMatch', replaceFullPath: '/a' }, fails: ["type must be 'ReplaceFullPath' when replaceFullPath is set", "replacePrefixMatch must be specified when type is set to 'ReplacePrefixMatch'"] },
  { self: { type: 'ReplaceFullPath', replaceFullPath: '/a', replacePrefixMatch: '/b' }, fails: ["type must be 'ReplacePrefixMatch' when replacePrefixMatch is set"] },
];

const CORS_LIST_SAMPLES: Sample[] = [
  { self: ['*'], fails: [] },
  { self: ['GET', 'POST'], fails: [] },
  { self: ['*', 'GET'], fails: ['cannot contain'] },
];

const BACKEND_REF_SAMPLES: Sample[] = [
  { self: { group: '', kind: 'Service', name: 's', port: 80 }, fails: [] },
  { self: { group: 'example.com', kind: 'Bucket', name: 'b' }, fails: [] },
  { self: { group: '', kind: 'Service', name: 's' }, fails: ['Must have port for Service reference'] },
  { self: { group: 'gateway.networking.x-k8s.io', kind: 'XBackend', name: 'b' }, fails: [] },
  { self: { group: 'gateway.networking.x-k8s.io', kind: 'XBackend', name: 'b', port: 80 }, fails: ['Must not have port for Backend reference'] },
];

const MIRROR_SAMPLES: Sample[] = [
  { self: { backendRef: { name: 's', port: 80 }, percent: 10 }, fails: [] },
  { self: { backendRef: { name: 's', port: 80 }, percent: 10, fraction: { numerator: 1, denominator: 10 } }, fails: ['Only one of percent or fraction'] },
];

const FRACTION_SAMPLES: Sample[] = [
  { self: { numerator: 1, denominator: 100 }, fails: [] },
  { self: { numerator: 101, denominator: 100 }, fails: ['numerator must be less than or equal to denominator'] },
];

/** Standard-channel places say "sectionName must be ...", experimental ones "sectionName or port must be ...". */
const PARENT_REF_SAMPLES: Sample[] = [
  { self: [ref('a'), ref('b'), ref('a', { namespace: 'other' })], fails: [] },
  { self: [ref('a', { sectionName: 'x' }), ref('a', { sectionName: 'y' })], fails: [] },
  { self: [ref('a'), ref('a', { sectionName: 'x' })], fails: ['sectionName must be specified when parentRefs', 'sectionName or port must be specified when parentRefs'] },
  { self: [ref('a', { sectionName: 'x' }), ref('a', { sectionName: 'x' })], fails: ['sectionName must be unique when parentRefs', 'sectionName or port must be unique when parentRefs'] },
  { self: [ref('a', { sectionName: 'x', port: 80 }), ref('a', { sectionName: 'x', port: 81 })], fails: ['sectionName must be unique when parentRefs'] },
  { self: [ref('a', { sectionName: 'x', port: 80 }), ref('a', { sectionName: 'x', port: 80 })], fails: ['sectionName must be unique when parentRefs', 'sectionName or port must be unique when parentRefs'] },
];

/** Rule names, where a route kind's rules may have them (HTTPRoute rules have matches: the API server defaults them). */
const RULE_NAME_SAMPLES: Sample[] = [
  { self: [{ ...ruleWithMatches(1), name: 'a' }, { ...ruleWithMatches(1), name: 'b' }, ruleWithMatches(1)], fails: [] },
  { self: [{ ...ruleWithMatches(1), name: 'a' }, { ...ruleWithMatches(1), name: 'a' }], fails: ['Rule name must be unique within the route'] },
];

const EXTERNAL_AUTH_SAMPLES: Sample[] = [
  { self: { protocol: 'HTTP', backendRef: { name: 's', port: 80 }, http: {} }, fails: [] },
  { self: { protocol: 'GRPC', backendRef: { name: 's', port: 80 }, grpc: {} }, fails: [] },
  { self: { protocol: 'GRPC', backendRef: { name: 's', port: 80 } }, fails: ["grpc must be specified when protocol is set to 'GRPC'"] },
  { self: { protocol: 'HTTP', backendRef: { name: 's', port: 80 }, grpc: {} }, fails: ["http must be specified when protocol is set to 'HTTP'", "protocol must be 'GRPC' when grpc is set"] },
  { self: { protocol: 'GRPC', backendRef: { name: 's', port: 80 }, grpc: {}, http: {} }, fails: ["protocol must be 'HTTP' when http is set"] },
];

/** Gateway addresses' routability (v1.7.0): empty, Cluster, or a DNS-subdomain-prefixed path outside k8s.io. */
const ROUTABILITY_SAMPLES: Sample[] = [
  { self: '', fails: [] },
  { self: 'Cluster', fails: [] },
  { self: 'pier.dev/Internal', fails: [] },
  { self: 'Private', fails: ['Routability must be empty, Cluster'] },
  { self: 'Bad_Prefix/x', fails: ['Routability must be empty, Cluster'] },
  { self: 'k8s.io/x', fails: ['Routability must be empty, Cluster'] },
  { self: 'a.k8s.io/x', fails: ['Routability must be empty, Cluster'] },
];

/** HTTPRoute rules[].sessionPersistence and XBackendTrafficPolicy spec.sessionPersistence share their rules. */
const SESSION_PERSISTENCE_SAMPLES: Sample[] = [
  { self: { type: 'Cookie', cookie: { name: 'c', lifetimeType: 'Permanent' }, absoluteTimeout: '1h' }, fails: [] },
  { self: { type: 'Header', header: { name: 'h' } }, fails: [] },
  { self: { type: 'Header', header: { name: 'h' }, cookie: { lifetimeType: 'Session' } }, fails: ['cookie must be nil if type is not Cookie'] },
  { self: { type: 'Cookie' }, fails: ['cookie must be specified for Cookie type'] },
  { self: { type: 'Header' }, fails: ['header must be specified for Header type'] },
  { self: { type: 'Cookie', cookie: { name: 'c' }, header: { name: 'h' } }, fails: ['header must be nil if type is not Header'] },
  { self: { type: 'Cookie', cookie: { lifetimeType: 'Permanent' } }, fails: ['AbsoluteTimeout must be specified when cookie lifetimeType is Permanent'] },
];

const CA_REF_SAMPLES: Sample[] = [
  { self: [{ group: '', kind: 'ConfigMap', name: 'ca', namespace: 'other' }, { group: 'certificates.k8s.io', kind: 'ClusterTrustBundle', name: 'b' }], fails: [] },
  // `namespace` is a CEL keyword, read as written too (as Kubernetes 1.32+ does: see input.ts), so the rule fails.
  { self: [{ group: 'certificates.k8s.io', kind: 'ClusterTrustBundle', name: 'b', namespace: 'ns' }], fails: ['ClusterTrustBundle references must not specify namespace'] },
];

const LISTENER_SAMPLES: Sample[] = [
  { self: [listener({}), listener({ name: 'https', port: 443, protocol: 'HTTPS', hostname: 'a.example', tls: { mode: 'Terminate' } }), listener({ name: 'tls', port: 443, protocol: 'TLS', tls: { mode: 'Passthrough' } })], fails: [] },
  { self: [listener({ tls: { mode: 'Terminate' } })], fails: ["tls must not be specified for protocols ['HTTP', 'TCP', 'UDP']"] },
  // WSS is no listener protocol of v1.7.0 (Pier answers UnsupportedProtocol), but the API server takes it, tls included, in any mode.
  { self: [listener({ protocol: 'WSS', port: 443, tls: { mode: 'Terminate', certificateRefs: [{ name: 'c' }] } }), listener({ name: 'p', protocol: 'WSS', port: 8443, tls: { mode: 'Passthrough' } })], fails: [] },
  { self: [listener({ protocol: 'HTTPS', tls: { mode: 'Passthrough' } })], fails: ['tls mode must be Terminate for protocol HTTPS'] },
  { self: [listener({ protocol: 'TLS', tls: {} })], fails: ['tls mode must be set for protocol TLS'] },
  { self: [listener({ protocol: 'TCP', hostname: 'a.example' })], fails: ["hostname must not be specified for protocols ['TCP', 'UDP']"] },
  { self: [listener({ hostname: 'a.example' }), listener({ hostname: 'b.example' })], fails: ['Listener name must be unique'] },
  { self: [listener({ name: 'a' }), listener({ name: 'b' })], fails: ['Combination of port, protocol and hostname must be unique'] },
];

const xBackend = (fields: Record<string, unknown>): Record<string, unknown> => ({ type: 'ExternalHostname', port: { number: 443 }, externalHostname: { hostname: 'a.example' }, ...fields });
const SERVER_TLS = { mode: 'ServerOnly', validation: { hostname: 'a.example', wellKnownCACertificates: 'System' } };

/** Pier's ProxyConfig (crds/pier/): resources not empty, tag names, the metrics port. */
const PROXY_CONFIG_SAMPLES: Record<string, Sample[]> = {
  spec: [
    { self: { logLevel: 'debug' }, fails: [] },
    { self: { resources: { requests: { cpu: '100m' } } }, fails: [] },
    { self: { resources: { limits: { memory: '1Gi' } } }, fails: [] },
    { self: { resources: {} }, fails: ['resources needs requests or limits'] },
  ],
  'spec.stats.tags': [
    { self: [{ name: 'tier', value: 'edge' }], fails: [] },
    { self: [{ name: 'tier', value: 'edge' }, { name: 'envoy_cluster_name', value: 'x' }], fails: ["tag names starting with envoy_ are Envoy's own"] },
  ],
  'spec.metrics': [
    { self: { port: 19100 }, fails: [] },
    { self: { enabled: true, port: 19100 }, fails: [] },
    { self: { enabled: false }, fails: [] },
    { self: { port: 19001 }, fails: ['must not be the proxies\' admin (19000) or readiness (19001) port'] },
    { self: { port: 19000, enabled: true }, fails: ['must not be the proxies\' admin (19000) or readiness (19001) port'] },
    { self: { enabled: false, port: 19100 }, fails: ['a port for a metrics listener that is turned off'] },
  ],
};

/** XBackend (x-k8s.io v1alpha1): its union, protocol/TLS pairings and TLS fields. */
const XBACKEND_SAMPLES: Record<string, Sample[]> = {
  spec: [
    { self: xBackend({ protocol: 'WSS', tls: SERVER_TLS }), fails: [] },
    { self: xBackend({ protocol: 'H2C', tls: { mode: 'None' } }), fails: [] },
    { self: { type: 'EndpointSelector', port: { number: 80 }, endpointSelector: { matchLabels: { app: 'a' } }, sessionPersistence: { type: 'Cookie', cookie: { name: 'c' } } }, fails: [] },
    { self: { type: 'ExternalHostname', port: { number: 80 } }, fails: ['externalHostname must be set when type is ExternalHostname'] },
    { self: xBackend({ endpointSelector: { matchLabels: { app: 'a' } } }), fails: ['endpointSelector must be set when type is EndpointSelector'] },
    { self: xBackend({ protocol: 'H2C', tls: SERVER_TLS }), fails: ['tls must be disabled when protocol is H2C'] },
    { self: xBackend({ protocol: 'HTTP2' }), fails: ['tls must be enabled when protocol is HTTP2'] },
    { self: xBackend({ protocol: 'WSS', tls: { mode: 'None' } }), fails: ['tls must be enabled when protocol is WSS'] },
    { self: xBackend({ sessionPersistence: { type: 'Cookie', cookie: { name: 'c' } } }), fails: ['sessionPersistence can only be set when type is EndpointSelector'] },
  ],
  'spec.tls': [
    { self: { mode: 'None' }, fails: [] },
    { self: { mode: 'ClientAndServer', clientCertificateRef: { name: 'c' }, validation: SERVER_TLS.validation }, fails: [] },
    { self: { mode: 'ClientAndServer', validation: SERVER_TLS.validation }, fails: ['clientCertificateRef must be set if and only if mode is ClientAndServer'] },
    { self: { mode: 'None', validation: SERVER_TLS.validation }, fails: ['validation must be set if and only if mode is either ClientAndServer or ServerOnly'] },
  ],
  'spec.tls.validation': [
    { self: { hostname: 'a.example', caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'ca' }] }, fails: [] },
    { self: { hostname: 'a.example' }, fails: ['exactly one of the fields'] },
  ],
  'spec.tls.validation.subjectAltNames[]': [
    { self: { type: 'Hostname', hostname: 'a.example' }, fails: [] },
    { self: { type: 'URI', uri: 'spiffe://a' }, fails: [] },
    { self: { type: 'Hostname' }, fails: ['must contain Hostname, if Type is set to Hostname'] },
    { self: { type: 'URI', hostname: 'a.example' }, fails: ['must not contain Hostname, if Type is not set', 'must contain URI, if Type is set to URI'] },
    { self: { type: 'Hostname', hostname: 'a.example', uri: 'spiffe://a' }, fails: ['must not contain URI, if Type is not set'] },
  ],
  'spec.externalHostname.hostname': [
    { self: 'api.example.com', fails: [] },
    { self: 'svc.ns.svc.cluster.local', fails: ['must not be an IP address or end with .cluster.local'] },
  ],
  'spec.endpointSelector.matchLabels': [
    { self: { app: 'a', 'example.com/tier': 'web' }, fails: [] },
    { self: { '-bad': 'a' }, fails: ['Label keys must be in the form'] },
    { self: { [`${'a'.repeat(254)}/n`]: 'a' }, fails: ['Label keys must be in the form'] },
  ],
  'spec.sessionPersistence': [
    { self: { type: 'Cookie', cookie: { name: 'c', lifetimeType: 'Permanent' }, absoluteTimeout: '1h' }, fails: [] },
    { self: { type: 'Header', header: { name: 'h' } }, fails: [] },
    { self: { type: 'Header', header: { name: 'h' }, cookie: { lifetimeType: 'Session' } }, fails: ['cookie must be nil if type is not Cookie'] },
    { self: { type: 'Cookie' }, fails: ['cookie must be specified for Cookie type'] },
    { self: { type: 'Header' }, fails: ['header must be specified for Header type'] },
    { self: { type: 'Cookie', cookie: { name: 'c' }, header: { name: 'h' } }, fails: ['header must be nil if type is not Header'] },
    { self: { type: 'Cookie', cookie: { lifetimeType: 'Permanent' } }, fails: ['AbsoluteTimeout must be specified when cookie lifetimeType is Permanent'] },
  ],
};

/** By place; paths under rules[].backendRefs[].filters use those of rules[].filters. */
const SAMPLES: Record<string, Sample[]> = {
  'spec.targetRefs': [
    { self: [target('a'), target('b')], fails: [] },
    { self: [target('a', { sectionName: 'x' }), target('a', { sectionName: 'y' })], fails: [] },
    { self: [target('a'), target('a', { sectionName: 'x' })], fails: ['sectionName must be specified when targetRefs'] },
    { self: [target('a', { sectionName: 'x' }), target('a', { sectionName: 'x' })], fails: ['sectionName must be unique when targetRefs'] },
  ],
  'spec.validation': [
    { self: { caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'ca' }] }, fails: [] },
    { self: { wellKnownCACertificates: 'System' }, fails: [] },
    { self: { caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'ca' }], wellKnownCACertificates: 'System' }, fails: ['exactly one of the fields'] },
    { self: { hostname: 'a.example' }, fails: ['exactly one of the fields'] },
  ],
  'spec.validation.subjectAltNames[]': [
    { self: { type: 'Hostname', hostname: 'a.example' }, fails: [] },
    { self: { type: 'URI', uri: 'spiffe://a' }, fails: [] },
    { self: { type: 'Hostname' }, fails: ['must contain Hostname, if Type is set to Hostname'] },
    { self: { type: 'URI', hostname: 'a.example' }, fails: ['must not contain Hostname, if Type is not set', 'must contain URI, if Type is set to URI'] },
    { self: { type: 'Hostname', hostname: 'a.example', uri: 'spiffe://a' }, fails: ['must not contain URI, if Type is not set'] },
  ],
  'spec.controllerName': [
    { self: 'pier.dev/a', old: 'pier.dev/a', fails: [] },
    { self: 'pier.dev/b', old: 'pier.dev/a', fails: ['field is immutable'] },
  ],
  'spec.addresses': [
    { self: [{ type: 'IPAddress', value: '10.0.0.1' }, { type: 'IPAddress', value: '10.0.0.2' }, { type: 'Hostname', value: 'a.example' }], fails: [] },
    { self: [{ type: 'IPAddress', value: '10.0.0.1' }, { type: 'IPAddress', value: '10.0.0.1' }], fails: ['IPAddress values must be unique'] },
    { self: [{ type: 'Hostname', value: 'a.example' }, { type: 'Hostname', value: 'a.example' }], fails: ['Hostname values must be unique'] },
  ],
  'spec.addresses[]': [
    { self: { type: 'Hostname', value: '*.a.example' }, fails: [] },
    { self: { type: 'Hostname' }, fails: [] },
    { self: { type: 'Hostname', value: 'A_B' }, fails: ['Hostname value must be empty or contain only valid characters'] },
  ],
  'status.addresses[]': [
    { self: { type: 'Hostname', value: 'a.example' }, fails: [] },
    { self: { type: 'IPAddress', value: '10.0.0.1' }, fails: [] },
    { self: { type: 'Hostname', value: 'A_B' }, fails: ['Hostname value must only contain valid characters'] },
  ],
  'spec.infrastructure.annotations': [
    { self: { 'example.com/a': 'x', plain: 'y' }, fails: [] },
    { self: { '-bad': 'x' }, fails: ['keys must be in the form'] },
    { self: { [`${'a'.repeat(253)}/n`]: 'x' }, fails: ['not longer than 253 characters'] },
  ],
  'spec.infrastructure.labels': [
    { self: { 'example.com/a': 'x' }, fails: [] },
    { self: { 'a b': 'x' }, fails: ['keys must be in the form'] },
    { self: { [`${'a'.repeat(253)}/n`]: 'x' }, fails: ['not longer than 253 characters'] },
  ],
  'spec.addresses[].routability': ROUTABILITY_SAMPLES,
  'status.addresses[].routability': ROUTABILITY_SAMPLES,
  'spec.listeners': LISTENER_SAMPLES,
  'spec.listeners[]': [
    { self: listener({ filters: { requests: [] } }), fails: [] },
    { self: listener({ protocol: 'HTTPS', filters: { requests: [] } }), fails: [] },
    { self: listener({ protocol: 'TCP' }), fails: [] },
    { self: listener({ protocol: 'TCP', filters: { requests: [] } }), fails: ['filters may only be set when protocol is HTTP or HTTPS'] },
  ],
  'spec.listeners[].filters.requests[]': [
    { self: { type: 'ExternalAuth', externalAuth: { protocol: 'HTTP', backendRef: { name: 's', port: 80 }, http: {} } }, fails: [] },
    { self: { type: 'ExtensionRef', extensionRef: { group: 'example.com', kind: 'F', name: 'f' } }, fails: [] },
    { self: { type: 'ExternalAuth' }, fails: ['filter.externalAuth must be specified'] },
    { self: { type: 'ExtensionRef' }, fails: ['filter.extensionRef must be specified'] },
    { self: { type: 'ExtensionRef', extensionRef: { group: 'example.com', kind: 'F', name: 'f' }, externalAuth: { protocol: 'HTTP', backendRef: { name: 's', port: 80 }, http: {} } }, fails: ['filter.externalAuth must be nil'] },
    { self: { type: 'ExternalAuth', externalAuth: { protocol: 'HTTP', backendRef: { name: 's', port: 80 }, http: {} }, extensionRef: { group: 'example.com', kind: 'F', name: 'f' } }, fails: ['filter.extensionRef must be nil'] },
  ],
  'spec.listeners[].filters.requests[].externalAuth': EXTERNAL_AUTH_SAMPLES,
  'spec.listeners[].filters.requests[].externalAuth.backendRef': BACKEND_REF_SAMPLES,
  'spec.tls.frontend.default.validation.caCertificateRefs': CA_REF_SAMPLES,
  'spec.tls.frontend.perPort[].tls.validation.caCertificateRefs': CA_REF_SAMPLES,
  'spec.listeners[].tls': [
    { self: { mode: 'Terminate', certificateRefs: [{ name: 'c' }] }, fails: [] },
    { self: { mode: 'Terminate', certificateRefs: [], options: { a: 'b' } }, fails: [] },
    { self: { mode: 'Passthrough' }, fails: [] },
    { self: { mode: 'Terminate', certificateRefs: [], options: {} }, fails: ['certificateRefs or options must be specified'] },
  ],
  'spec.tls.frontend.perPort': [
    { self: [{ port: 443 }, { port: 8443 }], fails: [] },
    { self: [{ port: 443 }, { port: 443 }], fails: ['Port for TLS configuration must be unique'] },
  ],
  'spec.parentRefs': PARENT_REF_SAMPLES,
  'spec.rules': [
    { self: [ruleWithMatches(64), ruleWithMatches(63)], fails: [] },
    { self: Array.from({ length: 16 }, () => ruleWithMatches(9)), fails: ['the total number of matches across all rules'] },
    ...RULE_NAME_SAMPLES,
  ],
  'spec.rules[].sessionPersistence': SESSION_PERSISTENCE_SAMPLES,
  'spec.sessionPersistence': SESSION_PERSISTENCE_SAMPLES,
  'spec.retryConstraint.budget.interval': [
    { self: '1s', fails: [] },
    { self: '1h', fails: [] },
    { self: '999ms', fails: ['interval cannot be greater than one hour or less than one second'] },
    { self: '61m', fails: ['interval cannot be greater than one hour or less than one second'] },
  ],
  'spec.retryConstraint.minRetryRate.interval': [
    { self: '1ms', fails: [] },
    { self: '1h', fails: [] },
    { self: '0s', fails: ['interval cannot be greater than one hour'] },
    { self: '1h1s', fails: ['interval cannot be greater than one hour'] },
  ],
  'spec.rules[].filters[].externalAuth': EXTERNAL_AUTH_SAMPLES,
  'spec.rules[].filters[].externalAuth.backendRef': BACKEND_REF_SAMPLES,
  'spec.rules[]': [
    { self: { matches: prefixMatch, filters: [prefixRewrite('urlRewrite')], backendRefs: [{ name: 's', port: 80 }] }, fails: [] },
    { self: { matches: prefixMatch, filters: [prefixRewrite('requestRedirect')] }, fails: [] },
    { self: { matches: prefixMatch, filters: [prefixRewrite('requestRedirect')], backendRefs: [{ name: 's', port: 80 }] }, fails: ['RequestRedirect filter must not be used together with backendRefs'] },
    { self: { matches: exactMatch, filters: [prefixRewrite('requestRedirect')] }, fails: ['When using RequestRedirect filter with path.replacePrefixMatch'] },
    { self: { matches: [...prefixMatch, ...prefixMatch], filters: [prefixRewrite('urlRewrite')] }, fails: ['When using URLRewrite filter with path.replacePrefixMatch'] },
    { self: { matches: exactMatch, backendRefs: [{ name: 's', port: 80, filters: [prefixRewrite('requestRedirect')] }] }, fails: ['Within backendRefs, when using RequestRedirect filter'] },
    { self: { matches: [{}], backendRefs: [{ name: 's', port: 80, filters: [prefixRewrite('urlRewrite')] }] }, fails: ['Within backendRefs, When using URLRewrite filter'] },
  ],
  'spec.rules[].backendRefs[]': BACKEND_REF_SAMPLES,
  'spec.rules[].filters': FILTER_SAMPLES,
  'spec.rules[].filters[]': ONE_FILTER_SAMPLES,
  'spec.rules[].filters[].requestMirror': MIRROR_SAMPLES,
  'spec.rules[].filters[].requestMirror.backendRef': BACKEND_REF_SAMPLES,
  'spec.rules[].filters[].requestMirror.fraction': FRACTION_SAMPLES,
  'spec.rules[].filters[].cors.allowHeaders': CORS_LIST_SAMPLES,
  'spec.rules[].filters[].cors.allowMethods': CORS_LIST_SAMPLES,
  'spec.rules[].filters[].cors.allowOrigins': CORS_LIST_SAMPLES,
  'spec.rules[].filters[].requestRedirect.path': PATH_MODIFIER_SAMPLES,
  'spec.rules[].filters[].urlRewrite.path': PATH_MODIFIER_SAMPLES,
  'spec.rules[].matches[].method': [
    { self: { type: 'Exact', service: 'Pkg.Svc', method: 'Get' }, fails: [] },
    { self: { type: 'RegularExpression', service: 'a b' }, fails: [] },
    { self: { type: 'Exact' }, fails: ["One or both of 'service' or 'method' must be specified"] },
    { self: { type: 'Exact', service: 'pkg svc', method: '1Get' }, fails: ['service must only contain valid characters', 'method must only contain valid characters'] },
  ],
  'spec.rules[].matches[].path': [
    { self: pathMatch('PathPrefix', '/api/v1'), fails: [] },
    { self: pathMatch('RegularExpression', '^/a//(b|c)#'), fails: [] },
    { self: pathMatch('PathPrefix', 'api'), fails: ["must be an absolute path and start with '/'"] },
    { self: pathMatch('Exact', '/a//b'), fails: [`must not contain '//' ${PATH}`] },
    { self: pathMatch('Exact', '/a/./b'), fails: [`must not contain '/./' ${PATH}`] },
    { self: pathMatch('Exact', '/a/../b'), fails: [`must not contain '/../' ${PATH}`] },
    { self: pathMatch('Exact', '/a%2fb'), fails: [`must not contain '%2f' ${PATH}`] },
    { self: pathMatch('Exact', '/a%2Fb'), fails: [`must not contain '%2F' ${PATH}`] },
    { self: pathMatch('Exact', '/a#b'), fails: [`must not contain '#' ${PATH}`, 'must only contain valid characters'] },
    { self: pathMatch('PathPrefix', '/a/..'), fails: [`must not end with '/..' ${PATH}`] },
    { self: pathMatch('PathPrefix', '/a/.'), fails: [`must not end with '/.' ${PATH}`] },
    { self: pathMatch('PathPrefix', '/a b'), fails: ['must only contain valid characters'] },
    // The schema's enum rejects other types first; the rule says the same.
    { self: pathMatch('Prefix', '/a'), fails: ["self.type in ['Exact','PathPrefix'] || self.type == 'RegularExpression'"] },
  ],
  'spec.rules[].timeouts': [
    { self: { request: '10s', backendRequest: '5s' }, fails: [] },
    { self: { request: '0s', backendRequest: '1m' }, fails: [] },
    { self: { request: '10s', backendRequest: '1m' }, fails: ['backendRequest timeout cannot be longer than request timeout'] },
  ],
  // XTelemetryPolicy (experimental channel).
  spec: [
    { self: { targetRefs: [ref('g')], tracing: { mode: 'Disabled' } }, fails: [] },
    { self: { targetRefs: [ref('g')] }, fails: ['at least one of the fields in [tracing] must be set'] },
  ],
  'spec.tracing': [
    { self: { mode: 'Enabled', provider: { backendRef: { name: 'c', port: 4317 } }, samplingRate: { numerator: 1 }, parentBasedSampling: { mode: 'Enabled' }, serviceName: 's', spanName: 'n', attributes: [] }, fails: [] },
    { self: { mode: 'Disabled' }, fails: [] },
    { self: { mode: 'Enabled' }, fails: ['provider is required when mode is Enabled'] },
    { self: { mode: 'Disabled', provider: { backendRef: { name: 'c', port: 4317 } }, samplingRate: { numerator: 1 }, parentBasedSampling: { mode: 'Enabled' }, serviceName: 's', spanName: 'n', attributes: [] },
      fails: ['provider is required when mode is Enabled', 'samplingRate can only be set', 'parentBasedSampling can only be set', 'serviceName can only be set', 'spanName can only be set', 'attributes can only be set'] },
  ],
  'spec.tracing.samplingRate': FRACTION_SAMPLES,
  'spec.tracing.parentBasedSampling': [
    { self: { mode: 'Enabled', samplingRate: { numerator: 50 } }, fails: [] },
    { self: { mode: 'Disabled', samplingRate: { numerator: 50 } }, fails: ['samplingRate can only be set when mode is Enabled'] },
  ],
  'spec.tracing.parentBasedSampling.samplingRate': FRACTION_SAMPLES,
  'spec.tracing.provider.backendRef': BACKEND_REF_SAMPLES,
  'spec.tracing.attributes[]': [
    { self: { name: 'a', sourceType: 'Header', headerName: 'X-A' }, fails: [] },
    { self: { name: 'a', sourceType: 'Literal', literalValue: 'v' }, fails: [] },
    { self: { name: 'a', sourceType: 'Attribute', attributeKey: 'http.request.method' }, fails: [] },
    { self: { name: 'a', sourceType: 'Header', literalValue: 'v', attributeKey: 'k' },
      fails: ['headerName is required when sourceType is Header', 'literalValue is required when sourceType is Literal', 'attributeKey is required when sourceType is Attribute'] },
  ],
  'spec.hostnames': [
    { self: ['a.example', '*.b.example'], fails: [] },
    { self: ['10.0.0.1'], fails: ['Hostnames cannot contain an IP'] },
    { self: ['A_B.example'], fails: ['Hostnames must be valid based on RFC-1123'] },
    { self: ['a.*.example'], fails: ['Wildcards on hostnames must be the first label'] },
  ],
};

/** Pier's RateLimitPolicy (crds/pier/). */
const pierRef = (kind: string, name: string, sectionName?: string): Record<string, unknown> =>
  ({ group: 'gateway.networking.k8s.io', kind, name, ...(sectionName === undefined ? {} : { sectionName }) });
const RATE_LIMIT_SAMPLES: Record<string, Sample[]> = {
  'spec': [
    { self: { targetRefs: [], local: { rules: [] } }, fails: [] },
    { self: { targetRefs: [], global: {} }, fails: [] },
    { self: { targetRefs: [] }, fails: ['local or global must be set'] },
  ],
  'spec.targetRefs': [
    { self: [pierRef('Gateway', 'a'), pierRef('Gateway', 'a', 'http'), pierRef('HTTPRoute', 'a'), pierRef('Gateway', 'b')], fails: [] },
    { self: [pierRef('Gateway', 'a'), pierRef('Gateway', 'a')], fails: ['targetRefs must not name the same target twice'] },
    { self: [pierRef('HTTPRoute', 'a', 'r'), pierRef('HTTPRoute', 'a', 'r')], fails: ['targetRefs must not name the same target twice'] },
  ],
  'spec.local.rules[].clients.headers': [
    { self: [{ name: 'x-user' }, { name: 'x-tier', value: 'free' }], fails: [] },
    { self: [{ name: 'X-User' }, { name: 'x-user', value: 'a' }], fails: ['a header may be named once'] },
  ],
  'spec.global.rules[].clients.headers': [
    { self: [{ name: 'x-user' }, { name: 'x-tier', value: 'free' }], fails: [] },
    { self: [{ name: 'X-User' }, { name: 'x-user', value: 'a' }], fails: ['a header may be named once'] },
  ],
  'spec.local.rules[].limit': [
    { self: { requests: 5, unit: 'Second' }, fails: [] },
    { self: { requests: 5, unit: 'Second', burst: 5 }, fails: [] },
    { self: { requests: 5, unit: 'Second', burst: 4 }, fails: ['burst must be at least requests'] },
  ],
};

/** Pier's ClientPolicy (crds/pier/). */
const CLIENT_POLICY_SAMPLES: Record<string, Sample[]> = {
  'spec': [
    { self: { targetRefs: [], clientIPDetection: { xForwardedFor: { numTrustedHops: 1 } } }, fails: [] },
    { self: { targetRefs: [] }, fails: ['at least one client setting must be set'] },
    { self: { targetRefs: [], proxyProtocol: {} }, fails: [] },
    { self: { targetRefs: [], timeouts: { idle: '1m' } }, fails: [] },
    { self: { targetRefs: [], compression: { algorithms: ['Gzip'] } }, fails: [] },
    { self: { targetRefs: [], http3: {} }, fails: [] },
    { self: { targetRefs: [], http3: {}, tls: { minVersion: '1.2', maxVersion: '1.3', alpnProtocols: ['http/1.1'] } }, fails: [] },
    { self: { targetRefs: [], http3: {}, tls: { maxVersion: '1.2' } }, fails: ['http3 needs TLS 1.3 (QUIC has no other version), so tls.maxVersion must be 1.3 or unset'] },
    { self: { targetRefs: [], tls: { maxVersion: '1.2' } }, fails: [] },
  ],
  'spec.targetRefs': [
    { self: [pierRef('Gateway', 'a'), pierRef('Gateway', 'a', 'http'), pierRef('ListenerSet', 'a')], fails: [] },
    { self: [pierRef('Gateway', 'a', 'http'), pierRef('Gateway', 'a', 'http')], fails: ['targetRefs must not name the same target twice'] },
  ],
  'spec.clientIPDetection': [
    { self: { xForwardedFor: { numTrustedHops: 2 } }, fails: [] },
    { self: { customHeader: { name: 'x-real-ip' } }, fails: [] },
    { self: {}, fails: ['exactly one of xForwardedFor and customHeader'] },
    { self: { xForwardedFor: { numTrustedHops: 2 }, customHeader: { name: 'x-real-ip' } }, fails: ['exactly one of xForwardedFor and customHeader'] },
  ],
  'spec.tls': [
    { self: { minVersion: '1.2', maxVersion: '1.3' }, fails: [] },
    { self: { minVersion: '1.3', maxVersion: '1.3' }, fails: [] },
    { self: { minVersion: '1.3' }, fails: [] },
    { self: { minVersion: '1.3', maxVersion: '1.2' }, fails: ['minVersion must not be above maxVersion'] },
  ],
  'spec.tls.ciphers': [
    { self: ['ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES256-GCM-SHA384'], fails: [] },
    { self: ['AES128-SHA', 'AES128-SHA'], fails: ['ciphers must not repeat'] },
  ],
  'spec.tls.alpnProtocols': [
    { self: ['http/1.1', 'h2'], fails: [] },
    { self: ['h2', 'h2'], fails: ['alpnProtocols must not repeat'] },
  ],
  'spec.http1': [
    { self: { acceptHTTP10: true, defaultHostForHTTP10: 'a.example' }, fails: [] },
    { self: { acceptHTTP10: false }, fails: [] },
    { self: { defaultHostForHTTP10: 'a.example' }, fails: ['defaultHostForHTTP10 needs acceptHTTP10'] },
    { self: { acceptHTTP10: false, defaultHostForHTTP10: 'a.example' }, fails: ['defaultHostForHTTP10 needs acceptHTTP10'] },
  ],
};

/** Pier's BackendPolicy (crds/pier/). */
const BACKEND_POLICY_SAMPLES: Record<string, Sample[]> = {
  'spec': [
    { self: { targetRefs: [], circuitBreaker: { maxConnections: 1 } }, fails: [] },
    { self: { targetRefs: [], healthCheck: { passive: { consecutive5xxErrors: 2 } } }, fails: [] },
    { self: { targetRefs: [], loadBalancer: { type: 'Random' } }, fails: [] },
    { self: { targetRefs: [], tcpKeepalive: {} }, fails: [] },
    { self: { targetRefs: [], proxyProtocol: { version: 'V2' } }, fails: [] },
    { self: { targetRefs: [], timeout: { connect: '1s' } }, fails: [] },
    { self: { targetRefs: [] }, fails: ['spec must set circuitBreaker, healthCheck, loadBalancer, timeout, tcpKeepalive or proxyProtocol'] },
  ],
  'spec.loadBalancer': [
    { self: { type: 'RingHash', consistentHash: { type: 'SourceIP' } }, fails: [] },
    { self: { type: 'LeastRequest', leastRequest: { choiceCount: 3 } }, fails: [] },
    { self: { type: 'Maglev' }, fails: ['consistentHash is set with type RingHash or Maglev, and only then'] },
    { self: { type: 'RoundRobin', consistentHash: { type: 'SourceIP' } }, fails: ['consistentHash is set with type RingHash or Maglev, and only then'] },
    { self: { type: 'Random', leastRequest: { choiceCount: 3 } }, fails: ['leastRequest is set with type LeastRequest only'] },
  ],
  'spec.loadBalancer.consistentHash': [
    { self: { type: 'Header', header: { name: 'x-user' } }, fails: [] },
    { self: { type: 'Cookie', cookie: { name: 's', ttl: '1h' } }, fails: [] },
    { self: { type: 'Header' }, fails: ['header is set with type Header, and only then'] },
    { self: { type: 'SourceIP', cookie: { name: 's' } }, fails: ['cookie is set with type Cookie, and only then'] },
  ],
  'spec.healthCheck.active': [
    { self: { type: 'HTTP', http: { path: '/healthz' } }, fails: [] },
    { self: { type: 'TCP' }, fails: [] },
    { self: { type: 'HTTP' }, fails: ['http must be set for type HTTP, and only then'] },
    { self: { type: 'TCP', http: { path: '/' } }, fails: ['http must be set for type HTTP, and only then'] },
    { self: { type: 'GRPC', grpc: { service: 'pier.Echo' } }, fails: [] },
    { self: { type: 'TCP', grpc: {} }, fails: ['grpc is set with type GRPC only'] },
  ],
  'spec.targetRefs': RATE_LIMIT_SAMPLES['spec.targetRefs']!,
  'spec.targetRefs[]': [
    { self: { group: '', kind: 'Service', name: 'web' }, fails: [] },
    { self: pierRef('HTTPRoute', 'app', 'rule'), fails: [] },
    { self: { group: 'gateway.networking.k8s.io', kind: 'Service', name: 'web' }, fails: ['a Service is in group "", the other kinds in gateway.networking.k8s.io'] },
    { self: { group: '', kind: 'Gateway', name: 'gw' }, fails: ['a Service is in group "", the other kinds in gateway.networking.k8s.io'] },
    { self: { group: '', kind: 'Service', name: 'web', sectionName: 'http' }, fails: ['a Service target has no sectionName'] },
  ],
};

/** Pier's SecurityPolicy (crds/pier/). */
const jwks = { localJWKS: { secretRef: { name: 'jwks' } } };
const SECURITY_SAMPLES: Record<string, Sample[]> = {
  'spec': [
    { self: { targetRefs: [], jwt: { providers: [] } }, fails: [] },
    { self: { targetRefs: [], oidc: {} }, fails: [] },
    { self: { targetRefs: [] }, fails: ['one of jwt, oidc, basicAuth, apiKeyAuth and authorization must be set'] },
    { self: { targetRefs: [], apiKeyAuth: { credentialRefs: [], extractFrom: [] } }, fails: [] },
    { self: { targetRefs: [], basicAuth: { users: { name: 'u' } } }, fails: [] },
    { self: { targetRefs: [], authorization: { rules: [{ action: 'Allow', principal: { clientCIDRs: ['10.0.0.0/8'] } }] } }, fails: [] },
    { self: { targetRefs: [], jwt: { providers: [] }, authorization: { rules: [{ action: 'Allow', principal: { jwt: { claims: [] } } }] } }, fails: [] },
    { self: { targetRefs: [], authorization: { rules: [{ action: 'Allow', principal: { jwt: { claims: [] } } }] } }, fails: ['an authorization rule on JWT claims needs jwt'] },
  ],
  'spec.authorization': [
    { self: { rules: [{ name: 'a', action: 'Allow', principal: {} }, { action: 'Deny', principal: {} }, { action: 'Deny', principal: {} }] }, fails: [] },
    { self: { defaultAction: 'Allow' }, fails: [] },
    { self: { rules: [{ name: 'a', action: 'Allow', principal: {} }, { name: 'a', action: 'Deny', principal: {} }] }, fails: ['rule names must be unique'] },
  ],
  'spec.targetRefs': RATE_LIMIT_SAMPLES['spec.targetRefs']!,
  'spec.jwt.providers': [
    { self: [{ name: 'a', ...jwks }, { name: 'b', ...jwks }], fails: [] },
    { self: [{ name: 'a', ...jwks }, { name: 'a', remoteJWKS: { uri: 'https://idp.example.com/jwks' } }], fails: ['provider names must be unique'] },
  ],
  'spec.jwt.providers[]': [
    { self: { name: 'a', ...jwks }, fails: [] },
    { self: { name: 'a', remoteJWKS: { uri: 'https://idp.example.com/jwks' } }, fails: [] },
    { self: { name: 'a' }, fails: ['exactly one of remoteJWKS and localJWKS must be set'] },
    { self: { name: 'a', ...jwks, remoteJWKS: { uri: 'https://idp.example.com/jwks' } }, fails: ['exactly one of remoteJWKS and localJWKS must be set'] },
  ],
  'spec.oidc': [
    { self: { forwardAccessToken: true, forwardIDTokenHeader: 'X-ID-Token' }, fails: [] },
    { self: { forwardIDTokenHeader: 'Authorization' }, fails: [] },
    { self: { forwardAccessToken: true, forwardIDTokenHeader: 'Authorization' }, fails: ['forwardIDTokenHeader cannot be Authorization when forwardAccessToken is set'] },
  ],
};

const OBSERVABILITY_SAMPLES: Record<string, Sample[]> = {
  'spec': [
    { self: { targetRefs: [pierRef('Gateway', 'a')], accessLogs: [] }, fails: [] },
    { self: { targetRefs: [pierRef('Gateway', 'a')], tracing: { provider: { backendRef: { name: 'c', port: 4317 } }, serviceName: 's' } }, fails: [] },
    { self: { targetRefs: [pierRef('HTTPRoute', 'r', 'rule')], tracing: { samplingRate: { numerator: 1 } } }, fails: [] },
    { self: { targetRefs: [pierRef('Gateway', 'a')] }, fails: ['one of accessLogs and tracing must be set'] },
    { self: { targetRefs: [pierRef('HTTPRoute', 'r')], tracing: { serviceName: 's' } }, fails: ['tracing.provider and tracing.serviceName are for Gateway and ListenerSet targets, not routes'] },
    { self: { targetRefs: [pierRef('Gateway', 'a'), pierRef('GRPCRoute', 'g')], tracing: { provider: { backendRef: { name: 'c', port: 4317 } } } }, fails: ['tracing.provider and tracing.serviceName are for Gateway and ListenerSet targets, not routes'] },
  ],
  'spec.tracing.samplingRate': [
    { self: { numerator: 100 }, fails: [] },
    { self: { numerator: 1, denominator: 1000 }, fails: [] },
    { self: { numerator: 101 }, fails: ['numerator must not be greater than denominator'] },
    { self: { numerator: 3, denominator: 2 }, fails: ['numerator must not be greater than denominator'] },
  ],
  'spec.targetRefs': [
    { self: [pierRef('Gateway', 'a'), pierRef('Gateway', 'a', 'http'), pierRef('ListenerSet', 'a')], fails: [] },
    { self: [pierRef('Gateway', 'a', 'http'), pierRef('Gateway', 'a', 'http')], fails: ['targetRefs must not name the same target twice'] },
  ],
  'spec.accessLogs[].format': [
    { self: { type: 'Text' }, fails: [] },
    { self: { type: 'Text', text: '%RESPONSE_CODE%' }, fails: [] },
    { self: { type: 'JSON', json: { code: '%RESPONSE_CODE%' } }, fails: [] },
    { self: { type: 'JSON' }, fails: ['json is set with type JSON, and only then'] },
    { self: { type: 'Text', json: { code: '%RESPONSE_CODE%' } }, fails: ['json is set with type JSON, and only then'] },
    { self: { type: 'JSON', json: { a: 'b' }, text: 'x' }, fails: ['text is set with type Text only'] },
  ],
  'spec.accessLogs[].sink': [
    { self: { type: 'Stdout' }, fails: [] },
    { self: { type: 'File', path: '/var/log/a.log' }, fails: [] },
    { self: { type: 'File' }, fails: ['path is set with type File, and only then'] },
    { self: { type: 'Stdout', path: '/var/log/a.log' }, fails: ['path is set with type File, and only then'] },
    { self: { type: 'OTLP', otlp: { backendRef: { name: 'collector', port: 4317 } } }, fails: [] },
    { self: { type: 'OTLP' }, fails: ['otlp is set with type OTLP, and only then'] },
    { self: { type: 'Stdout', otlp: { backendRef: { name: 'collector', port: 4317 } } }, fails: ['otlp is set with type OTLP, and only then'] },
  ],
  'spec.accessLogs[].filter.statusCodes': [
    { self: { min: 400 }, fails: [] },
    { self: { min: 400, max: 499 }, fails: [] },
    { self: { min: 500, max: 499 }, fails: ['min must not be greater than max'] },
  ],
};

/** GRPCRoute's spec.rules samples (its matches count the same way, rules may lack matches). */
const GRPC_RULES_SAMPLES: Sample[] = [
  { self: [grpcRuleWithMatches(64), {}, grpcRuleWithMatches(63)], fails: [] },
  { self: [...Array.from({ length: 15 }, () => grpcRuleWithMatches(9)), {}], fails: ['the total number of matches across all rules'] },
  { self: [{ name: 'a' }, { name: 'b' }, {}], fails: [] },
  { self: [{ name: 'a' }, { name: 'a' }], fails: ['Rule name must be unique within the route'] },
];

interface Place {
  kind: string;
  version: string;
  path: string;
  schema: JSONSchemaProps;
  rules: CelValidationRule[];
}

function places(): Place[] {
  const out: Place[] = [];
  const walk = (kind: string, version: string, schema: JSONSchemaProps, path: string): void => {
    const rules = schema['x-kubernetes-validations'];
    if (rules?.length) out.push({ kind, version, path, schema, rules });
    for (const [key, sub] of Object.entries(schema.properties ?? {})) walk(kind, version, sub, path ? `${path}.${key}` : key);
    if (schema.items) walk(kind, version, schema.items, `${path}[]`);
  };
  const schemas = defaultCrdSchemas();
  for (const kind of schemas.kinds()) {
    for (const [version, crd] of Object.entries(schemas.crd(kind)?.versions ?? {})) walk(kind, version, crd.schema, '');
  }
  return out;
}

function samplesFor(place: Place): Sample[] | undefined {
  if (place.kind === 'GRPCRoute' && place.path === 'spec.rules') return GRPC_RULES_SAMPLES;
  if (place.kind === 'XBackend') return XBACKEND_SAMPLES[place.path];
  if (place.kind === 'RateLimitPolicy') return RATE_LIMIT_SAMPLES[place.path];
  if (place.kind === 'ProxyConfig') return PROXY_CONFIG_SAMPLES[place.path];
  if (place.kind === 'ClientPolicy') return CLIENT_POLICY_SAMPLES[place.path];
  if (place.kind === 'BackendPolicy') return BACKEND_POLICY_SAMPLES[place.path];
  if (place.kind === 'SecurityPolicy') return SECURITY_SAMPLES[place.path];
  if (place.kind === 'ObservabilityPolicy') return OBSERVABILITY_SAMPLES[place.path];
  return SAMPLES[place.path.replace('spec.rules[].backendRefs[].filters', 'spec.rules[].filters')];
}

type Verdict = 'pass' | 'fail' | 'error';

function ours(rule: string, self: unknown, old: unknown): Verdict {
  const compiled = compileRule(rule);
  assert.ok('program' in compiled, `compiles: ${rule}`);
  try {
    return compiled.program(old === undefined ? { self } : { self, oldSelf: old }) === true ? 'pass' : 'fail';
  } catch {
    return 'error';
  }
}

function isDns1123Subdomain(text: string): boolean {
  return text.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(text);
}

const reference = celEnv({ funcs: [...strings, celFunc('isIP', [CelScalar.STRING], CelScalar.BOOL, (text: string) => isKubernetesIP(text)),
  celFunc('isDns1123Subdomain', [CelScalar.STRING], CelScalar.BOOL, isDns1123Subdomain),
  celFunc('isQualifiedName', [CelScalar.STRING], CelScalar.BOOL, (text: string) => {
    const slash = text.lastIndexOf('/');
    const name = text.slice(slash + 1);
    return (slash < 0 || isDns1123Subdomain(text.slice(0, slash))) && name.length <= 63 && /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/.test(name);
  })] });

/** @bufbuild/cel lacks the Kubernetes format library: its one use in the CRDs, spelled as a function the reference has. */
function referenceRule(rule: string): string {
  return rule.replace("format.dns1123Subdomain().validate(self.split('/')[0]).hasValue()", "!isDns1123Subdomain(self.split('/')[0])")
    .replace('!format.qualifiedName().validate(key).hasValue()', 'isQualifiedName(key)');
}
const referencePrograms = new Map<string, ReturnType<typeof plan>>();

/**
 * The converted value with each keyword field (`__namespace__`) also under its plain name: the API
 * server resolves `r.namespace` to `__namespace__` (library.ts rewrites such selections), which
 * @bufbuild/cel, running the rule as written, cannot.
 */
function withKeywordAliases(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withKeywordAliases);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = withKeywordAliases(item);
    const keyword = /^__([a-z]+)__$/.exec(key)?.[1];
    if (keyword !== undefined && CEL_RESERVED_WORDS.has(keyword)) out[keyword] = out[key];
  }
  return out;
}

/** The verdict of @bufbuild/cel on the rule as the CRD writes it. */
function theirs(rule: string, self: unknown, old: unknown): Verdict {
  let program = referencePrograms.get(rule);
  if (!program) {
    program = plan(reference, parse(referenceRule(rule)));
    referencePrograms.set(rule, program);
  }
  const bindings = old === undefined ? { self: withKeywordAliases(self) } : { self: withKeywordAliases(self), oldSelf: withKeywordAliases(old) };
  const out = program(bindings as Parameters<typeof program>[0]);
  return isCelError(out) ? 'error' : out === true ? 'pass' : 'fail';
}

describe('every CEL rule of the vendored CRDs', () => {
  const all = places();

  test('the bundle has the rules this test knows places for', () => {
    assert.equal(new Set(all.flatMap((p) => p.rules.map((r) => r.rule))).size, expectedCelRuleCount().total);
    const missing = all.filter((p) => !samplesFor(p)).map((p) => `${p.kind}/${p.version} ${p.path}`);
    assert.deepEqual(missing, [], 'places without samples');
  });

  for (const place of all) {
    const samples = samplesFor(place) ?? [];
    test(`${place.kind}/${place.version} ${place.path}: each rule passes and fails, as @bufbuild/cel says`, () => {
      const passed = new Set<string>();
      const failed = new Set<string>();
      for (const sample of samples) {
        const self = toCelValue(place.schema, sample.self);
        const old = sample.old === undefined ? undefined : toCelValue(place.schema, sample.old);
        const expected = new Set<CelValidationRule>();
        for (const piece of sample.fails) {
          let matching = place.rules.filter((r) => (r.message ?? r.rule).includes(piece) || r.rule === piece);
          if (matching.length > 1) matching = matching.filter((r) => (r.message ?? r.rule).startsWith(piece));
          // A piece may name a rule another kind's version of this place lacks (CORS, ListenerSet's port rule).
          assert.ok(matching.length <= 1, `"${piece}" names one rule at ${place.path}`);
          if (matching[0]) expected.add(matching[0]);
        }
        for (const rule of place.rules) {
          const verdict = ours(rule.rule, self, old);
          const what = `${JSON.stringify(sample.self).slice(0, 200)} against ${rule.message ?? rule.rule}`;
          assert.equal(verdict, theirs(rule.rule, self, old), `same verdict as @bufbuild/cel: ${what}`);
          if (verdict === 'pass') passed.add(rule.rule);
          else failed.add(rule.rule);
          assert.equal(verdict !== 'pass', expected.has(rule), `${expected.has(rule) ? 'fails' : 'holds'}: ${what}`);
        }
      }
      for (const rule of place.rules) {
        assert.ok(passed.has(rule.rule), `made to pass: ${rule.rule}`);
        assert.ok(failed.has(rule.rule), `made to fail: ${rule.rule}`);
      }
    });
  }
});
