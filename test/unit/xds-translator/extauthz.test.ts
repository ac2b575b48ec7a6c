import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { RE2JS } from '@bufbuild/re2';
import type { ExternalAuth, HTTPListener } from '../../../src/ir/types';
import {
  extAuthzFilterName, extAuthzHttpFilters, extAuthzPerFilterConfig, listenerExtAuthzFilterName, listenerExtAuthzHttpFilters,
  listenerFilterVirtualHostConfig, namesOtherThan,
} from '../../../src/xds/translator/listeners/extauthz';
import { buildListeners } from '../../../src/xds/translator/listeners/listener';
import { virtualHostRoutes } from './vhost-routes';

const WORDS = ['host', 'content-length', 'content-type', 'te', 'transfer-encoding', 'date'];

/** Whether any matcher matches the whole name, as Envoy's RE2 does. */
function allowed(name: string): boolean {
  return namesOtherThan(WORDS, ':').some((m) => RE2JS.compile(m.safe_regex!.regex!).matches(name));
}

const auth = (over: Partial<ExternalAuth> = {}): ExternalAuth => ({
  protocol: 'http',
  service: { clusterName: 'default/auth/8080', weight: 1, protocol: 'http', endpointsOf: { namespace: 'default', service: 'auth', portName: '' } },
  allowedHeaders: [],
  allowedResponseHeaders: [],
  ...over,
});

describe('ext_authz', () => {
  test('namesOtherThan matches every name but the given words and names starting with a refused character', () => {
    for (const w of WORDS) assert.ok(!allowed(w), `${w} is refused`);
    assert.ok(!allowed(':status'));
    for (const name of ['x-user', 'hos', 'hosts', 'content', 'content-', 'content-lengths', 't', 'tea', 'transfer', 'd', 'dates', 'authorization', 'set-cookie']) {
      assert.ok(allowed(name), `${name} is allowed`);
    }
  });

  test('the same setup is one filter; any difference in settings is another', () => {
    assert.equal(extAuthzFilterName(auth()), extAuthzFilterName(auth()));
    const names = new Set([auth(), auth({ allowedHeaders: ['x-a'] }), auth({ pathPrefix: '/check' }), auth({ forwardBodyBytes: 10 }), auth({ allowedResponseHeaders: ['x-b'] })].map(extAuthzFilterName));
    assert.equal(names.size, 5);
    const filters = extAuthzHttpFilters([auth(), auth(), auth({ pathPrefix: '/check' })]);
    assert.equal(filters.length, 2);
    assert.ok(filters.every((f) => f.disabled === true), 'disabled until a route enables them');
    assert.deepEqual(Object.keys(extAuthzPerFilterConfig(auth())), [extAuthzFilterName(auth())]);
  });

  test('gRPC checks name the service as :authority (the cluster name is no host name)', () => {
    const grpc = auth({ protocol: 'grpc', service: { clusterName: 'default/auth/9000/h2c', weight: 1, protocol: 'h2c', endpointsOf: { namespace: 'default', service: 'auth', portName: '' } } });
    const [filter] = extAuthzHttpFilters([grpc]);
    const config = filter!.typed_config as { grpc_service?: { envoy_grpc?: { authority?: string } }; status_on_error?: { code?: string }; failure_mode_allow?: boolean };
    assert.equal(config.grpc_service?.envoy_grpc?.authority, 'auth.default');
    assert.equal(config.failure_mode_allow, false, 'fail closed');
    assert.equal(config.status_on_error?.code, 'ServiceUnavailable');
  });

  describe('listener filters (GEP-5224)', () => {
    const httpListener = (name: string, hostname: string, requestFilters: ExternalAuth[], routeAuth?: ExternalAuth): HTTPListener => ({
      name, address: '0.0.0.0', port: 80, hostnames: [hostname],
      virtualHosts: [{
        name: hostname, domains: [hostname],
        routes: [{ name: `${name}/r`, pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], destination: { settings: [auth().service] }, origin: 'test', ...(routeAuth ? { externalAuth: routeAuth } : {}) }],
      }],
      ...(requestFilters.length > 0 ? { requestFilters: requestFilters.map((externalAuth) => ({ externalAuth })) } : {}),
    });

    test('each listener keeps its own instances, in its order, even for equal setups; they re-route and cannot change Host', () => {
      const first = auth({ pathPrefix: '/first' });
      const second = auth({ pathPrefix: '/second' });
      const filters = listenerExtAuthzHttpFilters([httpListener('gw/b', 'b.test', [second, first]), httpListener('gw/a', 'a.test', [first, second, first])]);
      assert.deepEqual(filters.map((f) => f.name), [
        listenerExtAuthzFilterName('gw/a', 0), listenerExtAuthzFilterName('gw/a', 1), listenerExtAuthzFilterName('gw/a', 2),
        listenerExtAuthzFilterName('gw/b', 0), listenerExtAuthzFilterName('gw/b', 1),
      ]);
      const paths = filters.map((f) => (f.typed_config as { http_service?: { path_prefix?: string } }).http_service?.path_prefix);
      assert.deepEqual(paths, ['/first', '/second', '/first', '/second', '/first']);
      for (const f of filters) {
        assert.equal(f.disabled, true, 'enabled by the listener\'s virtual hosts only');
        const config = f.typed_config as { clear_route_cache?: boolean; decoder_header_mutation_rules?: { disallow_expression?: { regex?: string } } };
        assert.equal(config.clear_route_cache, true);
        const refused = new RegExp(`^(?:${config.decoder_header_mutation_rules!.disallow_expression!.regex!})$`);
        for (const name of ['host', ':authority']) assert.ok(refused.test(name), name);
        for (const name of ['x-tenant', ':path', 'hosts', 'x-host']) assert.ok(!refused.test(name), name);
      }
    });

    test('a virtual host enables its listener\'s filters and brings in its routes\' checks, skipped unless a route enables its own', () => {
      const routeAuth = auth({ pathPrefix: '/route' });
      const l = httpListener('gw/a', 'a.test', [auth(), auth()], routeAuth);
      const config = listenerFilterVirtualHostConfig(l, l.virtualHosts[0]!);
      assert.deepEqual(Object.keys(config), [listenerExtAuthzFilterName('gw/a', 0), listenerExtAuthzFilterName('gw/a', 1), extAuthzFilterName(routeAuth)]);
      const inner = (name: string) => (config[name] as unknown as { disabled?: boolean; config: { disabled?: boolean; check_settings?: object } });
      assert.equal(inner(listenerExtAuthzFilterName('gw/a', 0)).config.disabled, undefined);
      assert.equal(inner(extAuthzFilterName(routeAuth)).config.disabled, true);
      assert.equal(inner(extAuthzFilterName(routeAuth)).disabled, undefined, 'the filter is there for the route that enables it');
    });

    test('plain HTTP listeners sharing a port: one connection manager, the listener filters first; only the filtered listener\'s virtual hosts enable them, with a last route and a virtual host for its hostname', () => {
      const { listeners, routes } = buildListeners({
        gateway: 'default/gw', tcp: [], udp: [],
        http: [httpListener('gw/plain', 'plain.test', []), { ...httpListener('gw/wild', '*.wild.test', [auth()]), virtualHosts: [{ ...httpListener('x', 'a.wild.test', []).virtualHosts[0]! }] }],
      });
      const hcm = listeners[0]!.filter_chains![0]!.filters![0]!.typed_config as unknown as { http_filters: { name: string }[] };
      assert.deepEqual(hcm.http_filters.map((f) => f.name), [listenerExtAuthzFilterName('gw/wild', 0), 'envoy.filters.http.router']);
      const vhosts = routes[0]!.virtual_hosts!;
      const byDomain = (d: string) => vhosts.find((v) => v.domains!.includes(d))!;
      assert.equal(byDomain('plain.test').typed_per_filter_config, undefined);
      assert.deepEqual(virtualHostRoutes(byDomain('plain.test')).map((r) => r.name), ['gw/plain/r']);
      for (const d of ['a.wild.test', '*.wild.test']) {
        assert.deepEqual(Object.keys(byDomain(d).typed_per_filter_config ?? {}), [listenerExtAuthzFilterName('gw/wild', 0)], d);
        assert.deepEqual(virtualHostRoutes(byDomain(d)).at(-1), { name: 'no-route', match: { prefix: '/' }, direct_response: { status: 404 } }, d);
      }
    });
  });
});
