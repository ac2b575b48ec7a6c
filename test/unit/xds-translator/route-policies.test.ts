/** The routes of a virtual host that carry policies: found once for a frozen virtual host, every time for another. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HTTPRoute, VirtualHost } from '../../../src/ir/types';
import { routesWithPolicies } from '../../../src/xds/translator/listeners/route-policies';

const route = (name: string, withPolicy: boolean): HTTPRoute => ({
  name, pathMatch: { prefix: `/${name}` }, headerMatches: [], queryParamMatches: [], origin: name,
  ...(withPolicy ? { policies: { client: {} } } : {}),
} as HTTPRoute);

test('a frozen virtual host: its routes with policies, the same list on every call', () => {
  const vhost: VirtualHost = Object.freeze({ name: 'h', domains: ['h'], routes: Object.freeze([route('a', false), route('b', true), route('c', false)]) as HTTPRoute[] });
  const first = routesWithPolicies(vhost);
  assert.deepEqual(first.map((r) => r.name), ['b']);
  assert.equal(routesWithPolicies(vhost), first);
});

test('a virtual host that is not frozen is looked at again: a route given a policy afterwards is found', () => {
  const vhost: VirtualHost = { name: 'h', domains: ['h'], routes: [route('a', false)] };
  assert.deepEqual(routesWithPolicies(vhost), []);
  vhost.routes.push(route('b', true));
  assert.deepEqual(routesWithPolicies(vhost).map((r) => r.name), ['b']);
});
