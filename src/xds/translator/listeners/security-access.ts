/**
 * The SecurityPolicy filters after JWT: basic auth (basicauth.ts), API keys (apikeyauth.ts), then
 * authorization (rbac.ts), in that order in the connection manager: credentials are checked (401)
 * before a decision is made on who the client is (403), and RBAC reads the claims jwt_authn verified.
 *
 * Each filter is disabled by default. The listener's settings enable theirs on the listener's
 * virtual hosts; a route with settings of its own enables its own on the route. A route's policy
 * replaces the listener's whole (docs/policies/securitypolicy.md), so the route also disables
 * the filters the listener's settings enabled and its own do not use (withRouteOverrides).
 */
import type { HTTPListener, VirtualHost as IRVirtualHost } from '../../../ir/types';
import type { SecuritySettings } from '../../../ir/security';
import type { BasicAuthSettings } from '../../../ir/security-access';
import type { FilterConfig } from '../../../generated/envoy/config/route/v3/FilterConfig';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { VirtualHost } from '../../../generated/envoy/config/route/v3/VirtualHost';
import type { Route } from '../../../generated/envoy/config/route/v3/Route';
import { freezeValue } from '../../../message/watchable';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';
import { basicAuthFilters, basicAuthPerFilterConfig } from './basicauth';
import { rbacFilter, rbacPerFilterConfig } from './rbac';
import { apiKeyAuthFilter, apiKeyAuthPerFilterConfig } from './apikeyauth';

type PerFilterConfig = Record<string, { '@type': string }>;

/** Every security setting of the listeners and their routes. */
function settingsOf(listeners: readonly HTTPListener[]): SecuritySettings[] {
  const out: SecuritySettings[] = [];
  for (const l of listeners) {
    if (l.policies?.security) out.push(l.policies.security);
    for (const vh of l.virtualHosts) for (const r of vh.routes) if (r.policies?.security) out.push(r.policies.security);
  }
  return out;
}

/** The connection manager's basic_auth, api_key_auth and RBAC filters for these listeners, in that order (none when no setting asks). */
export function accessControlFilters(listeners: readonly HTTPListener[]): HttpFilter[] {
  const all = settingsOf(listeners);
  const basicAuth = all.flatMap((s): BasicAuthSettings[] => (s.basicAuth ? [s.basicAuth] : []));
  return [
    ...basicAuthFilters(basicAuth),
    ...(all.some((s) => s.apiKeyAuth) ? [apiKeyAuthFilter()] : []),
    ...(all.some((s) => s.authorization) ? [rbacFilter()] : []),
  ];
}

/** The per-filter entries enabling what the settings use; undefined when they use none of these filters. */
export function accessControlPerFilterConfig(settings: SecuritySettings | undefined): PerFilterConfig | undefined {
  if (!settings || (!settings.basicAuth && !settings.apiKeyAuth && !settings.authorization)) return undefined;
  return {
    ...(settings.basicAuth ? basicAuthPerFilterConfig(settings.basicAuth) : {}),
    ...(settings.apiKeyAuth ? apiKeyAuthPerFilterConfig(settings.apiKeyAuth) : {}),
    ...(settings.authorization ? rbacPerFilterConfig(settings.authorization) : {}),
  };
}

/** The names of the filters the settings enable (JWT's included). */
function enabledFilters(settings: SecuritySettings): string[] {
  return [...(settings.jwt ? [FilterName.jwtAuthn] : []), ...Object.keys(accessControlPerFilterConfig(settings) ?? {})];
}

const DISABLED = typedConfig<FilterConfig>(ProtoType.filterConfig, { disabled: true });

/** The filters the listener's settings enable that the route's do not (to disable on the route). */
function filtersToDisable(listener: SecuritySettings, route: SecuritySettings): string[] {
  const own = new Set(enabledFilters(route));
  return enabledFilters(listener).filter((name) => !own.has(name));
}

/**
 * A built (frozen, cached) route with those filters disabled, made once per route and set of
 * filters: the same object on the next translation, so its encoding is reused too.
 */
const overridden = new WeakMap<Route, Map<string, Route>>();
function withDisabled(route: Route, off: string[]): Route {
  const key = off.join('\n');
  let byKey = overridden.get(route);
  if (!byKey) overridden.set(route, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) {
    out = { ...route, typed_per_filter_config: { ...route.typed_per_filter_config, ...Object.fromEntries(off.map((name) => [name, DISABLED])) } };
    if (Object.isFrozen(route)) out = freezeValue(out);
    byKey.set(key, out);
  }
  return out;
}

/**
 * The built virtual host with those filters disabled on the routes that have settings of their own
 * (built.routes[i] is vhost.routes[i]); the same object when there is nothing to override.
 */
export function withRouteOverrides(built: VirtualHost, vhost: IRVirtualHost, listener: SecuritySettings | undefined): VirtualHost {
  if (!listener) return built;
  let routes: VirtualHost['routes'] | undefined;
  vhost.routes.forEach((r, i) => {
    const own = r.policies?.security;
    const off = own ? filtersToDisable(listener, own) : [];
    if (off.length === 0) return;
    routes ??= [...(built.routes ?? [])];
    routes[i] = withDisabled(routes[i]!, off);
  });
  return routes ? { ...built, routes } : built;
}
