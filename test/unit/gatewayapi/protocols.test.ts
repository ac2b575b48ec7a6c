/**
 * The v1.6 protocol features of the Gateway API translator, piece by piece: certificates,
 * gRPC method matches and precedence, listener compatibility for TLS, listener isolation,
 * HTTPRoute/GRPCRoute hostname conflicts, and oldest-route-wins on L4 listeners.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import type { ConfigMap, Secret } from '../../../src/apis/core';
import type { FrontendTLSConfig, Gateway, GRPCRoute, HTTPRoute, Listener, ReferenceGrant, TCPRoute, TLSRoute } from '../../../src/apis/gateway';
import type { Condition } from '../../../src/apis/meta';
import type { XdsIR } from '../../../src/ir/types';
import { emptyProviderResources, type ObjectStatus, type ProviderResources } from '../../../src/message/resources';
import { keyPairProblem, resolveCertificateRefs } from '../../../src/gatewayapi/listeners/certificates';
import { methodPath } from '../../../src/gatewayapi/routes/grpcroute';
import { conflictBetween } from '../../../src/gatewayapi/listeners/listeners';
import { resolveClientValidation } from '../../../src/gatewayapi/listeners/clientvalidation';
import { comparePrecedence, grpcSpecificity, precedenceKeyFrom } from '../../../src/gatewayapi/routes/precedence';
import { ResourceIndex } from '../../../src/gatewayapi/resourceindex';
import { translate } from '../../../src/gatewayapi/translate';
import { testData } from '../../helpers/paths';

const CONTROLLER = 'pier.dev/gateway-controller';

interface KeyPair { certificateChain: string; privateKey: string }
const pair = (JSON.parse(readFileSync(testData('golden', 'xds-translator', 'https-listener', 'ir.json'), 'utf8')) as XdsIR)
  .http.find((l) => l.tls)?.tls?.certificates[0] as KeyPair;
const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

function secret(namespace: string, name: string, crt: string, key: string): Secret {
  return { apiVersion: 'v1', kind: 'Secret', metadata: { namespace, name }, type: 'kubernetes.io/tls', data: { 'tls.crt': b64(crt), 'tls.key': b64(key) } };
}

function grant(namespace: string, fromKind: string, fromNamespace: string, toKind: string, toName?: string): ReferenceGrant {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1beta1', kind: 'ReferenceGrant', metadata: { namespace, name: `grant-${fromKind}-${toName ?? 'all'}` },
    spec: { from: [{ group: 'gateway.networking.k8s.io', kind: fromKind, namespace: fromNamespace }], to: [{ group: '', kind: toKind, ...(toName ? { name: toName } : {}) }] },
  };
}

describe('certificates', () => {
  test('a certificate with its key is usable', () => {
    assert.equal(keyPairProblem(pair.certificateChain, pair.privateKey), undefined);
  });
  test('a key of another certificate, garbage, and a broken chain are not', () => {
    assert.match(keyPairProblem(pair.certificateChain, otherKey) ?? '', /does not match/);
    assert.match(keyPairProblem('Hello world', pair.privateKey) ?? '', /no PEM certificate/);
    assert.match(keyPairProblem(pair.certificateChain, 'Hello world') ?? '', /not a usable PEM private key/);
    const broken = `${pair.certificateChain}\n-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n`;
    assert.match(keyPairProblem(broken, pair.privateKey) ?? '', /certificate 2 cannot be parsed/);
  });
  test('another namespace needs a ReferenceGrant for Gateways naming that Secret', () => {
    const resources = emptyProviderResources();
    resources.secrets.push(secret('certs', 'a', pair.certificateChain, pair.privateKey), secret('certs', 'b', pair.certificateChain, pair.privateKey));
    resources.referenceGrants.push(grant('certs', 'Gateway', 'default', 'Secret', 'a'), grant('certs', 'HTTPRoute', 'default', 'Secret'));
    const resolved = resolveCertificateRefs([{ name: 'a', namespace: 'certs' }, { name: 'b', namespace: 'certs' }], 'default', ResourceIndex.fromResources(resources));
    assert.deepEqual(resolved.certificates.map((c) => c.name), ['certs/a']);
    assert.deepEqual(resolved.problems.map((p) => p.reason), ['RefNotPermitted']);
  });
});

describe('gRPC method matches', () => {
  test('service and method, service alone, method alone, regular expressions', () => {
    assert.deepEqual(methodPath({ type: 'Exact', service: 'pkg.Svc', method: 'Get' }), { path: { exact: '/pkg.Svc/Get' }, regex: false, service: 'pkg.Svc', method: 'Get' });
    assert.deepEqual(methodPath({ service: 'pkg.Svc' }), { path: { pathPrefix: '/pkg.Svc' }, regex: false, service: 'pkg.Svc', method: '' });
    assert.deepEqual(methodPath({ method: 'Get.V2' }), { path: { regex: '/[^/]+/Get\\.V2' }, regex: false, service: '', method: 'Get.V2' });
    assert.deepEqual(methodPath({ type: 'RegularExpression', service: 'a|b' }), { path: { regex: '/(?:a|b)/[^/]+' }, regex: true, service: 'a|b', method: '' });
    assert.deepEqual(methodPath(undefined), { path: { pathPrefix: '/' }, regex: false, service: '', method: '' });
  });
  test('problems: nothing to match, a slash in an exact name, RE2-invalid patterns, unknown types', () => {
    assert.equal(typeof methodPath({ type: 'Exact' }), 'string');
    assert.equal(typeof methodPath({ type: 'Exact', service: 'a/b' }), 'string');
    assert.equal(typeof methodPath({ type: 'RegularExpression', method: '(?=x)' }), 'string');
    assert.equal(typeof methodPath({ type: 'Prefix' as 'Exact', service: 'a' }), 'string');
  });
  test('precedence: exact before patterns, then service characters, method characters, headers', () => {
    const id = { namespace: 'default', name: 'r', creationTimestamp: undefined };
    const keys: [string, number[]][] = [
      ['regex', grpcSpecificity({ regex: true, service: 'a.very.long.Service', method: 'Method', headerCount: 2 })],
      ['method only', grpcSpecificity({ regex: false, service: '', method: 'Get', headerCount: 0 })],
      ['service', grpcSpecificity({ regex: false, service: 'pkg.Svc', method: '', headerCount: 0 })],
      ['service+method', grpcSpecificity({ regex: false, service: 'pkg.Svc', method: 'Get', headerCount: 0 })],
      ['service+method+header', grpcSpecificity({ regex: false, service: 'pkg.Svc', method: 'Get', headerCount: 1 })],
    ];
    const order = keys.map(([label, s], i) => [label, precedenceKeyFrom(s, id, i, 0)] as const)
      .sort((a, b) => comparePrecedence(a[1], b[1])).map(([label]) => label);
    assert.deepEqual(order, ['service+method+header', 'service+method', 'service', 'method only', 'regex']);
  });
});

describe('listener compatibility', () => {
  const tls = (name: string, hostname: string | undefined, mode: 'Terminate' | 'Passthrough'): Listener =>
    ({ name, protocol: 'TLS', port: 443, ...(hostname ? { hostname } : {}), tls: { mode } });
  test('TLS listeners in different modes share a port when their hostnames differ', () => {
    assert.equal(conflictBetween(tls('a', 'a.example.com', 'Terminate'), tls('b', 'b.example.com', 'Passthrough')), undefined);
    assert.equal(conflictBetween(tls('a', 'a.example.com', 'Terminate'), tls('b', 'a.example.com', 'Passthrough')), 'HostnameConflict');
    assert.equal(conflictBetween(tls('a', undefined, 'Passthrough'), { name: 'h', protocol: 'HTTPS', port: 443 }), 'ProtocolConflict');
    assert.equal(conflictBetween({ name: 't', protocol: 'TCP', port: 443 }, { name: 'u', protocol: 'UDP', port: 443 }), undefined);
  });
});

// ------------------------------------------------------------------ through translate()

function gatewayOf(listeners: Listener[]): Gateway {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { namespace: 'default', name: 'gw', generation: 1 },
    spec: { gatewayClassName: 'pier', listeners: listeners.map((l) => ({ allowedRoutes: { namespaces: { from: 'Same' } }, ...l })) },
  };
}

function resourcesWith(gateway: Gateway, fill: (r: ProviderResources) => void): ProviderResources {
  const r = emptyProviderResources();
  r.gatewayClasses.push({ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
  r.gateways.push(gateway);
  r.services.push({ apiVersion: 'v1', kind: 'Service', metadata: { namespace: 'default', name: 'svc' }, spec: { ports: [{ protocol: 'TCP', port: 80 }] } });
  fill(r);
  return r;
}

const parentRef = (sectionName?: string) => ({ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'gw', ...(sectionName ? { sectionName } : {}) });
const backend = [{ group: '', kind: 'Service', name: 'svc', port: 80, weight: 1 }];

function httpRoute(name: string, created: string, hostnames: string[], sectionName?: string): HTTPRoute {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { namespace: 'default', name, creationTimestamp: created },
    spec: { parentRefs: [parentRef(sectionName)], hostnames, rules: [{ backendRefs: backend }] },
  };
}

function grpcRoute(name: string, created: string, hostnames: string[]): GRPCRoute {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GRPCRoute', metadata: { namespace: 'default', name, creationTimestamp: created },
    spec: { parentRefs: [parentRef()], hostnames, rules: [{ backendRefs: backend }] },
  };
}

function routeConditions(statuses: ObjectStatus[], kind: string, name: string): Condition[] {
  const s = statuses.find((x) => x.kind === kind && x.name === name);
  return s && 'parents' in s.status ? s.status.parents.flatMap((p) => p.conditions) : [];
}

function attachedRoutes(statuses: ObjectStatus[], listener: string): number | undefined {
  const gw = statuses.find((x) => x.kind === 'Gateway');
  return gw && 'listeners' in gw.status ? gw.status.listeners?.find((l) => l.name === listener)?.attachedRoutes : undefined;
}

function accepted(statuses: ObjectStatus[], kind: string, name: string): string | undefined {
  return routeConditions(statuses, kind, name).find((c) => c.type === 'Accepted')?.status;
}

describe('HTTPRoute and GRPCRoute on one listener', () => {
  test('sharing a hostname, the older route wins and the other is not accepted', () => {
    const r = resourcesWith(gatewayOf([{ name: 'http', protocol: 'HTTP', port: 80 }]), (res) => {
      res.httpRoutes.push(httpRoute('web', '2024-01-02T00:00:00Z', ['*.example.com']));
      res.grpcRoutes.push(grpcRoute('api', '2024-01-01T00:00:00Z', ['api.example.com']));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    assert.equal(accepted(out.statuses, 'GRPCRoute', 'api'), 'True');
    assert.equal(accepted(out.statuses, 'HTTPRoute', 'web'), 'False');
    const vhosts = out.xdsIR['default/gw']?.http[0]?.virtualHosts.map((v) => v.name);
    assert.deepEqual(vhosts, ['api.example.com']);
    // Attachment depends on allowedRoutes and the parentRef only: the losing route still counts.
    assert.equal(attachedRoutes(out.statuses, 'http'), 2);
  });
  test('the route losing a listener keeps the listeners where it has no rival', () => {
    const r = resourcesWith(gatewayOf([
      { name: 'a', protocol: 'HTTP', port: 80, hostname: 'a.example.com' },
      { name: 'b', protocol: 'HTTP', port: 80, hostname: 'b.example.com' },
    ]), (res) => {
      res.httpRoutes.push(httpRoute('web', '2024-01-02T00:00:00Z', []));
      res.grpcRoutes.push({ ...grpcRoute('api', '2024-01-01T00:00:00Z', []), spec: { parentRefs: [parentRef('a')], rules: [{ backendRefs: backend }] } });
    });
    const out = translate(r, { controllerName: CONTROLLER });
    assert.equal(accepted(out.statuses, 'GRPCRoute', 'api'), 'True');
    assert.equal(accepted(out.statuses, 'HTTPRoute', 'web'), 'True');
    assert.equal(attachedRoutes(out.statuses, 'a'), 2);
    assert.equal(attachedRoutes(out.statuses, 'b'), 1);
    const names = (l: string): string[] => out.xdsIR['default/gw']?.http.find((x) => x.name === `default/gw/${l}`)?.virtualHosts
      .flatMap((v) => v.routes.map((route) => route.name)) ?? [];
    assert.ok(names('a').every((n) => n.includes('grpcroute')), `listener a serves the GRPCRoute only: ${names('a').join(', ')}`);
    assert.ok(names('b').length > 0 && names('b').every((n) => n.includes('httproute')), `listener b serves the HTTPRoute: ${names('b').join(', ')}`);
  });
  test('on different hostnames both are accepted', () => {
    const r = resourcesWith(gatewayOf([{ name: 'http', protocol: 'HTTP', port: 80 }]), (res) => {
      res.httpRoutes.push(httpRoute('web', '2024-01-01T00:00:00Z', ['www.example.com']));
      res.grpcRoutes.push(grpcRoute('api', '2024-01-02T00:00:00Z', ['api.example.com']));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    assert.equal(accepted(out.statuses, 'GRPCRoute', 'api'), 'True');
    assert.equal(accepted(out.statuses, 'HTTPRoute', 'web'), 'True');
  });
});

describe('listener isolation', () => {
  test('a route hostname a more specific listener on the port covers is left to that listener', () => {
    const r = resourcesWith(gatewayOf([
      { name: 'any', protocol: 'HTTP', port: 80 },
      { name: 'foo', protocol: 'HTTP', port: 80, hostname: '*.foo.example.com' },
    ]), (res) => {
      res.httpRoutes.push(httpRoute('wide', '2024-01-01T00:00:00Z', ['a.foo.example.com', 'bar.example.com'], 'any'));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    const any = out.xdsIR['default/gw']?.http.find((l) => l.name === 'default/gw/any');
    assert.deepEqual(any?.virtualHosts.map((v) => v.name), ['bar.example.com']);
    assert.equal(accepted(out.statuses, 'HTTPRoute', 'wide'), 'True', 'the route stays attached');
  });
});

describe('L4 listeners', () => {
  const tcpRoute = (name: string, created: string): TCPRoute => ({
    apiVersion: 'gateway.networking.k8s.io/v1alpha2', kind: 'TCPRoute', metadata: { namespace: 'default', name, creationTimestamp: created },
    spec: { parentRefs: [parentRef()], rules: [{ backendRefs: backend }] },
  });
  const tlsRoute = (name: string, created: string, hostnames: string[]): TLSRoute => ({
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'TLSRoute', metadata: { namespace: 'default', name, creationTimestamp: created },
    spec: { parentRefs: [parentRef()], hostnames, rules: [{ backendRefs: backend }] },
  });

  test('every TCPRoute on a listener is accepted and counted; the oldest is served', () => {
    const r = resourcesWith(gatewayOf([{ name: 'tcp', protocol: 'TCP', port: 9000 }]), (res) => {
      res.tcpRoutes.push(tcpRoute('b-old', '2024-01-01T00:00:00Z'), tcpRoute('a-new', '2024-01-02T00:00:00Z'));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    assert.equal(accepted(out.statuses, 'TCPRoute', 'a-new'), 'True');
    assert.equal(accepted(out.statuses, 'TCPRoute', 'b-old'), 'True');
    const gw = out.statuses.find((s) => s.kind === 'Gateway');
    assert.equal(gw && 'listeners' in gw.status ? gw.status.listeners?.[0]?.attachedRoutes : undefined, 2);
    assert.deepEqual(out.xdsIR['default/gw']?.tcp[0]?.routes.map((x) => x.name), ['default/gw/tcp/tcproute/default/b-old']);
  });

  test('a TLS hostname goes to the oldest route asking for it; other hostnames to whoever asks', () => {
    const r = resourcesWith(gatewayOf([{ name: 'tls', protocol: 'TLS', port: 443, tls: { mode: 'Passthrough' } }]), (res) => {
      res.tlsRoutes.push(tlsRoute('old', '2024-01-01T00:00:00Z', ['a.example.com']), tlsRoute('new', '2024-01-02T00:00:00Z', ['a.example.com', 'b.example.com']));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    assert.deepEqual(out.xdsIR['default/gw']?.tcp[0]?.routes.map((x) => [x.name, x.sniHostnames]), [
      ['default/gw/tls/tlsroute/default/old', ['a.example.com']],
      ['default/gw/tls/tlsroute/default/new', ['b.example.com']],
    ]);
  });

  test('a TLS listener in Terminate mode without a usable certificate is not programmed, routes still count', () => {
    const r = resourcesWith(gatewayOf([{ name: 'tls', protocol: 'TLS', port: 443, tls: { mode: 'Terminate', certificateRefs: [{ name: 'missing' }] } }]), (res) => {
      res.tlsRoutes.push(tlsRoute('r', '2024-01-01T00:00:00Z', ['a.example.com']));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    const gw = out.statuses.find((s) => s.kind === 'Gateway');
    const listener = gw && 'listeners' in gw.status ? gw.status.listeners?.[0] : undefined;
    assert.equal(listener?.attachedRoutes, 1);
    assert.deepEqual(listener?.conditions.map((c) => [c.type, c.status, c.reason]), [
      ['Accepted', 'True', 'Accepted'], ['ResolvedRefs', 'False', 'InvalidCertificateRef'], ['Programmed', 'False', 'Invalid'], ['Conflicted', 'False', 'NoConflicts'],
    ]);
    assert.equal(out.xdsIR['default/gw'], undefined, 'nothing to program');
  });
});

describe('route status', () => {
  test('parentRef group and kind are defaulted in status', () => {
    const r = resourcesWith(gatewayOf([{ name: 'http', protocol: 'HTTP', port: 80 }]), (res) => {
      const route = httpRoute('web', '2024-01-01T00:00:00Z', []);
      route.spec.parentRefs = [{ name: 'gw' }];
      res.httpRoutes.push(route);
    });
    const out = translate(r, { controllerName: CONTROLLER });
    const s = out.statuses.find((x) => x.kind === 'HTTPRoute');
    assert.deepEqual(s && 'parents' in s.status ? s.status.parents[0]?.parentRef : undefined, { name: 'gw', group: 'gateway.networking.k8s.io', kind: 'Gateway' });
  });
});

describe('Gateway spec.tls.frontend (client certificate validation)', () => {
  const caBundle = (JSON.parse(readFileSync(testData('golden', 'gatewayapi', 'client-cert-validation', 'ir.json'), 'utf8')) as { xdsIR: Record<string, XdsIR> })
    .xdsIR['default/gw']?.http.find((l) => l.tls?.clientValidation)?.tls?.clientValidation?.caCertificates ?? '';
  const configMap = (namespace: string, name: string): ConfigMap => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data: { 'ca.crt': caBundle } });
  const caRef = (name: string, namespace?: string) => ({ group: '', kind: 'ConfigMap', name, ...(namespace ? { namespace } : {}) });
  const httpsListener = (name: string, port: number): Listener => ({ name, protocol: 'HTTPS', port, tls: { mode: 'Terminate', certificateRefs: [{ name: 'cert' }] } });
  const withFrontend = (listeners: Listener[], frontend: FrontendTLSConfig): Gateway => {
    const gateway = gatewayOf(listeners);
    gateway.spec.tls = { frontend };
    return gateway;
  };
  const listenerConditions = (statuses: ObjectStatus[], name: string): string[] => {
    const gw = statuses.find((s) => s.kind === 'Gateway');
    const conditions = gw && 'listeners' in gw.status ? gw.status.listeners?.find((l) => l.name === name)?.conditions ?? [] : [];
    return conditions.filter((c) => c.type !== 'Conflicted').map((c) => `${c.type}=${c.status}/${c.reason}`);
  };
  const gatewayConditions = (statuses: ObjectStatus[]): string[] => {
    const gw = statuses.find((s) => s.kind === 'Gateway');
    return (gw && 'conditions' in gw.status ? gw.status.conditions ?? [] : []).map((c) => `${c.type}=${c.status}/${c.reason}`);
  };

  test('the perPort entry wins over the default; HTTP listeners take none; the IR carries the CAs and the mode', () => {
    const gateway = withFrontend([httpsListener('https', 443), httpsListener('https-8443', 8443), { name: 'http', protocol: 'HTTP', port: 80 }], {
      default: { validation: { caCertificateRefs: [caRef('default-ca')] } },
      perPort: [
        { port: 8443, tls: { validation: { mode: 'AllowInsecureFallback', caCertificateRefs: [caRef('port-ca')] } } },
        { port: 80, tls: { validation: { caCertificateRefs: [caRef('missing')] } } },
      ],
    });
    const r = resourcesWith(gateway, (res) => {
      res.secrets.push(secret('default', 'cert', pair.certificateChain, pair.privateKey));
      res.configMaps.push(configMap('default', 'default-ca'), configMap('default', 'port-ca'));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    const byName = new Map(out.xdsIR['default/gw']?.http.map((l) => [l.name, l]));
    assert.deepEqual(byName.get('default/gw/https')?.tls?.clientValidation, { caCertificates: caBundle, allowInsecureFallback: false });
    assert.deepEqual(byName.get('default/gw/https-8443')?.tls?.clientValidation, { caCertificates: caBundle, allowInsecureFallback: true });
    assert.equal(byName.get('default/gw/http')?.tls, undefined);
    assert.deepEqual(listenerConditions(out.statuses, 'http'), ['Accepted=True/Accepted', 'ResolvedRefs=True/ResolvedRefs', 'Programmed=True/Programmed']);
    assert.ok(gatewayConditions(out.statuses).includes('InsecureFrontendValidationMode=True/ConfigurationChanged'));
  });

  test('no usable CA: ResolvedRefs names why, the listener is not accepted (NoValidCACertificate) and not served', () => {
    const gateway = withFrontend([httpsListener('https', 443), httpsListener('kind', 6443), httpsListener('grant', 5443)], {
      default: { validation: { caCertificateRefs: [caRef('missing')] } },
      perPort: [
        { port: 6443, tls: { validation: { caCertificateRefs: [{ group: '', kind: 'Secret', name: 'cert' }] } } },
        { port: 5443, tls: { validation: { caCertificateRefs: [caRef('ca', 'other')] } } },
      ],
    });
    const r = resourcesWith(gateway, (res) => {
      res.secrets.push(secret('default', 'cert', pair.certificateChain, pair.privateKey));
      res.configMaps.push(configMap('other', 'ca'));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    const refused = (reason: string) => ['Accepted=False/NoValidCACertificate', `ResolvedRefs=False/${reason}`, 'Programmed=False/Invalid'];
    assert.deepEqual(listenerConditions(out.statuses, 'https'), refused('InvalidCACertificateRef'));
    assert.deepEqual(listenerConditions(out.statuses, 'kind'), refused('InvalidCACertificateKind'));
    assert.deepEqual(listenerConditions(out.statuses, 'grant'), refused('RefNotPermitted'));
    assert.equal(out.xdsIR['default/gw'], undefined, 'no listener can be served');
    assert.ok(!gatewayConditions(out.statuses).some((c) => c.startsWith('InsecureFrontendValidationMode')), 'AllowValidOnly everywhere');

    r.referenceGrants.push(grant('other', 'Gateway', 'default', 'ConfigMap'));
    const granted = translate(r, { controllerName: CONTROLLER });
    assert.deepEqual(listenerConditions(granted.statuses, 'grant'), ['Accepted=True/Accepted', 'ResolvedRefs=True/ResolvedRefs', 'Programmed=True/Programmed']);
    assert.deepEqual(granted.xdsIR['default/gw']?.http.map((l) => l.name), ['default/gw/grant']);
  });

  test('a ConfigMap read for a CA is a dependency: creating it makes earlier reads stale, deleting it leaves no version behind', () => {
    const index = ResourceIndex.fromResources(emptyProviderResources());
    const { value, reads } = index.withReads(() => resolveClientValidation({ caCertificateRefs: [caRef('ca')] }, 'default', index));
    assert.equal(value.validation, undefined);
    const keysBefore = index.versionedKeys();
    index.set('configMaps', configMap('default', 'ca'));
    assert.equal(index.readsCurrent(reads), false);
    assert.equal(resolveClientValidation({ caCertificateRefs: [caRef('ca')] }, 'default', index).validation?.caCertificates, caBundle);
    index.set('configMaps', undefined, { namespace: 'default', name: 'ca' });
    assert.equal(index.versionedKeys(), keysBefore);
    assert.equal(index.readsCurrent(reads), true, 'back to absent, as when first read');
  });
});

describe('backend protocols', () => {
  test('a Service port used by an HTTPRoute and a GRPCRoute gets an HTTP/1.1 and an HTTP/2 cluster', () => {
    const r = resourcesWith(gatewayOf([{ name: 'http', protocol: 'HTTP', port: 80 }]), (res) => {
      res.httpRoutes.push(httpRoute('web', '2024-01-01T00:00:00Z', ['www.example.com']));
      res.grpcRoutes.push(grpcRoute('api', '2024-01-02T00:00:00Z', ['api.example.com']));
    });
    const out = translate(r, { controllerName: CONTROLLER });
    const settings = out.xdsIR['default/gw']?.http[0]?.virtualHosts.flatMap((v) => v.routes.flatMap((x) => x.destination?.settings ?? []));
    assert.deepEqual(settings?.map((s) => [s.clusterName, s.protocol]).sort(), [['default/svc/80', 'http'], ['default/svc/80/h2c', 'h2c']]);
  });
});

let certificateKey: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

/** A self-signed certificate for these DNS names, with its key (PEM); every one shares a key, made once (RSA key generation is slow). */
function selfSigned(names: readonly string[]): KeyPair {
  certificateKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey, publicKey } = certificateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2120, 0, 1));
  cert.setSubject([{ name: 'commonName', value: names[0] ?? 'none' }]);
  cert.setIssuer([{ name: 'commonName', value: names[0] ?? 'none' }]);
  cert.setExtensions([{ name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) }]);
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), forge.md.sha256.create());
  return { certificateChain: forge.pki.certificateToPem(cert), privateKey: keyPem };
}

describe('OverlappingTLSConfig', () => {
  /** An HTTPS listener serving the Secret named cert (by default its own, whose names are unrelated to any other's). */
  const https = (name: string, port: number, hostname?: string, cert = name): Listener => ({
    name, port, protocol: 'HTTPS', ...(hostname ? { hostname } : {}),
    tls: { mode: 'Terminate', certificateRefs: [{ group: '', kind: 'Secret', name: cert }] },
  });
  const overlapOf = (statuses: ObjectStatus[], listener: string): Condition | undefined => {
    const gw = statuses.find((x) => x.kind === 'Gateway');
    const conditions = gw && 'listeners' in gw.status ? gw.status.listeners?.find((l) => l.name === listener)?.conditions : undefined;
    return conditions?.find((c) => c.type === 'OverlappingTLSConfig');
  };
  const minted = new Map<string, KeyPair>();
  /** Each listener's Secret: certificateNames[secret] when given, else a certificate for "<secret>.cert.test" only. */
  const translated = (listeners: Listener[], certificateNames: Record<string, string[]> = {}): ObjectStatus[] => translate(resourcesWith(gatewayOf(listeners), (res) => {
    const secrets = new Set(listeners.flatMap((l) => (l.tls?.certificateRefs ?? []).map((r) => r.name)));
    for (const name of secrets) {
      const names = certificateNames[name] ?? [`${name}.cert.test`];
      const key = names.join(',');
      let kp = minted.get(key);
      if (!kp) minted.set(key, (kp = selfSigned(names)));
      res.secrets.push(secret('default', name, kp.certificateChain, kp.privateKey));
    }
  }), { controllerName: CONTROLLER }).statuses;

  test('set on every TLS-terminating listener of a port whose hostname overlaps another, and only there', () => {
    const statuses = translated([
      https('foo-https', 443, 'foo.example.com'),
      https('bar-https', 443, 'bar.bar.example.com'),
      https('wildcard-https', 443, '*.example.com'),
      https('not-overlapping-https', 443, 'example.com'),
      https('not-overlapping-other-port', 9443, 'foo.example.com'),
    ]);
    for (const name of ['foo-https', 'bar-https', 'wildcard-https']) {
      const c = overlapOf(statuses, name);
      assert.equal(c?.status, 'True', name);
      assert.equal(c?.reason, 'OverlappingHostnames', name);
      assert.equal(c?.observedGeneration, 1);
    }
    assert.match(overlapOf(statuses, 'wildcard-https')?.message ?? '', /bar-https \(bar\.bar\.example\.com\), foo-https \(foo\.example\.com\)$/);
    assert.equal(overlapOf(statuses, 'not-overlapping-https'), undefined, 'example.com is not matched by *.example.com');
    assert.equal(overlapOf(statuses, 'not-overlapping-other-port'), undefined, 'another port');
  });

  test('a listener without hostname overlaps every other; passthrough and conflicted listeners take no part', () => {
    const statuses = translated([
      https('any', 443),
      https('one', 443, 'one.example.com'),
      https('twin-a', 8443, 'twin.example.com', 'twin'),
      https('twin-b', 8443, 'twin.example.com', 'twin'),
      { name: 'pass', port: 9443, protocol: 'TLS', hostname: 'p.example.com', tls: { mode: 'Passthrough' } },
      https('term', 9443, '*.example.com'),
    ]);
    assert.equal(overlapOf(statuses, 'any')?.reason, 'OverlappingHostnames');
    assert.equal(overlapOf(statuses, 'one')?.reason, 'OverlappingHostnames');
    for (const name of ['twin-a', 'twin-b', 'pass', 'term']) assert.equal(overlapOf(statuses, name), undefined, name);
  });

  // The spec lets controllers detect overlapping certificates (ListenerConditionOverlappingTLSConfig)
  // and asks for OverlappingCertificates when both checks hold.
  test('certificates whose names overlap on a port: OverlappingCertificates, even with distinct hostnames', () => {
    const statuses = translated([
      https('a', 443, 'a.example.com', 'wildcard'),
      https('b', 443, 'b.example.com', 'b-only'),
      https('c', 443, 'c.example.com', 'c-only'),
      https('deep', 443, 'x.y.example.com', 'deep'),
      https('shared-1', 8443, 'one.example.net', 'shared'),
      https('shared-2', 8443, 'two.example.net', 'shared'),
      https('both', 9443, '*.example.org', 'org-wildcard'),
      https('both-too', 9443, 'www.example.org', 'org-www'),
      https('other-port', 10443, 'b.example.com', 'b-only'),
    ], {
      wildcard: ['*.example.com'], 'b-only': ['b.example.com'], 'c-only': ['c.example.com'], deep: ['x.y.example.com'],
      shared: ['one.example.net', 'two.example.net'], 'org-wildcard': ['*.example.org'], 'org-www': ['www.example.org'],
    });
    assert.equal(overlapOf(statuses, 'a')?.reason, 'OverlappingCertificates');
    assert.match(overlapOf(statuses, 'a')?.message ?? '', /with listener\(s\) b \(certificate name \*\.example\.com ~ b\.example\.com\), c \(certificate name \*\.example\.com ~ c\.example\.com\)$/);
    assert.equal(overlapOf(statuses, 'b')?.reason, 'OverlappingCertificates');
    assert.equal(overlapOf(statuses, 'c')?.reason, 'OverlappingCertificates');
    assert.equal(overlapOf(statuses, 'deep'), undefined, 'a wildcard certificate name stands for one label');
    for (const name of ['shared-1', 'shared-2']) assert.equal(overlapOf(statuses, name)?.reason, 'OverlappingCertificates', name);
    assert.equal(overlapOf(statuses, 'both')?.reason, 'OverlappingCertificates', 'both overlap: certificates win');
    assert.match(overlapOf(statuses, 'both')?.message ?? '', /; hostname \*\.example\.org overlaps with both-too \(www\.example\.org\)$/);
    assert.equal(overlapOf(statuses, 'other-port'), undefined, 'another port');
  });
});
