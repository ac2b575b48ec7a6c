/**
 * IR HTTP routes as Envoy routes: the match, then exactly one action (direct response,
 * redirect, or forwarding), plus header modifiers. Route order is the IR order: Envoy takes the
 * first route that matches.
 */
import { rateLimitActions } from './globalratelimit';
import { securityPerFilterConfig } from './security-filters';
import type { Fraction, HeaderModifier, HTTPRoute, MirrorDestination, Redirect, URLRewrite } from '../../../ir/types';
import type { Route } from '../../../generated/envoy/config/route/v3/Route';
import type { VirtualHost } from '../../../generated/envoy/config/route/v3/VirtualHost';
import type { RouteAction } from '../../../generated/envoy/config/route/v3/RouteAction';
import type { _envoy_config_route_v3_WeightedCluster_ClusterWeight as ClusterWeight } from '../../../generated/envoy/config/route/v3/WeightedCluster';
import type { RedirectAction } from '../../../generated/envoy/config/route/v3/RedirectAction';
import type { DirectResponseAction } from '../../../generated/envoy/config/route/v3/DirectResponseAction';
import type { HeaderValueOption } from '../../../generated/envoy/config/core/v3/HeaderValueOption';
import type { RegexMatchAndSubstitute } from '../../../generated/envoy/type/matcher/v3/RegexMatchAndSubstitute';
import type { FractionalPercent } from '../../../generated/envoy/type/v3/FractionalPercent';
import { freezeValue } from '../../../message/watchable';
import { corsPerFilterConfig } from './cors';
import { extAuthzPerFilterConfig } from './extauthz';
import { sessionPerFilterConfig } from './session';
import { timeoutsAndRetries } from './retry';
import { backendPolicyRouteFields } from './backendpolicy-route';
import { planDestination, validSettings } from '../clusters/destination';
import { quoteRegex, routeMatch, trimPrefix } from './match';
import type { RouteConfigState } from './route-config-patch';
import { routeObservability } from './observability-route';

/** What a route needs to know about the listener it is served on. */
export interface ListenerContext {
  /** The scheme clients used to reach the listener. */
  scheme: 'http' | 'https';
  port: number;
  /** Routes built before from the same (frozen) IR route on this kind of listener, to reuse (see XdsTranslationMemo). */
  routes?: WeakMap<HTTPRoute, Route>;
  /** Virtual hosts built before from the same (frozen) IR virtual host, likewise. */
  vhostCache?: WeakMap<object, Map<string, VirtualHost>>;
  /** Virtual hosts with their routes in a matcher tree, by the (frozen) virtual host with the list. */
  vhostTrees?: WeakMap<VirtualHost, VirtualHost>;
  /** The gateway's last route configurations, by name, to patch (route-config-patch.ts). */
  routeConfigs?: Map<string, RouteConfigState>;
}

/**
 * Envoy routes by "<scheme>:<port>" (all a route depends on besides itself), then by IR route:
 * the listener's map is looked up once per listener, and each route once.
 */
export type RouteCache = Map<string, WeakMap<HTTPRoute, Route>>;

/** The cache's map for one kind of listener. */
export function routesOfListener(cache: RouteCache, scheme: ListenerContext['scheme'], port: number): WeakMap<HTTPRoute, Route> {
  const key = `${scheme}:${port}`;
  let routes = cache.get(key);
  if (!routes) cache.set(key, (routes = new WeakMap()));
  return routes;
}

/** buildRoute, reusing what was built for the same IR route object on the same kind of listener. */
export function cachedRoute(route: HTTPRoute, listener: ListenerContext): Route {
  const routes = listener.routes;
  if (!routes) return buildRoute(route, listener);
  let built = routes.get(route);
  // Frozen: stores on the bus then share it rather than copy it.
  if (!built) routes.set(route, (built = freezeValue(buildRoute(route, listener))));
  return built;
}

/** Gateway API answers requests it cannot serve (no valid backend, every weight 0) with 500. */
const UNROUTABLE_STATUS = 500;

export function buildRoute(route: HTTPRoute, listener: ListenerContext): Route {
  const out: Route = { name: route.name, match: routeMatch(route) };
  Object.assign(out, routeAction(route, listener));
  addHeaderModifier(out, 'request', route.requestHeaders);
  addHeaderModifier(out, 'response', route.responseHeaders);
  if (route.cors) out.typed_per_filter_config = corsPerFilterConfig(route.cors);
  if (route.externalAuth) out.typed_per_filter_config = { ...out.typed_per_filter_config, ...extAuthzPerFilterConfig(route.externalAuth) };
  if (route.sessionPersistence) out.typed_per_filter_config = { ...out.typed_per_filter_config, ...sessionPerFilterConfig(route.sessionPersistence) };
  // The listener's security filters this route's own policy does not use are disabled by the virtual host (withRouteOverrides).
  const security = securityPerFilterConfig(route.policies?.security);
  if (security) out.typed_per_filter_config = { ...out.typed_per_filter_config, ...security };
  Object.assign(out, routeObservability(route));
  return out;
}

/** Exactly one of direct_response, redirect or route. */
function routeAction(route: HTTPRoute, listener: ListenerContext): Pick<Route, 'direct_response' | 'redirect' | 'route'> {
  // A direct response means the IR decided the route cannot be served: it wins over the rest.
  if (route.directResponse) return { direct_response: directResponse(route.directResponse.status, route.directResponse.body) };
  if (route.redirect) return { redirect: redirectAction(route.redirect, route, listener) };
  const plan = planDestination(route.destination);
  const action: RouteAction = {};
  switch (plan.kind) {
    case 'unroutable':
      return { direct_response: directResponse(route.invalidBackendStatus ?? UNROUTABLE_STATUS) };
    case 'single':
      action.cluster = plan.cluster;
      break;
    case 'weighted':
      action.weighted_clusters = {
        clusters: plan.shares.map((s) => {
          const weighted: ClusterWeight = { name: s.cluster, weight: { value: s.weight } };
          addHeaderModifier(weighted, 'request', s.requestHeaders);
          addHeaderModifier(weighted, 'response', s.responseHeaders);
          return weighted;
        }),
      };
      // The invalid share goes to a cluster that never exists; this turns Envoy's "cluster not
      // found" answer from its default 503 into the 500 Gateway API asks for (gRPC routes keep 503).
      if (plan.hasInvalidShare) action.cluster_not_found_response_code = clusterNotFoundCode(route.invalidBackendStatus);
      break;
  }
  if (route.urlRewrite) Object.assign(action, urlRewrite(route.urlRewrite, route));
  const mirrors = mirrorPolicies(route.mirrors);
  if (mirrors.length > 0) action.request_mirror_policies = mirrors;
  Object.assign(action, timeoutsAndRetries(route));
  Object.assign(action, backendPolicyRouteFields(route));
  if (route.websocket) action.upgrade_configs = [{ upgrade_type: 'websocket', enabled: { value: true } }];
  // The rule's rate limits replace the virtual host's (the listener's): vh_rate_limits OVERRIDE.
  const rateLimits = rateLimitActions(route.policies?.rateLimit);
  if (rateLimits.length > 0) action.rate_limits = rateLimits;
  return { route: action };
}

function clusterNotFoundCode(status: number | undefined): NonNullable<RouteAction['cluster_not_found_response_code']> {
  switch (status) {
    case 503: return 'SERVICE_UNAVAILABLE';
    case 404: return 'NOT_FOUND';
    default: return 'INTERNAL_SERVER_ERROR';
  }
}

function directResponse(status: number, body?: string): DirectResponseAction {
  return body === undefined || body === '' ? { status } : { status, body: { inline_string: body } };
}

const REDIRECT_CODES: Record<number, NonNullable<RedirectAction['response_code']>> = {
  301: 'MOVED_PERMANENTLY',
  302: 'FOUND',
  303: 'SEE_OTHER',
  307: 'TEMPORARY_REDIRECT',
  308: 'PERMANENT_REDIRECT',
};

const WELL_KNOWN_PORTS: Record<string, number> = { http: 80, https: 443 };

/**
 * The port to put in the Location header (port_redirect), or undefined to leave it out.
 * Gateway API: an explicit port wins; else a changed scheme implies its well-known port; else
 * the listener's port; and the scheme's default port should not be written.
 *
 * Without port_redirect, Envoy keeps the port of the request's Host (which reaches Envoy
 * unchanged), except when host_redirect replaces the host, or when the scheme changes and that
 * port is the old scheme's default. Clients put the listener's port in Host unless it is their
 * scheme's default, so leaving the default port out is only safe when the listener is on its
 * scheme's default port or the hostname is replaced. Otherwise the default port is written
 * (say ":443"): verbose but right, where leaving it out would send clients to the listener's port.
 */
export function redirectPort(redirect: Redirect, listener: ListenerContext): number | undefined {
  const scheme = (redirect.scheme ?? listener.scheme).toLowerCase();
  let port = redirect.port;
  if (port === undefined) {
    port = redirect.scheme !== undefined ? (WELL_KNOWN_PORTS[scheme] ?? listener.port) : listener.port;
  }
  if (port !== WELL_KNOWN_PORTS[scheme]) return port;
  const hostPortCannotLeak = redirect.hostname !== undefined || listener.port === WELL_KNOWN_PORTS[listener.scheme];
  return hostPortCannotLeak ? undefined : port;
}

function redirectAction(redirect: Redirect, route: HTTPRoute, listener: ListenerContext): RedirectAction {
  const action: RedirectAction = { response_code: REDIRECT_CODES[redirect.statusCode] ?? 'FOUND' };
  if (redirect.scheme !== undefined) action.scheme_redirect = redirect.scheme.toLowerCase();
  if (redirect.hostname !== undefined) action.host_redirect = redirect.hostname;
  const port = redirectPort(redirect, listener);
  if (port !== undefined) action.port_redirect = port;
  if (redirect.fullPath !== undefined) {
    action.path_redirect = redirect.fullPath;
  } else if (redirect.prefixReplace !== undefined) {
    Object.assign(action, prefixReplacement(route, redirect.prefixReplace));
  }
  return action;
}

function urlRewrite(rewrite: URLRewrite, route: HTTPRoute): Pick<RouteAction, 'host_rewrite_literal' | 'prefix_rewrite' | 'regex_rewrite'> {
  const out: Pick<RouteAction, 'host_rewrite_literal' | 'prefix_rewrite' | 'regex_rewrite'> = {};
  if (rewrite.hostname !== undefined) out.host_rewrite_literal = rewrite.hostname;
  if (rewrite.fullPath !== undefined) {
    // Envoy rewrites the path only; the query string is kept.
    out.regex_rewrite = { pattern: { regex: '^/.*$' }, substitution: escapeSubstitution(rewrite.fullPath) };
  } else if (rewrite.prefixReplace !== undefined) {
    Object.assign(out, prefixReplacement(route, rewrite.prefixReplace));
  }
  return out;
}

/**
 * Replaces the matched prefix, with Gateway API's segment semantics: trailing slashes of the
 * prefix and of the replacement do not count, and replacing with "" or "/" must not leave a
 * double slash ("/foo/bar" -> "/bar", "/foo" -> "/"). Envoy's prefix_rewrite swaps exactly the
 * matched characters, so the cases it gets wrong use a regex instead. Only meaningful for a
 * prefix (or exact) path match; Gateway API forbids it with other matches, so they get nothing.
 */
export function prefixReplacement(route: HTTPRoute, replacement: string): { prefix_rewrite?: string; regex_rewrite?: RegexMatchAndSubstitute } {
  const matched = route.pathMatch.pathPrefix ?? route.pathMatch.exact;
  if (matched === undefined) return {};
  const prefix = trimPrefix(matched);
  const replace = trimPrefix(replacement);
  if (prefix === '') {
    // The route matches everything under "/"; the matched "/" is kept as the separator.
    return replace === '' ? {} : { prefix_rewrite: `${replace}/` };
  }
  if (replace === '') {
    return { regex_rewrite: { pattern: { regex: `^${quoteRegex(prefix)}/*` }, substitution: '/' } };
  }
  return { prefix_rewrite: replace };
}

/** RE2 substitutions treat backslash as the escape for capture groups. */
function escapeSubstitution(text: string): string {
  return text.replace(/\\/g, '\\\\');
}

/**
 * One mirror policy per mirrored cluster (the first mirror naming a cluster decides its share).
 * A share below 100% becomes a runtime fraction, which Envoy samples per request.
 */
function mirrorPolicies(mirrors: MirrorDestination[] | undefined): NonNullable<RouteAction['request_mirror_policies']> {
  const policies: NonNullable<RouteAction['request_mirror_policies']> = [];
  const seen = new Set<string>();
  for (const mirror of mirrors ?? []) {
    const percent = mirror.fraction ? fractionalPercent(mirror.fraction) : undefined;
    if (percent?.numerator === 0) continue;
    for (const setting of validSettings(mirror)) {
      if (seen.has(setting.clusterName)) continue;
      seen.add(setting.clusterName);
      policies.push(percent ? { cluster: setting.clusterName, runtime_fraction: { default_value: percent } } : { cluster: setting.clusterName });
    }
  }
  return policies;
}

const DENOMINATORS: readonly [number, NonNullable<FractionalPercent['denominator']>][] = [
  [100, 'HUNDRED'], [10_000, 'TEN_THOUSAND'], [1_000_000, 'MILLION'],
];

/**
 * A fraction as Envoy's FractionalPercent: the smallest of Envoy's denominators that expresses it
 * exactly, else a million (rounded). Undefined for 100% or more (mirror everything).
 */
export function fractionalPercent(fraction: Fraction): FractionalPercent | undefined {
  const { numerator, denominator } = fraction;
  if (!(denominator > 0) || numerator >= denominator) return undefined;
  if (!(numerator > 0)) return { numerator: 0, denominator: 'HUNDRED' };
  for (const [scale, name] of DENOMINATORS) {
    const scaled = (numerator * scale) / denominator;
    if (Number.isInteger(scaled)) return { numerator: scaled, denominator: name };
  }
  return { numerator: Math.max(1, Math.round((numerator * 1_000_000) / denominator)), denominator: 'MILLION' };
}

/**
 * Envoy refuses to add or remove pseudo-headers and Host ("':-prefixed' or host headers may not
 * be modified") and would reject the whole route configuration; those entries are left out.
 */
function isModifiableHeader(name: string): boolean {
  return name !== '' && !name.startsWith(':') && name.toLowerCase() !== 'host';
}

/** Where header modifiers can go: a route, or one backend's share of it. */
type HeaderTarget = Pick<Route, 'request_headers_to_add' | 'request_headers_to_remove' | 'response_headers_to_add' | 'response_headers_to_remove'>;

function addHeaderModifier(route: HeaderTarget, direction: 'request' | 'response', modifier: HeaderModifier | undefined): void {
  if (!modifier) return;
  const toAdd: HeaderValueOption[] = [
    ...modifier.set.filter((h) => isModifiableHeader(h.name)).map((h): HeaderValueOption => ({
      header: { key: h.name, value: h.value },
      append_action: 'OVERWRITE_IF_EXISTS_OR_ADD',
    })),
    ...modifier.add.filter((h) => isModifiableHeader(h.name)).map((h): HeaderValueOption => ({
      header: { key: h.name, value: h.value },
      append_action: 'APPEND_IF_EXISTS_OR_ADD',
    })),
  ];
  const toRemove = modifier.remove.filter(isModifiableHeader);
  if (direction === 'request') {
    if (toAdd.length > 0) route.request_headers_to_add = toAdd;
    if (toRemove.length > 0) route.request_headers_to_remove = toRemove;
  } else {
    if (toAdd.length > 0) route.response_headers_to_add = toAdd;
    if (toRemove.length > 0) route.response_headers_to_remove = toRemove;
  }
}
