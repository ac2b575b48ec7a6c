/**
 * BackendPolicy placement: the plain clusters carry the Service's policy, else the Gateway-wide
 * one; a backend whose own policy differs gets a cluster of its own; placing again keeps
 * unchanged routes' objects.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BackendPolicySettings } from '../../../src/ir/backendpolicy';
import type { DestinationSetting, HTTPRoute, TCPListener, XdsIR } from '../../../src/ir/types';
import { applyBackendPolicyClusters, type BackendPlacement } from '../../../src/gatewayapi/policies/backendpolicy-clusters';

const settings = (name: string, target: string, extra: Partial<BackendPolicySettings> = {}): BackendPolicySettings => ({
  source: { kind: 'BackendPolicy', namespace: 'default', name, target }, id: `${name}@${target}`, circuitBreaker: { maxConnections: 1 }, ...extra,
});
const backend = (service: string): DestinationSetting => ({ clusterName: `default/${service}/80`, weight: 1, protocol: 'http', endpointsOf: { namespace: 'default', service, portName: 'http' } });
const route = (name: string, services: string[], own?: BackendPolicySettings): HTTPRoute => Object.freeze({
  name, origin: name, pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], destination: { settings: services.map(backend) }, ...(own ? { policies: { backend: own } } : {}),
} as unknown as HTTPRoute);
const ir = (routes: HTTPRoute[], listener?: BackendPolicySettings, tcp: TCPListener[] = []): XdsIR => ({
  gateway: 'default/gw', tcp, udp: [],
  http: [{ name: 'default/gw/http', address: '0.0.0.0', port: 80, hostnames: ['*'], virtualHosts: [{ name: '*', domains: ['*'], routes }], ...(listener ? { policies: { backend: listener } } : {}) }],
} as unknown as XdsIR);
const routesOf = (out: XdsIR): HTTPRoute[] => out.http[0]!.virtualHosts[0]!.routes;
const clusters = (out: XdsIR): string[][] => routesOf(out).map((r) => r.destination!.settings.map((s) => s.clusterName));
/** What each plain cluster carries: cluster name -> policy name. */
const carried = (out: XdsIR): Record<string, string> => Object.fromEntries(Object.entries(out.backendClusterPolicies ?? {}).map(([k, v]) => [k, v.source.name]));
const GW = settings('gw', 'Gateway default/gw');
const gatewayWide = (policy: BackendPolicySettings = GW): BackendPlacement => ({ services: new Map(), gateway: policy });

describe('BackendPolicy placement', () => {
  test('a Gateway-wide policy goes on the plain clusters: routes keep their objects', () => {
    const routes = [route('a', ['web']), route('b', ['api', 'web'])];
    const out = applyBackendPolicyClusters(ir(routes, GW), gatewayWide());
    routesOf(out).forEach((r, i) => assert.equal(r, routes[i], 'the same route object'));
    assert.deepEqual(carried(out), { 'default/web/80': 'gw', 'default/api/80': 'gw' });
  });

  test('a route\'s own policy on top: a cluster of its own for that route only', () => {
    const routes = [route('a', ['web'], settings('rule', 'HTTPRoute default/a')), route('b', ['web'])];
    const out = applyBackendPolicyClusters(ir(routes, GW), gatewayWide());
    assert.deepEqual(clusters(out), [['default/web/80/backendpolicy/default/rule'], ['default/web/80']]);
    assert.equal(routesOf(out)[1], routes[1]);
    assert.equal(routesOf(out)[0]!.destination!.settings[0]!.backendPolicy?.source.name, 'rule');
    assert.deepEqual(carried(out), { 'default/web/80': 'gw' });
  });

  test('the Gateway-wide policy targeting a route too: the same policy, the plain cluster', () => {
    const routes = [route('a', ['web'], settings('gw', 'HTTPRoute default/a'))];
    const out = applyBackendPolicyClusters(ir(routes, GW), gatewayWide());
    assert.deepEqual(clusters(out), [['default/web/80']]);
  });

  test('a Service\'s policy is on its plain cluster, for every route; a route\'s own the others', () => {
    const services = new Map([['default/web', settings('svc', 'Service default/web')]]);
    const out = applyBackendPolicyClusters(ir([route('a', ['web', 'api'], settings('rule', 'HTTPRoute default/a')), route('b', ['api'])], GW), { services, gateway: GW });
    assert.deepEqual(clusters(out), [['default/web/80', 'default/api/80/backendpolicy/default/rule'], ['default/api/80']]);
    assert.deepEqual(carried(out), { 'default/web/80': 'svc', 'default/api/80': 'gw' });
  });

  test('a listener\'s own policy (not the Gateway\'s): clusters of its own', () => {
    const out = applyBackendPolicyClusters(ir([route('a', ['web'])], settings('listener', 'Gateway default/gw listener http')), gatewayWide());
    assert.deepEqual(clusters(out), [['default/web/80/backendpolicy/default/listener']]);
    assert.equal(out.backendClusterPolicies, undefined);
  });

  test('a cluster a TCP route shares carries no policy: the HTTP routes reach it through the policy\'s cluster', () => {
    const tcp = [{ name: 'default/gw/tcp', address: '0.0.0.0', port: 9000, routes: [{ name: 't', destination: { settings: [backend('db')] } }] }] as unknown as TCPListener[];
    const out = applyBackendPolicyClusters(ir([route('a', ['db', 'web'])], GW, tcp), gatewayWide());
    assert.deepEqual(clusters(out), [['default/db/80/backendpolicy/default/gw', 'default/web/80']]);
    assert.deepEqual(carried(out), { 'default/web/80': 'gw' });
    assert.equal(out.tcp, tcp);
  });

  test('what a policy sets on the route (hash, stream idle timeout) is the route\'s, from its first backend that sets it', () => {
    const hashing = settings('gw', 'Gateway default/gw', { loadBalancer: { type: 'ringHash', hashOn: { type: 'header', name: 'x-user' } }, timeout: { streamIdleMs: 1000 } });
    const out = applyBackendPolicyClusters(ir([route('a', ['web', 'api'])], hashing), gatewayWide(hashing));
    assert.deepEqual(clusters(out), [['default/web/80', 'default/api/80']]);
    assert.deepEqual(routesOf(out)[0]!.backendPolicyRoute, { hashOn: { type: 'header', name: 'x-user' }, streamIdleMs: 1000 });
  });

  test('ExternalName Services take their Service\'s policy, XBackends the Gateway\'s, on their plain clusters; invalid backends nothing', () => {
    const external: DestinationSetting = { clusterName: 'default/ext/443', weight: 1, protocol: 'http', dnsName: 'ext.example.com', port: 443 };
    const xbackend: DestinationSetting = { clusterName: 'xbackend:default/x', weight: 1, protocol: 'http', dnsName: 'x.example.com', port: 443 };
    const invalid: DestinationSetting = { clusterName: 'default/missing/80', weight: 1, protocol: 'http', invalid: true };
    const r = Object.freeze({ ...route('a', []), destination: { settings: [invalid, external, xbackend] } }) as HTTPRoute;
    const services = new Map([['default/ext', settings('ext', 'Service default/ext')]]);
    const out = applyBackendPolicyClusters(ir([r], GW), { services, gateway: GW });
    assert.equal(routesOf(out)[0], r);
    assert.deepEqual(carried(out), { 'default/ext/443': 'ext', 'xbackend:default/x': 'gw' });
  });

  test('the route\'s hash is its first valid backend\'s that sets one, whether on a plain cluster or its own', () => {
    const hashing = (name: string, header: string): BackendPolicySettings => settings(name, `Service default/${name}`, { loadBalancer: { type: 'ringHash', hashOn: { type: 'header', name: header } } });
    const services = new Map([['default/web', hashing('web', 'x-web')], ['default/api', hashing('api', 'x-api')]]);
    const r = Object.freeze({ ...route('a', ['plain', 'api', 'web']), destination: { settings: [{ ...backend('web'), invalid: true }, backend('plain'), backend('api'), backend('web')] } }) as HTTPRoute;
    const out = applyBackendPolicyClusters(ir([r]), { services });
    assert.deepEqual(routesOf(out)[0]!.backendPolicyRoute, { hashOn: { type: 'header', name: 'x-api' } });
    assert.deepEqual(clusters(out), [['default/web/80', 'default/plain/80', 'default/api/80', 'default/web/80']]);
  });

  test('placed again with the same settings (new objects), routes keep their objects; other settings make new ones', () => {
    const routes = [route('a', ['web'], settings('rule', 'HTTPRoute default/a')), route('b', ['api'])];
    const first = applyBackendPolicyClusters(ir(routes, GW), gatewayWide());
    const again = applyBackendPolicyClusters(ir(routes, settings('gw', 'Gateway default/gw')), gatewayWide(settings('gw', 'Gateway default/gw')));
    assert.notEqual(first, again);
    routesOf(first).forEach((r, i) => assert.equal(routesOf(again)[i], r));
    const changed = { ...settings('rule', 'HTTPRoute default/a'), circuitBreaker: { maxConnections: 2 } };
    const other = applyBackendPolicyClusters(ir([route('a', ['web'], changed), routes[1]!], GW), gatewayWide());
    assert.equal(routesOf(other)[0]!.destination!.settings[0]!.backendPolicy?.circuitBreaker?.maxConnections, 2);
  });

  test('the policy removed: the plain clusters carry nothing again', () => {
    const routes = [route('a', ['web'])];
    const input = ir(routes);
    const out = applyBackendPolicyClusters(input);
    assert.equal(out, input, 'no policy anywhere: the same IR');
    assert.equal(out.backendClusterPolicies, undefined);
    assert.equal(routesOf(out)[0], routes[0]);
  });
});
