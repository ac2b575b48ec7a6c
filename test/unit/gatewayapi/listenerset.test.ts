/**
 * ListenerSet translation: what the golden case (listener-sets) cannot show on its own.
 * Precedence by age over name, the ListenerSet moving between Gateways (incremental), and what
 * each parent kind reaches.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Gateway, GatewayClass, HTTPRoute, Listener, ListenerSet, ListenerStatus } from '../../../src/apis/gateway';
import type { KubeObject } from '../../../src/apis/meta';
import { IncrementalTranslator } from '../../../src/gatewayapi/incremental';
import { translate } from '../../../src/gatewayapi/translate';
import { emptyProviderResources, type ObjectStatus, type ProviderResources } from '../../../src/message/resources';
import { TABLE_OF_KIND, tableKey } from '../../../src/message/tables';

const CONTROLLER = 'pier.dev/gateway-controller';
const GW = 'gateway.networking.k8s.io/v1';
const OPTIONS = { controllerName: CONTROLLER, defaultAddress: '127.0.0.1' };

const CLASS: GatewayClass = { apiVersion: GW, kind: 'GatewayClass', metadata: { name: 'pier', generation: 1 }, spec: { controllerName: CONTROLLER } };

function http(name: string, port: number, hostname?: string): Listener {
  return { name, protocol: 'HTTP', port, ...(hostname ? { hostname } : {}), allowedRoutes: { namespaces: { from: 'Same' } } };
}

function gateway(name: string, listeners: Listener[]): Gateway {
  return { apiVersion: GW, kind: 'Gateway', metadata: { name, namespace: 'default', generation: 1 },
    spec: { gatewayClassName: 'pier', allowedListeners: { namespaces: { from: 'Same' } }, listeners } };
}

function listenerSet(name: string, parent: string, created: string, listeners: Listener[], generation = 1): ListenerSet {
  return { apiVersion: GW, kind: 'ListenerSet', metadata: { name, namespace: 'default', generation, creationTimestamp: created },
    spec: { parentRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: parent }, listeners } };
}

function route(name: string, parentRefs: HTTPRoute['spec']['parentRefs']): HTTPRoute {
  return { apiVersion: GW, kind: 'HTTPRoute', metadata: { name, namespace: 'default', generation: 1 },
    spec: { parentRefs, rules: [{ backendRefs: [{ name: 'svc', port: 80 }] }] } };
}

function resources(objects: KubeObject[]): ProviderResources {
  const out = emptyProviderResources() as unknown as Record<string, KubeObject[]>;
  for (const o of objects) out[TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND]]!.push(o);
  return out as unknown as ProviderResources;
}

function statusOf(statuses: readonly ObjectStatus[], kind: string, name: string): ObjectStatus {
  const s = statuses.find((x) => x.kind === kind && x.name === name);
  assert.ok(s, `${kind} ${name} has a status`);
  return s;
}

function condition(conditions: readonly { type: string; status: string; reason: string }[] | undefined, type: string): string {
  const c = conditions?.find((x) => x.type === type);
  return c ? `${c.status}/${c.reason}` : 'absent';
}

function setConditions(s: ObjectStatus): { type: string; status: string; reason: string }[] | undefined {
  assert.ok(s.kind === 'ListenerSet');
  return s.status.conditions;
}

function listenersOf(s: ObjectStatus): ListenerStatus[] {
  assert.ok(s.kind === 'ListenerSet' || s.kind === 'Gateway');
  return s.status.listeners ?? [];
}

describe('ListenerSet translation', () => {
  test('the older ListenerSet keeps a contested listener even when its name sorts later', () => {
    const result = translate(resources([
      CLASS,
      gateway('gw', [http('main', 80, 'gw.example.com')]),
      listenerSet('aaa-newer', 'gw', '2025-01-01T00:00:00Z', [http('shop', 80, 'shop.example.com')]),
      listenerSet('zzz-older', 'gw', '2024-01-01T00:00:00Z', [http('shop', 80, 'shop.example.com')]),
    ]), OPTIONS);
    const older = statusOf(result.statuses, 'ListenerSet', 'zzz-older');
    const newer = statusOf(result.statuses, 'ListenerSet', 'aaa-newer');
    assert.equal(condition(setConditions(older), 'Accepted'), 'True/Accepted');
    assert.equal(condition(setConditions(newer), 'Accepted'), 'False/ListenersNotValid');
    assert.equal(condition(listenersOf(newer)[0]?.conditions, 'Conflicted'), 'True/HostnameConflict');
    const gw = statusOf(result.statuses, 'Gateway', 'gw');
    assert.ok(gw.kind === 'Gateway');
    assert.equal(gw.status.attachedListenerSets, 1);
    const served = result.xdsIR['default/gw']?.http.map((l) => l.name);
    assert.deepEqual(served, ['default/gw/main', 'default/gw/default/zzz-older/shop']);
  });

  test("a Gateway parentRef reaches the Gateway's listeners; a ListenerSet parentRef its own, by sectionName", () => {
    const result = translate(resources([
      CLASS,
      gateway('gw', [http('main', 80, 'gw.example.com')]),
      listenerSet('set', 'gw', '2024-01-01T00:00:00Z', [http('main', 80, 'a.example.com'), http('b', 80, 'b.example.com')]),
      route('to-gateway', [{ name: 'gw' }]),
      route('to-set', [{ group: 'gateway.networking.k8s.io', kind: 'ListenerSet', name: 'set', sectionName: 'main' }]),
    ]), OPTIONS);
    const set = statusOf(result.statuses, 'ListenerSet', 'set');
    assert.deepEqual(listenersOf(set).map((l) => `${l.name}:${l.attachedRoutes}`), ['main:1', 'b:0']);
    assert.deepEqual(listenersOf(statusOf(result.statuses, 'Gateway', 'gw')).map((l) => `${l.name}:${l.attachedRoutes}`), ['main:1']);
    const routeName = (irName: string): string | undefined => /\/httproute\/default\/([^/]+)\//.exec(irName)?.[1];
    const vhosts = Object.fromEntries((result.xdsIR['default/gw']?.http ?? []).map((l) => [l.name, l.virtualHosts.flatMap((v) => v.routes.map((r) => routeName(r.name)))]));
    assert.deepEqual(vhosts, {
      'default/gw/main': ['to-gateway'],
      'default/gw/default/set/main': ['to-set'],
      'default/gw/default/set/b': [],
    });
  });

  test('incremental: a ListenerSet moving to another Gateway re-translates both; output equals a full translation', () => {
    const incremental = new IncrementalTranslator(OPTIONS);
    const objects: KubeObject[] = [
      CLASS, gateway('one', [http('main', 80)]), gateway('two', [http('main', 81)]), gateway('three', [http('main', 82)]),
      listenerSet('set', 'one', '2024-01-01T00:00:00Z', [http('extra', 90)]),
      route('r', [{ group: 'gateway.networking.k8s.io', kind: 'ListenerSet', name: 'set' }]),
    ];
    incremental.apply(objects.map((o) => ({ table: TABLE_OF_KIND[o.kind as keyof typeof TABLE_OF_KIND], key: tableKey(o), value: o })));
    assert.deepEqual(incremental.result(), translate(resources(objects), OPTIONS));

    const moved = listenerSet('set', 'two', '2024-01-01T00:00:00Z', [http('extra', 90)], 2);
    const delta = incremental.apply([{ table: 'listenerSets', key: 'default/set', value: moved }]);
    assert.equal(delta.gatewaysTranslated, 2, 'the old and the new parent, not the third Gateway');
    assert.deepEqual([...delta.xdsIR.keys()].sort(), ['default/one', 'default/two']);
    const after = objects.map((o) => (o.kind === 'ListenerSet' ? moved : o));
    assert.deepEqual(incremental.result(), translate(resources(after), OPTIONS));
    const r = statusOf(incremental.result().statuses, 'HTTPRoute', 'r');
    assert.ok(r.kind === 'HTTPRoute');
    assert.equal(condition(r.status.parents[0]?.conditions, 'Accepted'), 'True/Accepted');
    assert.ok(incremental.result().xdsIR['default/two']?.http.some((l) => l.name === 'default/two/default/set/extra'));

    const gone = incremental.apply([{ table: 'listenerSets', key: 'default/set', value: undefined }]);
    assert.equal(gone.statuses.get('ListenerSet/default/set'), undefined);
    assert.ok(gone.statuses.has('ListenerSet/default/set'), 'the status of a deleted ListenerSet is deleted');
    const stray = statusOf(incremental.result().statuses, 'HTTPRoute', 'r');
    assert.ok(stray.kind === 'HTTPRoute');
    assert.equal(condition(stray.status.parents[0]?.conditions, 'Accepted'), 'False/NoMatchingParent');
    assert.deepEqual(incremental.result(), translate(resources(after.filter((o) => o.kind !== 'ListenerSet')), OPTIONS));
  });
});
