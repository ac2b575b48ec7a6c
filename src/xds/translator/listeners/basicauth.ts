/**
 * Basic authentication (SecurityPolicy spec.basicAuth) as Envoy's basic_auth HTTP filter.
 *
 * Envoy takes the users per route (BasicAuthPerRoute) but the header the username is forwarded
 * in only per filter, so a connection manager has one instance per forward header its settings
 * use (basicAuthFilterName), each disabled by default; a virtual host (listener settings) or
 * route (its own settings) enables its instance with the htpasswd lines. The htpasswd lines are
 * credentials: they go inline to the proxies only (Envoy's DataSource has no SDS form) and are
 * redacted everywhere else (src/security/redact.ts).
 */
import type { BasicAuthSettings } from '../../../ir/security-access';
import type { BasicAuth } from '../../../generated/envoy/extensions/filters/http/basic_auth/v3/BasicAuth';
import type { BasicAuthPerRoute } from '../../../generated/envoy/extensions/filters/http/basic_auth/v3/BasicAuthPerRoute';
import type { FilterConfig } from '../../../generated/envoy/config/route/v3/FilterConfig';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';

/**
 * The filter-level users, never used (every route that enables the filter brings its own, and
 * Envoy refuses an empty list): a user whose SHA-1 digest is all zeros, which no password has.
 */
const NO_USER = '~:{SHA}AAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** "envoy.filters.http.basic_auth", or ".../<header>" for the instance forwarding the username in that header. */
export function basicAuthFilterName(settings: BasicAuthSettings): string {
  return settings.forwardUsernameHeader === undefined ? FilterName.basicAuth : `${FilterName.basicAuth}/${settings.forwardUsernameHeader}`;
}

/** One disabled instance per forward header of these settings, sorted by name. */
export function basicAuthFilters(all: readonly BasicAuthSettings[]): HttpFilter[] {
  const byName = new Map<string, BasicAuthSettings>();
  for (const s of all) byName.set(basicAuthFilterName(s), s);
  return [...byName.keys()].sort().map((name) => {
    const header = byName.get(name)!.forwardUsernameHeader;
    const config: BasicAuth = { users: { inline_string: NO_USER }, ...(header === undefined ? {} : { forward_username_header: header }) };
    return { name, typed_config: typedConfig<BasicAuth>(ProtoType.basicAuth, config), disabled: true };
  });
}

/** The per-route (or per-virtual-host) entry enabling the settings' instance with their users. */
export function basicAuthPerFilterConfig(settings: BasicAuthSettings): Record<string, { '@type': string }> {
  const perRoute: BasicAuthPerRoute = { users: { inline_string: settings.htpasswd } };
  const enable: FilterConfig = { config: typedConfig<BasicAuthPerRoute>(ProtoType.basicAuthPerRoute, perRoute) };
  return { [basicAuthFilterName(settings)]: typedConfig<FilterConfig>(ProtoType.filterConfig, enable) };
}
