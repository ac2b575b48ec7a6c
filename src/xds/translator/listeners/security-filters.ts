/**
 * Every SecurityPolicy HTTP filter of a connection manager, in order: the OIDC login (oauth2,
 * security-oidc.ts), JWT (jwt_authn, jwtauthn.ts), basic auth, API keys, then authorization
 * (RBAC; security-access.ts). A login comes first so that a JWT requirement sees the token it
 * forwards; credentials are checked (401) before a decision is made on who the client is (403),
 * and RBAC reads the claims jwt_authn verified.
 *
 * The listener's settings configure their filters on the listener's virtual hosts; a route with
 * settings of its own configures its own on the route. A route's policy replaces the listener's
 * whole (docs/policies/securitypolicy.md), so the route also disables every filter the listener's
 * settings use and its own do not, JWT and the login included (withRouteOverrides): one mechanism
 * for all of them, relative to the listener, so routes under a listener without settings are left
 * as built.
 */
import type { HTTPListener, VirtualHost as IRVirtualHost } from '../../../ir/types';
import type { SecuritySettings } from '../../../ir/security';
import type { FilterConfig } from '../../../generated/envoy/config/route/v3/FilterConfig';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { VirtualHost } from '../../../generated/envoy/config/route/v3/VirtualHost';
import type { Route } from '../../../generated/envoy/config/route/v3/Route';
import { freezeValue } from '../../../message/watchable';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';
import { jwtAuthnFilter, jwtPerFilterConfig } from './jwtauthn';
import { oauth2Filter, oauth2PerFilterConfig } from './security-oidc';
import { accessControlFilters, accessControlPerFilterConfig } from './security-access';

type PerFilterConfig = Record<string, { '@type': string }>;

/** The connection manager's security filters for these listeners, in order (none when no setting asks). */
export function securityHttpFilters(listeners: readonly HTTPListener[]): HttpFilter[] {
  const oauth2 = oauth2Filter(listeners);
  const jwt = jwtAuthnFilter(listeners);
  return [...(oauth2 ? [oauth2] : []), ...(jwt ? [jwt] : []), ...accessControlFilters(listeners)];
}

/** The per-filter entries configuring what the settings use (for a virtual host or a route); undefined when they use none. */
export function securityPerFilterConfig(settings: SecuritySettings | undefined): PerFilterConfig | undefined {
  if (!settings) return undefined;
  const out = { ...oauth2PerFilterConfig(settings), ...jwtPerFilterConfig(settings), ...accessControlPerFilterConfig(settings) };
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The names of the filters the settings use. */
function usedFilters(settings: SecuritySettings): string[] {
  return [...(settings.oidc ? [FilterName.oauth2] : []), ...(settings.jwt ? [FilterName.jwtAuthn] : []), ...Object.keys(accessControlPerFilterConfig(settings) ?? {})];
}

const DISABLED = typedConfig<FilterConfig>(ProtoType.filterConfig, { disabled: true });

/** The filters the listener's settings use that the route's do not (to disable on the route). */
function filtersToDisable(listener: SecuritySettings, route: SecuritySettings): string[] {
  const own = new Set(usedFilters(route));
  return usedFilters(listener).filter((name) => !own.has(name));
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
