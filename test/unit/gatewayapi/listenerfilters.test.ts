/**
 * Listener filters (GEP-5224) in the Gateway API translator: what the golden case
 * (listener-filters) cannot show on its own. Filters on a protocol that has no requests, an
 * unknown type, and the authorization Service coming and going (incremental translation follows it).
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Gateway, GatewayClass, HTTPRoute, Listener, ListenerFilter } from '../../../src/apis/gateway';
import type { Service } from '../../../src/apis/core';
import type { KubeObject } from '../../../src/apis/meta';
import { IncrementalTranslator } from '../../../src/gatewayapi/incremental';
import { translate } from '../../../src/gatewayapi/translate';
import { emptyProviderResources, type ObjectStatus, type ProviderResources } from '../../../src/message/resources';
import { TABLE_OF_KIND, tableKey } from '../../../src/message/tables';

const CONTROLLER = 'pier.dev/gateway-controller';
const GW = 'gateway.networking.k8s.io/v1';
const OPTIONS = { controllerName: CONTROLLER, defaultAddress: '127.0.0.1' };

const CLASS: GatewayClass = { apiVersion: GW, kind: 'GatewayClass', metadata: { name: 'pier', generation: 1 }, spec: { controllerName: CONTROLLER } };

const AUTH: ListenerFilter = { type: 'ExternalAuth', externalAuth: { protocol: 'GRPC', backendRef: { name: 'auth', port: 9000 } } };

function gateway(listeners: Listener[]): Gateway {
  return { apiVersion: GW, kind: 'Gateway', metadata: { name: 'gw', namespace: 'default', generation: 1 }, spec: { gatewayClassName: 'pier', listeners } };
}

const ROUTE: HTTPRoute = {
  apiVersion: GW, kind: 'HTTPRoute', metadata: { name: 'r', namespace: 'default', generation: 1 },
  spec: { parentRefs: [{ name: 'gw' }], rules: [{ backendRefs: [{ name: 'svc', port: 80 }] }] },
};

const SERVICE: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'auth', namespace: 'default' }, spec: { ports: [{ name: 'grpc', port: 9000, protocol: 'TCP' }] } };

function resources(objects: KubeObject[]): ProviderResources {
  const out = emptyProviderResources() as unknown as Record<string, KubeObject[]>;
  for (const o of objects) out[TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND]]!.push(o);
  return out as unknown as ProviderResources;
}

function listenerCondition(statuses: readonly ObjectStatus[], listener: string, type: string): string {
  const s = statuses.find((x) => x.kind === 'Gateway');
  assert.ok(s?.kind === 'Gateway');
  const c = s.status.listeners?.find((l) => l.name === listener)?.conditions?.find((x) => x.type === type);
  return c ? `${c.status}/${c.reason}: ${c.message}` : 'absent';
}

describe('listener filters', () => {
  test('filters on a listener without HTTP requests, and a filter type Pier does not know, leave the listener not accepted', () => {
    const result = translate(resources([CLASS, SERVICE, gateway([
      { name: 'tcp', protocol: 'TCP', port: 9001, filters: { requests: [AUTH] } },
      { name: 'unknown', protocol: 'HTTP', port: 80, filters: { requests: [AUTH, { type: 'RequestHeaderModifier' } as unknown as ListenerFilter] } },
      { name: 'fine', protocol: 'HTTP', port: 8080, filters: { requests: [AUTH] } },
    ])]), OPTIONS);
    assert.match(listenerCondition(result.statuses, 'tcp', 'Accepted'), /^False\/UnsupportedValue: filters may only be set when protocol is HTTP or HTTPS/);
    assert.match(listenerCondition(result.statuses, 'unknown', 'Accepted'), /^False\/UnsupportedValue: filters\.requests\[1\]: filter type "RequestHeaderModifier" is not supported$/);
    assert.match(listenerCondition(result.statuses, 'fine', 'Accepted'), /^True\/Accepted/);
    const http = result.xdsIR['default/gw']!.http;
    assert.deepEqual(http.map((l) => l.name), ['default/gw/fine']);
    assert.equal(http[0]!.requestFilters?.[0]?.externalAuth.service.clusterName, 'default/auth/9000/h2c');
  });

  test('the authorization Service coming and going: the listener follows (incremental equals whole)', () => {
    const objects: KubeObject[] = [CLASS, ROUTE, gateway([{ name: 'checked', protocol: 'HTTP', port: 80, filters: { requests: [AUTH] } }])];
    const incremental = new IncrementalTranslator(OPTIONS);
    incremental.apply(objects.map((o) => ({ table: TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND], key: tableKey(o), value: o })));
    let result = incremental.result();
    assert.deepEqual(result, translate(resources(objects), OPTIONS));
    assert.match(listenerCondition(result.statuses, 'checked', 'ResolvedRefs'), /^False\/InvalidListenerFilterRef: filters\.requests\[0\]: ExternalAuth backendRef Service default\/auth not found$/);
    const refused = result.xdsIR['default/gw']!.http[0]!;
    assert.equal(refused.requestFilters, undefined);
    assert.deepEqual(refused.virtualHosts.flatMap((v) => v.routes.map((r) => r.directResponse?.status)), [500], 'every request refused');

    incremental.apply([{ table: 'services', key: 'default/auth', value: SERVICE }]);
    result = incremental.result();
    assert.deepEqual(result, translate(resources([...objects, SERVICE]), OPTIONS));
    assert.match(listenerCondition(result.statuses, 'checked', 'ResolvedRefs'), /^True\/ResolvedRefs/);
    const served = result.xdsIR['default/gw']!.http[0]!;
    assert.equal(served.requestFilters?.length, 1);
    assert.ok(served.virtualHosts.some((v) => v.routes.some((r) => r.name.includes('/httproute/default/r/'))), 'the route is placed');

    // A route edit patches the unit: the listener keeps its filters.
    const edited: HTTPRoute = { ...ROUTE, metadata: { ...ROUTE.metadata, generation: 2 }, spec: { ...ROUTE.spec, rules: [{ backendRefs: [{ name: 'svc2', port: 80 }] }] } };
    incremental.apply([{ table: 'httpRoutes', key: 'default/r', value: edited }]);
    assert.deepEqual(incremental.result(), translate(resources([CLASS, edited, SERVICE, objects[2]!]), OPTIONS));
    assert.equal(incremental.result().xdsIR['default/gw']!.http[0]!.requestFilters?.length, 1);
  });
});
