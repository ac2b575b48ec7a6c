import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointSlice, Namespace, Secret, Service } from '../../../src/apis/core';
import type { Gateway, GatewayClass, GRPCRoute, HTTPRoute, ReferenceGrant, TCPRoute, TLSRoute, UDPRoute } from '../../../src/apis/gateway';
import { emptyProviderResources } from '../../../src/message/resources';
import { applyDefaults, applyOwnedDefaults, applyResourceDefaults, type ProviderObject } from '../../../src/provider/defaults';
import { defaultCrdSchemas } from '../../../src/provider/crd/load';
import { validateResource } from '../../../src/provider/crd/resource';

const GROUP = 'gateway.networking.k8s.io';
const meta = { name: 'x', namespace: 'default' };

function gateway(listener: Partial<Gateway['spec']['listeners'][number]>, extra: Partial<Gateway['spec']> = {}): Gateway {
  return {
    apiVersion: `${GROUP}/v1`, kind: 'Gateway', metadata: meta,
    spec: { gatewayClassName: 'pier', listeners: [{ name: 'l', port: 80, protocol: 'HTTP', ...listener }], ...extra },
  };
}

function httpRoute(spec: HTTPRoute['spec']): HTTPRoute {
  return { apiVersion: `${GROUP}/v1`, kind: 'HTTPRoute', metadata: meta, spec };
}

function grpcRoute(spec: GRPCRoute['spec']): GRPCRoute {
  return { apiVersion: `${GROUP}/v1`, kind: 'GRPCRoute', metadata: meta, spec };
}

interface Case {
  name: string;
  input: ProviderObject;
  /** Path into the defaulted object, and the value expected there. */
  at: (string | number)[];
  expected: unknown;
}

function dig(value: unknown, path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) current = (current as Record<string | number, unknown> | undefined)?.[key];
  return current;
}

const PREFIX_ROOT = { type: 'PathPrefix', value: '/' };

const CASES: Case[] = [
  // Gateway
  { name: 'listener allowedRoutes absent', input: gateway({}), at: ['spec', 'listeners', 0, 'allowedRoutes'], expected: { namespaces: { from: 'Same' } } },
  { name: 'listener allowedRoutes.namespaces absent', input: gateway({ allowedRoutes: { kinds: [{ kind: 'HTTPRoute' }] } }), at: ['spec', 'listeners', 0, 'allowedRoutes'], expected: { namespaces: { from: 'Same' }, kinds: [{ kind: 'HTTPRoute', group: GROUP }] } },
  { name: 'listener allowedRoutes.namespaces.from absent', input: gateway({ allowedRoutes: { namespaces: { selector: { matchLabels: { a: 'b' } } } } }), at: ['spec', 'listeners', 0, 'allowedRoutes', 'namespaces'], expected: { selector: { matchLabels: { a: 'b' } }, from: 'Same' } },
  { name: 'listener allowedRoutes.from set is kept', input: gateway({ allowedRoutes: { namespaces: { from: 'All' } } }), at: ['spec', 'listeners', 0, 'allowedRoutes', 'namespaces', 'from'], expected: 'All' },
  { name: 'listener tls.mode', input: gateway({ protocol: 'HTTPS', tls: { certificateRefs: [{ name: 'cert' }] } }), at: ['spec', 'listeners', 0, 'tls'], expected: { mode: 'Terminate', certificateRefs: [{ name: 'cert', group: '', kind: 'Secret' }] } },
  { name: 'listener tls.mode Passthrough kept', input: gateway({ protocol: 'TLS', tls: { mode: 'Passthrough' } }), at: ['spec', 'listeners', 0, 'tls', 'mode'], expected: 'Passthrough' },
  { name: 'listener without tls gets none', input: gateway({}), at: ['spec', 'listeners', 0, 'tls'], expected: undefined },
  { name: 'gateway address type', input: gateway({}, { addresses: [{ value: '10.0.0.1' }] }), at: ['spec', 'addresses', 0], expected: { value: '10.0.0.1', type: 'IPAddress' } },

  // HTTPRoute
  { name: 'HTTPRoute rules absent', input: httpRoute({}), at: ['spec', 'rules'], expected: [{ matches: [{ path: PREFIX_ROOT }] }] },
  { name: 'HTTPRoute rule matches absent', input: httpRoute({ rules: [{ backendRefs: [{ name: 's', port: 80 }] }] }), at: ['spec', 'rules', 0, 'matches'], expected: [{ path: PREFIX_ROOT }] },
  { name: 'HTTPRoute rule matches empty', input: httpRoute({ rules: [{ matches: [] }] }), at: ['spec', 'rules', 0, 'matches'], expected: [{ path: PREFIX_ROOT }] },
  { name: 'HTTPRoute match without path', input: httpRoute({ rules: [{ matches: [{ method: 'GET' }] }] }), at: ['spec', 'rules', 0, 'matches', 0], expected: { method: 'GET', path: PREFIX_ROOT } },
  { name: 'HTTPRoute path without type', input: httpRoute({ rules: [{ matches: [{ path: { value: '/api' } }] }] }), at: ['spec', 'rules', 0, 'matches', 0, 'path'], expected: { type: 'PathPrefix', value: '/api' } },
  { name: 'HTTPRoute path without value', input: httpRoute({ rules: [{ matches: [{ path: { type: 'Exact' } }] }] }), at: ['spec', 'rules', 0, 'matches', 0, 'path'], expected: { type: 'Exact', value: '/' } },
  { name: 'HTTPRoute header and query match type', input: httpRoute({ rules: [{ matches: [{ headers: [{ name: 'a', value: '1' }], queryParams: [{ name: 'q', value: '2', type: 'RegularExpression' }] }] }] }), at: ['spec', 'rules', 0, 'matches', 0], expected: { headers: [{ name: 'a', value: '1', type: 'Exact' }], queryParams: [{ name: 'q', value: '2', type: 'RegularExpression' }], path: PREFIX_ROOT } },
  { name: 'HTTPRoute parentRef', input: httpRoute({ parentRefs: [{ name: 'eg' }, { name: 'svc', group: '', kind: 'Service' }] }), at: ['spec', 'parentRefs'], expected: [{ name: 'eg', group: GROUP, kind: 'Gateway' }, { name: 'svc', group: '', kind: 'Service' }] },
  { name: 'HTTPRoute backendRef', input: httpRoute({ rules: [{ backendRefs: [{ name: 's', port: 80 }, { name: 't', port: 81, weight: 0 }] }] }), at: ['spec', 'rules', 0, 'backendRefs'], expected: [{ name: 's', port: 80, group: '', kind: 'Service', weight: 1 }, { name: 't', port: 81, group: '', kind: 'Service', weight: 0 }] },
  { name: 'HTTPRoute redirect statusCode', input: httpRoute({ rules: [{ filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }] }] }), at: ['spec', 'rules', 0, 'filters', 0, 'requestRedirect'], expected: { scheme: 'https', statusCode: 302 } },
  { name: 'HTTPRoute redirect statusCode kept', input: httpRoute({ rules: [{ filters: [{ type: 'RequestRedirect', requestRedirect: { statusCode: 301 } }] }] }), at: ['spec', 'rules', 0, 'filters', 0, 'requestRedirect', 'statusCode'], expected: 301 },
  { name: 'HTTPRoute mirror backendRef', input: httpRoute({ rules: [{ filters: [{ type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 80 } } }] }] }), at: ['spec', 'rules', 0, 'filters', 0, 'requestMirror', 'backendRef'], expected: { name: 'm', port: 80, group: '', kind: 'Service' } },
  { name: 'HTTPRoute mirror backendRef has no weight', input: httpRoute({ rules: [{ filters: [{ type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 80 } } }] }] }), at: ['spec', 'rules', 0, 'filters', 0, 'requestMirror', 'backendRef', 'weight'], expected: undefined },
  { name: 'HTTPRoute backendRef filters', input: httpRoute({ rules: [{ backendRefs: [{ name: 's', port: 80, filters: [{ type: 'RequestRedirect', requestRedirect: {} }] }] }] }), at: ['spec', 'rules', 0, 'backendRefs', 0, 'filters', 0, 'requestRedirect', 'statusCode'], expected: 302 },

  { name: 'HTTPRoute mirror fraction denominator (a CRD default)', input: httpRoute({ rules: [{ filters: [{ type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 80 }, fraction: { numerator: 5 } } }] }] }), at: ['spec', 'rules', 0, 'filters', 0, 'requestMirror', 'fraction'], expected: { numerator: 5, denominator: 100 } },
  { name: 'HTTPRoute extensionRef group (not a CRD default: the API\'s meaning of unset)', input: httpRoute({ rules: [{ filters: [{ type: 'ExtensionRef', extensionRef: { name: 'x', kind: 'K' } as { group: string; kind: string; name: string } }] }] }), at: ['spec', 'rules', 0, 'filters', 0, 'extensionRef'], expected: { name: 'x', kind: 'K', group: '' } },

  // GatewayClass: the CRD's status default is not applied
  { name: 'GatewayClass gets no status', input: { apiVersion: `${GROUP}/v1`, kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: 'pier.dev/c' } } satisfies GatewayClass, at: [], expected: { apiVersion: `${GROUP}/v1`, kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: 'pier.dev/c' } } },

  // GRPCRoute
  { name: 'GRPCRoute rules absent stay absent', input: grpcRoute({}), at: ['spec', 'rules'], expected: undefined },
  { name: 'GRPCRoute matches absent stay absent', input: grpcRoute({ rules: [{}] }), at: ['spec', 'rules', 0], expected: {} },
  { name: 'GRPCRoute method and header type', input: grpcRoute({ rules: [{ matches: [{ method: { service: 'a.B' }, headers: [{ name: 'h', value: 'v' }] }] }] }), at: ['spec', 'rules', 0, 'matches', 0], expected: { method: { service: 'a.B', type: 'Exact' }, headers: [{ name: 'h', value: 'v', type: 'Exact' }] } },
  { name: 'GRPCRoute backendRef and mirror', input: grpcRoute({ rules: [{ backendRefs: [{ name: 's', port: 9 }], filters: [{ type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 9 } } }] }] }), at: ['spec', 'rules', 0], expected: { backendRefs: [{ name: 's', port: 9, group: '', kind: 'Service', weight: 1 }], filters: [{ type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 9, group: '', kind: 'Service' } } }] } },

  // L4 routes
  ...(['TLSRoute', 'TCPRoute', 'UDPRoute'] as const).map((kind): Case => ({
    name: `${kind} refs`,
    input: { apiVersion: `${GROUP}/v1alpha2`, kind, metadata: meta, spec: { parentRefs: [{ name: 'eg', sectionName: 'l' }], rules: [{ backendRefs: [{ name: 's', port: 1 }] }] } } as TLSRoute | TCPRoute | UDPRoute,
    at: ['spec'],
    expected: { parentRefs: [{ name: 'eg', sectionName: 'l', group: GROUP, kind: 'Gateway' }], rules: [{ backendRefs: [{ name: 's', port: 1, group: '', kind: 'Service', weight: 1 }] }] },
  })),

  // ReferenceGrant: nothing
  {
    name: 'ReferenceGrant unchanged',
    input: { apiVersion: `${GROUP}/v1beta1`, kind: 'ReferenceGrant', metadata: meta, spec: { from: [{ group: GROUP, kind: 'HTTPRoute', namespace: 'a' }], to: [{ group: '', kind: 'Service' }] } } satisfies ReferenceGrant,
    at: ['spec'],
    expected: { from: [{ group: GROUP, kind: 'HTTPRoute', namespace: 'a' }], to: [{ group: '', kind: 'Service' }] },
  },

  // Core
  { name: 'Service type and ports', input: { apiVersion: 'v1', kind: 'Service', metadata: meta, spec: { ports: [{ port: 80 }, { port: 53, protocol: 'UDP', targetPort: 'dns' }] } } satisfies Service, at: ['spec'], expected: { type: 'ClusterIP', ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }, { port: 53, protocol: 'UDP', targetPort: 'dns' }] } },
  { name: 'EndpointSlice port protocol', input: { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: meta, addressType: 'IPv4', endpoints: [], ports: [{ port: 80 }] } satisfies EndpointSlice, at: ['ports'], expected: [{ port: 80, protocol: 'TCP' }] },
  { name: 'Namespace name label', input: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'apps', labels: { team: 'a' } } } satisfies Namespace, at: ['metadata', 'labels'], expected: { team: 'a', 'kubernetes.io/metadata.name': 'apps' } },
  { name: 'Secret type and stringData', input: { apiVersion: 'v1', kind: 'Secret', metadata: meta, data: { a: 'eA==', b: 'eA==' }, stringData: { b: 'hello' } } satisfies Secret, at: [], expected: { apiVersion: 'v1', kind: 'Secret', metadata: meta, type: 'Opaque', data: { a: 'eA==', b: 'aGVsbG8=' } } },
];

describe('applyDefaults', () => {
  for (const c of CASES) {
    test(c.name, () => {
      const before = structuredClone(c.input);
      const out = applyDefaults(c.input);
      assert.deepEqual(dig(out, c.at), c.expected);
      assert.deepEqual(c.input, before, 'the input is not mutated');
      assert.notEqual(out, c.input, 'a new object is returned');
    });
  }

  test('defaulting is idempotent', () => {
    for (const c of CASES) {
      const once = applyDefaults(c.input);
      assert.deepEqual(applyDefaults(once), once, c.name);
    }
  });

  test('the output shares nothing with the input', () => {
    const input = httpRoute({ rules: [{ matches: [{ path: { value: '/a' } }] }] });
    const out = applyDefaults(input);
    (out.spec.rules?.[0]?.matches?.[0]?.path as { value: string }).value = '/changed';
    assert.equal(input.spec.rules?.[0]?.matches?.[0]?.path?.value, '/a');
  });

  test('applyResourceDefaults covers every list', () => {
    const resources = emptyProviderResources();
    resources.httpRoutes.push(httpRoute({}));
    resources.gateways.push(gateway({}));
    const out = applyResourceDefaults(resources);
    assert.deepEqual(out.httpRoutes[0]?.spec.rules, [{ matches: [{ path: PREFIX_ROOT }] }]);
    assert.deepEqual(out.gateways[0]?.spec.listeners[0]?.allowedRoutes, { namespaces: { from: 'Same' } });
    assert.equal(resources.httpRoutes[0]?.spec.rules, undefined);
  });

  test('after the parser\'s CRD defaults, crdDefaulted adds exactly what applyDefaults adds', () => {
    for (const c of CASES) {
      const owned = structuredClone(c.input) as unknown as Record<string, unknown>;
      const isGatewayApi = String(c.input.apiVersion).startsWith(`${GROUP}/`);
      // What the file parser does with a Gateway API object: validate it, defaulting it in place.
      if (isGatewayApi) assert.ok(validateResource(defaultCrdSchemas(), owned, { owned: true }), c.name);
      const out = applyOwnedDefaults(owned as unknown as ProviderObject, { crdDefaulted: true });
      assert.deepEqual(out, applyDefaults(c.input), c.name);
    }
  });

  test('crdDefaulted skips the CRD defaults themselves', () => {
    const out = applyOwnedDefaults(gateway({}), { crdDefaulted: true });
    assert.equal(out.spec.listeners[0]?.allowedRoutes, undefined);
    const route = applyOwnedDefaults(httpRoute({ rules: [{ matches: [] }] }), { crdDefaulted: true });
    assert.deepEqual(route.spec.rules?.[0]?.matches, [{ path: PREFIX_ROOT }], 'the conventions beyond the schema still apply');
  });
});
