/** BackendPolicy clusters: Service policies before route ones, per backend; placing again keeps unchanged routes' objects. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BackendPolicySettings } from '../../../src/ir/backendpolicy';
import type { DestinationSetting, HTTPRoute, XdsIR } from '../../../src/ir/types';
import { applyBackendPolicyClusters } from '../../../src/gatewayapi/policies/backendpolicy-clusters';

const settings = (name: string, target: string): BackendPolicySettings => ({ source: { kind: 'BackendPolicy', namespace: 'default', name, target }, id: name, circuitBreaker: { maxConnections: 1 } });
const backend = (service: string): DestinationSetting => ({ clusterName: `default/${service}/80`, weight: 1, protocol: 'http', endpointsOf: { namespace: 'default', service, portName: 'http' } });
const route = (name: string, services: string[], own?: BackendPolicySettings): HTTPRoute => Object.freeze({
  name, origin: name, pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], destination: { settings: services.map(backend) }, ...(own ? { policies: { backend: own } } : {}),
} as unknown as HTTPRoute);
const ir = (routes: HTTPRoute[], listener?: BackendPolicySettings): XdsIR => ({
  gateway: 'default/gw', tcp: [], udp: [],
  http: [{ name: 'default/gw/http', address: '0.0.0.0', port: 80, hostnames: ['*'], virtualHosts: [{ name: '*', domains: ['*'], routes }], ...(listener ? { policies: { backend: listener } } : {}) }],
} as unknown as XdsIR);
const clusters = (out: XdsIR): string[][] => out.http[0]!.virtualHosts[0]!.routes.map((r) => r.destination!.settings.map((s) => s.clusterName));

describe('BackendPolicy clusters', () => {
  test('a Service\'s policy takes its backend; the route\'s (or listener\'s) the others', () => {
    const services = new Map([['default/web', settings('svc', 'Service default/web')]]);
    const out = applyBackendPolicyClusters(ir([route('a', ['web', 'api'], settings('rule', 'HTTPRoute default/a')), route('b', ['api'])], settings('gw', 'Gateway default/gw')), services);
    assert.deepEqual(clusters(out), [
      ['default/web/80/backendpolicy/default/svc', 'default/api/80/backendpolicy/default/rule'],
      ['default/api/80/backendpolicy/default/gw'],
    ]);
  });

  test('placed again with the same settings (new objects), routes keep their objects; other settings make new ones', () => {
    const routes = [route('a', ['web']), route('b', ['api'])];
    const first = applyBackendPolicyClusters(ir(routes, settings('gw', 'Gateway default/gw')));
    const again = applyBackendPolicyClusters(ir(routes, settings('gw', 'Gateway default/gw')));
    assert.notEqual(first, again);
    first.http[0]!.virtualHosts[0]!.routes.forEach((r, i) => assert.equal(again.http[0]!.virtualHosts[0]!.routes[i], r));
    const other = applyBackendPolicyClusters(ir(routes, { ...settings('gw', 'Gateway default/gw'), circuitBreaker: { maxConnections: 2 } }));
    assert.notEqual(other.http[0]!.virtualHosts[0]!.routes[0], first.http[0]!.virtualHosts[0]!.routes[0]);
    assert.equal(other.http[0]!.virtualHosts[0]!.routes[0]!.destination!.settings[0]!.backendPolicy?.circuitBreaker?.maxConnections, 2);
  });

  test('no policy anywhere: the same IR', () => {
    const input = ir([route('a', ['web'])]);
    assert.equal(applyBackendPolicyClusters(input), input);
  });
});
