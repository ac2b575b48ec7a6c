/**
 * A served HTTP or HTTPS listener's route table -> IR virtual hosts. One virtual host per
 * hostname, most specific first. Because Envoy picks a single virtual host per request, a
 * virtual host also carries, after its own routes, the routes of every wider hostname that
 * covers it ("*.example.com", then "*"): the Gateway API gives more specific hostnames
 * precedence but lets requests fall through to routes on wider ones. HTTPRoutes and GRPCRoutes
 * never share a hostname on a listener (routeconflicts.ts), so their routes never mix.
 */
import type { HTTPRoute as IRRoute, Redirect } from '../../ir/types';
import type { ListenerContext } from '../model/contexts';
import { hostnameCovers } from '../listeners/hostnames';
import type { RedirectSpec } from './httpfilters';
import type { TranslatedMatch } from './httpmatch';
import type { HTTPLikeRouteContext, HTTPRuleIR } from './httprules';
import { freezeValue } from '../../message/watchable';
import { precedenceKeyFrom, routeHostnameRank, type PrecedenceKey } from './precedence';

/** One match of one rule of one route, placed on one hostname of a listener. */
export interface RouteTableEntry {
  hostname: string;
  route: HTTPLikeRouteContext;
  rule: HTTPRuleIR;
  matchIndex: number;
  match: TranslatedMatch;
  precedence: PrecedenceKey;
}

export function routeTableEntries(route: HTTPLikeRouteContext, hostnames: readonly string[]): RouteTableEntry[] {
  const out: RouteTableEntry[] = [];
  const own = route.hostnames();
  for (const hostname of hostnames) {
    const rank = routeHostnameRank(own, hostname);
    for (const rule of route.rules) {
      for (const { matchIndex, match, specificity } of rule.matches) {
        out.push({ hostname, route, rule, matchIndex, match, precedence: precedenceKeyFrom(specificity, route, rule.ruleIndex, matchIndex, rank) });
      }
    }
  }
  // A copy: kept with the route's attachment, and push left room for 16 more entries.
  return out.slice();
}

const WELL_KNOWN_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

/**
 * Redirect port per the API: the explicit port, else the well-known port of an explicit scheme,
 * else the listener's port.
 */
function redirectFor(spec: RedirectSpec, listenerPort: number): Redirect {
  const out: Redirect = { statusCode: spec.statusCode };
  if (spec.scheme !== undefined) out.scheme = spec.scheme;
  if (spec.hostname !== undefined) out.hostname = spec.hostname;
  out.port = spec.port ?? (spec.scheme !== undefined ? WELL_KNOWN_PORTS[spec.scheme] ?? listenerPort : listenerPort);
  if (spec.fullPath !== undefined) out.fullPath = spec.fullPath;
  if (spec.prefixReplace !== undefined) out.prefixReplace = spec.prefixReplace;
  return out;
}

/**
 * The IR route of an entry. It shares the rule's translated parts (matches, destination,
 * filters): they are never changed after translation, and the IR route is frozen with them
 * (copies held each route's parts twice). Nothing in it depends on the virtual host it is
 * placed in, its name included, so a route on a wide hostname is one object in every virtual
 * host it covers. Its name and origin are joined, not concatenated: a concatenated string is
 * kept as a tree of its pieces (~290 bytes for a route's name, ~110 when flat).
 */
function irRoute(listener: ListenerContext, e: RouteTableEntry): IRRoute {
  const { route, rule, match, matchIndex } = e;
  const out: Omit<IRRoute, 'origin'> = {
    name: [listener.irName, route.kind.toLowerCase(), route.namespace, route.name, 'rule', rule.ruleIndex, 'match', matchIndex].join('/'),
    pathMatch: match.pathMatch,
    headerMatches: match.headerMatches,
    queryParamMatches: match.queryParamMatches,
  };
  if (match.method !== undefined) out.method = match.method;
  if (rule.requestHeaders) out.requestHeaders = rule.requestHeaders;
  if (rule.responseHeaders) out.responseHeaders = rule.responseHeaders;
  if (rule.redirect) out.redirect = redirectFor(rule.redirect, listener.listener.port);
  if (rule.urlRewrite) out.urlRewrite = rule.urlRewrite;
  if (rule.mirrors) out.mirrors = rule.mirrors;
  if (rule.destination) out.destination = rule.destination;
  if (rule.directResponse) out.directResponse = rule.directResponse;
  if (rule.requestTimeoutMs !== undefined) out.requestTimeoutMs = rule.requestTimeoutMs;
  if (rule.backendRequestTimeoutMs !== undefined) out.backendRequestTimeoutMs = rule.backendRequestTimeoutMs;
  if (rule.retry) out.retry = rule.retry;
  // The invalid share of a weighted destination gets the route kind's failure status.
  if (route.traits.failureStatus !== 500 && rule.destination?.settings.some((s) => s.invalid)) out.invalidBackendStatus = route.traits.failureStatus;
  if (rule.websocket) out.websocket = true;
  if (rule.cors) out.cors = rule.cors;
  if (rule.externalAuth) out.externalAuth = rule.externalAuth;
  if (rule.sessionPersistence) out.sessionPersistence = rule.sessionPersistence;
  return Object.assign(out, { origin: [route.kind, ' ', route.namespace, '/', route.name, ' rule ', rule.ruleIndex, ' match ', matchIndex].join('') });
}

/** IR routes already built from a rule, by placement (see placedIRRoute). */
export type IRRouteCache = WeakMap<RouteTableEntry, IRRoute>;

/**
 * The IR route of an entry, reused when the same entry (a translated rule placed on a listener
 * and hostname; entries are kept while their route's attachment stands) was placed before, in
 * this virtual host or another: it is then the same frozen object, so storing the IR costs only
 * the routes that changed, and a route without hostname in the listener's hundreds of virtual
 * hosts is translated and encoded once downstream (both work by object).
 */
function placedIRRoute(listener: ListenerContext, e: RouteTableEntry, cache: IRRouteCache | undefined): IRRoute {
  if (!cache) return irRoute(listener, e);
  let out = cache.get(e);
  if (!out) cache.set(e, (out = freezeValue(irRoute(listener, e))));
  return out;
}

/**
 * The routes of one virtual host: its own hostname's entries (sorted by precedence), then
 * those of each wider wildcard covering it, most specific first; a route on several of these
 * hostnames is placed once (first, most specific).
 */
export function virtualHostRoutes(
  listener: ListenerContext,
  vhost: string,
  entriesOf: (hostname: string) => readonly RouteTableEntry[],
  covering: readonly string[],
  cache: IRRouteCache | undefined,
): IRRoute[] {
  const routes: IRRoute[] = [];
  // A route's match, placed on several of these hostnames, is one object in all its entries
  // (routeTableEntries): known by identity, with no key text made per entry.
  const placed = covering.length > 0 ? new Set<TranslatedMatch>() : undefined;
  for (const group of [vhost, ...covering]) {
    for (const e of entriesOf(group)) {
      if (placed) {
        if (placed.has(e.match)) continue;
        placed.add(e.match);
      }
      routes.push(placedIRRoute(listener, e, cache));
    }
  }
  return routes;
}

/** The wildcards among hostnames (most specific first) that cover vhost, other than itself. */
export function coveringWildcards(vhost: string, wildcards: readonly string[]): string[] {
  return wildcards.filter((w) => w !== vhost && hostnameCovers(w, vhost));
}
