/**
 * IR session persistence as Envoy's stateful session filter: envoy.filters.http.stateful_session
 * sits in the connection manager before the router (only where some route uses it), does nothing
 * by itself, and each sticky route carries its session state as per-filter config. The cookie
 * state sets a cookie holding the endpoint the request reached (Max-Age when the IR gives a TTL;
 * Envoy then also ignores the cookie past it); the header state adds a header holding the endpoint
 * to answers. Requests that carry it go to that endpoint when the chosen cluster has it and it is
 * healthy; otherwise the load balancer picks as usual (not strict), and a new endpoint is recorded.
 */
import type { SessionPersistence } from '../../../ir/types';
import type { StatefulSession } from '../../../generated/envoy/extensions/filters/http/stateful_session/v3/StatefulSession';
import type { StatefulSessionPerRoute } from '../../../generated/envoy/extensions/filters/http/stateful_session/v3/StatefulSessionPerRoute';
import type { CookieBasedSessionState } from '../../../generated/envoy/extensions/http/stateful_session/cookie/v3/CookieBasedSessionState';
import type { HeaderBasedSessionState } from '../../../generated/envoy/extensions/http/stateful_session/header/v3/HeaderBasedSessionState';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';

/** The connection manager's stateful session filter; without a route's config it keeps no session. */
export function statefulSessionHttpFilter(): HttpFilter {
  return { name: FilterName.statefulSession, typed_config: typedConfig<StatefulSession>(ProtoType.statefulSession, {}) };
}

function sessionState(session: SessionPersistence): NonNullable<StatefulSession['session_state']> {
  if (session.type === 'header') {
    return { name: FilterName.headerSessionState, typed_config: typedConfig<HeaderBasedSessionState>(ProtoType.headerSessionState, { name: session.name }) };
  }
  // ttl 0s is Envoy's session cookie (no Max-Age, no expiry in the value).
  const cookie = { name: session.name, path: session.path, ttl: { seconds: session.ttlSeconds ?? 0 } };
  return { name: FilterName.cookieSessionState, typed_config: typedConfig<CookieBasedSessionState>(ProtoType.cookieSessionState, { cookie }) };
}

/** The route's typed_per_filter_config entry. */
export function sessionPerFilterConfig(session: SessionPersistence): Record<string, { '@type': string }> {
  const perRoute: StatefulSessionPerRoute = { stateful_session: { session_state: sessionState(session) } };
  return { [FilterName.statefulSession]: typedConfig(ProtoType.statefulSessionPerRoute, perRoute) };
}
