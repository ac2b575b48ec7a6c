/**
 * The SecurityPolicy filters after the login and JWT: basic auth (basicauth.ts), API keys
 * (apikeyauth.ts), then authorization (rbac.ts), in that order in the connection manager
 * (security-filters.ts places them after oauth2 and jwt_authn).
 *
 * Each filter is disabled by default. The listener's settings enable theirs on the listener's
 * virtual hosts; a route with settings of its own enables its own on the route (and disables the
 * listener's it does not use: security-filters.ts withRouteOverrides).
 */
import type { HTTPListener } from '../../../ir/types';
import type { SecuritySettings } from '../../../ir/security';
import type { BasicAuthSettings } from '../../../ir/security-access';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import { basicAuthFilters, basicAuthPerFilterConfig } from './basicauth';
import { rbacFilter, rbacPerFilterConfig } from './rbac';
import { apiKeyAuthFilter, apiKeyAuthPerFilterConfig } from './apikeyauth';
import { routesWithPolicies } from './route-policies';

type PerFilterConfig = Record<string, { '@type': string }>;

/** Every security setting of the listeners and their routes. */
function settingsOf(listeners: readonly HTTPListener[]): SecuritySettings[] {
  const out: SecuritySettings[] = [];
  for (const l of listeners) {
    if (l.policies?.security) out.push(l.policies.security);
    for (const vh of l.virtualHosts) for (const r of routesWithPolicies(vh)) if (r.policies?.security) out.push(r.policies.security);
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
