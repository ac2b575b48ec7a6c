/** A route's own SecurityPolicy replaces the listener's whole: the listener's filters it does not use (the OIDC login and JWT included) are disabled on it, with one object per route and set. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessControlPerFilterConfig } from '../../../src/xds/translator/listeners/security-access';
import { withRouteOverrides } from '../../../src/xds/translator/listeners/security-filters';
import type { SecuritySettings } from '../../../src/ir/security';
import type { VirtualHost as IRVirtualHost, HTTPRoute } from '../../../src/ir/types';
import type { VirtualHost } from '../../../src/generated/envoy/config/route/v3/VirtualHost';

const source = { kind: 'SecurityPolicy', namespace: 'default', name: 'p', target: 'Gateway default/gw' } as SecuritySettings['source'];
const listener: SecuritySettings = { source, id: 'l', basicAuth: { htpasswd: 'a:{SHA}AAAAAAAAAAAAAAAAAAAAAAAAAAA=' }, jwt: { providers: [], optional: false } };
const routeOnlyRbac: SecuritySettings = { source, id: 'r', authorization: { defaultAction: 'Deny', rules: [] } };
const routeBasic: SecuritySettings = { source, id: 'r2', basicAuth: { htpasswd: 'b:{SHA}AAAAAAAAAAAAAAAAAAAAAAAAAAA=', forwardUsernameHeader: 'x-user' } };

const irVhost = (settings: (SecuritySettings | undefined)[]): IRVirtualHost =>
  ({ name: 'vh', domains: ['*'], routes: settings.map((s, i) => ({ name: `r${i}`, ...(s ? { policies: { security: s } } : {}) }) as unknown as HTTPRoute) }) as IRVirtualHost;
const built = (n: number): VirtualHost => Object.freeze({ name: 'vh', routes: Array.from({ length: n }, (_, i) => Object.freeze({ name: `r${i}`, typed_per_filter_config: accessControlPerFilterConfig(i === 1 ? routeOnlyRbac : undefined) ?? {} })) });

test('routes with their own settings disable what the listener enables and they do not; others are left as built', () => {
  const vh = built(3);
  const out = withRouteOverrides(vh, irVhost([undefined, routeOnlyRbac, routeBasic]), listener);
  assert.equal(out.routes![0], vh.routes![0], 'a route without settings is untouched');
  assert.deepEqual(Object.keys(out.routes![1]!.typed_per_filter_config!).sort(), ['envoy.filters.http.basic_auth', 'envoy.filters.http.jwt_authn', 'envoy.filters.http.rbac']);
  assert.match(JSON.stringify(out.routes![1]!.typed_per_filter_config!['envoy.filters.http.basic_auth']), /"disabled":true/);
  assert.match(JSON.stringify(out.routes![1]!.typed_per_filter_config!['envoy.filters.http.jwt_authn']), /"disabled":true/);
  // Another forward header is another basic_auth instance: the listener's is disabled there.
  assert.deepEqual(Object.keys(out.routes![2]!.typed_per_filter_config!).sort(), ['envoy.filters.http.basic_auth', 'envoy.filters.http.jwt_authn']);
  assert.equal(withRouteOverrides(vh, irVhost([undefined, routeOnlyRbac, routeBasic]), listener).routes![1], out.routes![1], 'the same object on the next translation');
  assert.ok(Object.isFrozen(out.routes![1]));
  assert.equal(withRouteOverrides(vh, irVhost([undefined, undefined, undefined]), listener), vh, 'nothing to override: the same virtual host');
  assert.equal(withRouteOverrides(vh, irVhost([undefined, routeOnlyRbac, routeBasic]), undefined), vh, 'no listener settings');
});

test('the OIDC login and JWT take part in the same overrides: a rule\'s login turns the listener\'s JWT off, a rule\'s JWT the listener\'s login', () => {
  const oidc = { clientID: 'c' } as NonNullable<SecuritySettings['oidc']>;
  const jwtListener: SecuritySettings = { source, id: 'l-jwt', jwt: { providers: [], optional: false } };
  const loginListener: SecuritySettings = { source, id: 'l-oidc', oidc };
  const routeLogin: SecuritySettings = { source, id: 'r-oidc', oidc };
  const routeJwt: SecuritySettings = { source, id: 'r-jwt', jwt: { providers: [], optional: false } };
  const plain = (): VirtualHost => Object.freeze({ name: 'vh', routes: [Object.freeze({ name: 'r0' })] });
  const disabledOn = (vh: VirtualHost): Record<string, string> => Object.fromEntries(Object.entries(vh.routes![0]!.typed_per_filter_config ?? {}).map(([k, v]) => [k, JSON.stringify(v)]));
  assert.deepEqual(Object.keys(disabledOn(withRouteOverrides(plain(), irVhost([routeLogin]), jwtListener))), ['envoy.filters.http.jwt_authn']);
  assert.match(disabledOn(withRouteOverrides(plain(), irVhost([routeLogin]), jwtListener))['envoy.filters.http.jwt_authn']!, /FilterConfig","disabled":true/);
  assert.deepEqual(Object.keys(disabledOn(withRouteOverrides(plain(), irVhost([routeJwt]), loginListener))), ['envoy.filters.http.oauth2']);
  const same = plain();
  assert.equal(withRouteOverrides(same, irVhost([routeLogin]), loginListener), same, 'a route using what the listener uses disables nothing');
});
