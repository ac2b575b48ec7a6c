/**
 * Every translated resource must encode with the vendored Envoy protos. protobufjs ignores
 * unknown fields and enum names silently, so each resource also makes a round trip (encode,
 * decode) and must come back with the same fields and values: a misspelled field or enum value
 * would be missing.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { loadXdsProtos } from '../../../src/xds/proto';
import { goldenCases, loadCaseIR, RESOURCE_LISTS, RESOURCE_TYPES, translateTestIR } from './support';
import { routeLookupTree } from '../../../src/xds/translator/listeners/route-lookup';

/** Differences between what was encoded and what came back, as readable paths. */
function roundTripDifferences(sent: unknown, received: unknown, at = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(received)) return [`${at}: sent a list, got ${JSON.stringify(received)}`];
    if (sent.length !== received.length) return [`${at}: sent ${sent.length} items, got ${received.length}`];
    return sent.flatMap((item, i) => roundTripDifferences(item, received[i], `${at}[${i}]`));
  }
  if (sent !== null && typeof sent === 'object') {
    if (received === null || typeof received !== 'object' || Array.isArray(received)) return [`${at}: sent an object, got ${JSON.stringify(received)}`];
    const s = sent as Record<string, unknown>;
    const r = received as Record<string, unknown>;
    const out: string[] = [];
    for (const [key, value] of Object.entries(s)) {
      // An empty repeated field is not on the wire at all.
      if (Array.isArray(value) && value.length === 0 && !(key in r)) continue;
      if (!(key in r)) out.push(`${at}.${key}: lost in the round trip (unknown field or value?)`);
      else out.push(...roundTripDifferences(value, r[key], `${at}.${key}`));
    }
    for (const key of Object.keys(r)) if (!(key in s)) out.push(`${at}.${key}: appeared in the round trip`);
    return out;
  }
  // 64-bit integers come back as strings.
  return String(sent) === String(received) ? [] : [`${at}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(received)}`];
}

describe('translated resources encode with the Envoy protos', () => {
  const protos = loadXdsProtos();

  test('the round-trip check notices a misspelled field and a bad enum value', () => {
    const type = RESOURCE_TYPES.clusters;
    const typo = { name: 'c', type: 'EDS', conect_timeout: { seconds: 1 } };
    assert.notDeepEqual(roundTripDifferences(typo, protos.decode(type, protos.encode(type, typo))), []);
    const badEnum = { name: 'c', lb_policy: 'ROUND_ROBBIN' };
    assert.notDeepEqual(roundTripDifferences(badEnum, protos.decode(type, protos.encode(type, badEnum))), []);
    const nestedTypo = { name: 'l', filter_chains: [{ filters: [{ name: 'x', typed_config: { '@type': 'type.googleapis.com/envoy.extensions.filters.network.tcp_proxy.v3.TcpProxy', stat_prefx: 'p' } }] }] };
    const lt = RESOURCE_TYPES.listeners;
    assert.notDeepEqual(roundTripDifferences(nestedTypo, protos.decode(lt, protos.encode(lt, nestedTypo))), []);
  });

  for (const name of goldenCases()) {
    test(name, () => {
      const resources = translateTestIR(loadCaseIR(name));
      for (const list of RESOURCE_LISTS) {
        const type = RESOURCE_TYPES[list];
        for (const resource of resources[list]) {
          const sent: unknown = JSON.parse(JSON.stringify(resource));
          const received = protos.decode(type, protos.encode(type, resource));
          assert.deepEqual(roundTripDifferences(sent, received), [], `${name}: ${list} ${JSON.stringify((resource as { name?: string }).name ?? '')}`);
        }
      }
    });
  }

  test('a RouteConfiguration encoded from per-route bytes decodes as the whole message does, and reuses frozen routes\' bytes', () => {
    const type = RESOURCE_TYPES.routes;
    const configs = goldenCases().flatMap((name) => translateTestIR(loadCaseIR(name)).routes);
    assert.ok(configs.length > 5);
    const routeType = protos.root.lookupType('envoy.config.route.v3.RouteConfiguration');
    for (const rc of configs) {
      const whole = routeType.encode(routeType.fromObject(rc)).finish();
      assert.deepEqual(protos.decode(type, protos.encode(type, rc)), protos.decode(type, whole), rc.name ?? '');
    }
    // Lengths of one, two and three varint bytes (a virtual host of ~40 KB, routes of ~100 bytes).
    const big = {
      name: 'big',
      virtual_hosts: [
        { name: 'small', domains: ['a.example.com'], routes: [{ name: 's', match: { prefix: '/' }, direct_response: { status: 204 } }] },
        { name: 'large', domains: ['*'], routes: Array.from({ length: 400 }, (_, i) => ({ name: `route-${i}-${'x'.repeat(60)}`, match: { prefix: `/p${i}` }, route: { cluster: `c${i}` } })) },
      ],
    };
    const bigWhole = routeType.encode(routeType.fromObject(big)).finish();
    assert.ok(bigWhole.length > 16_384);
    assert.deepEqual(protos.decode(type, protos.encode(type, big)), protos.decode(type, bigWhole), 'large');
    // The same routes in a matcher tree (leaves assembled from each route's bytes).
    const tree = { name: 'tree', virtual_hosts: big.virtual_hosts.map(({ routes, ...rest }) => ({ ...rest, matcher: routeLookupTree(routes) })) };
    const treeWhole = routeType.encode(routeType.fromObject(tree)).finish();
    assert.ok(treeWhole.length > 16_384);
    assert.deepEqual(protos.decode(type, protos.encode(type, tree)), protos.decode(type, treeWhole), 'large tree');
    // The same frozen route in another configuration: the same bytes, whatever surrounds it.
    const route = Object.freeze({ name: 'r', match: Object.freeze({ prefix: '/' }), direct_response: Object.freeze({ status: 204 }) });
    const one = protos.encode(type, { name: 'a', virtual_hosts: [{ name: 'v', domains: ['*'], routes: [route] }] });
    const two = protos.encode(type, { name: 'a', virtual_hosts: [{ name: 'v', domains: ['*'], routes: [route] }] });
    assert.deepEqual(one, two, 'deterministic');
    const decoded = protos.decode(type, one) as { virtual_hosts: { routes: { name: string }[] }[] };
    assert.equal(decoded.virtual_hosts[0]?.routes[0]?.name, 'r');
  });
});
