/**
 * Match precedence across every route attached to a listener and hostname. Each route kind
 * ranks its matches by its own criteria (a "specificity", compared element by element, larger
 * first); ties go to the oldest route, then "<namespace>/<name>" alphabetically, then rule and
 * match order.
 *
 * HTTPRoute (HTTPRouteRule.matches): Exact path, then the longest path (regular expressions,
 * whose precedence is implementation-specific, rank between exact and prefix paths so a "/"
 * prefix cannot shadow them), then method, most headers, most query parameters.
 *
 * GRPCRoute (GRPCRouteRule.matches): most characters in the service, then in the method, then
 * most headers. RegularExpression method matches (implementation-specific) rank after every
 * Exact one, so a pattern never shadows an exact service or method. (Hostnames come first in
 * both, and are handled by virtual hosts.)
 *
 * Before all of that, routes that land on the same hostname of a listener (the listener's and
 * the route's hostnames intersect to the same name: "*.example.com" and "abc.example.com" on a
 * listener for abc.example.com) rank by the route's own hostname, as the API asks
 * (GatewayRouteHostnameIntersectionPrecedence): most characters in a matching non-wildcard
 * hostname, then in a matching hostname. A route without hostnames ranks as the name it lands on.
 */
import type { TranslatedMatch } from './httpmatch';
import { ANY_HOST, hostnameCovers, isWildcard, normalizeHostname } from '../listeners/hostnames';

export interface PrecedenceKey {
  /** The route's own hostname that gave this placement: [non-wildcard characters, characters]; larger takes precedence. */
  hostnameRank: readonly [number, number];
  /** Kind-specific ranking, compared element by element: larger takes precedence. */
  specificity: number[];
  /** Creation time in ms since the epoch; +Infinity when unknown (sorts as youngest). */
  created: number;
  /** "<namespace>/<name>" */
  route: string;
  ruleIndex: number;
  matchIndex: number;
}

export interface RouteIdentity {
  namespace: string;
  name: string;
  creationTimestamp: string | undefined;
}

/** Path rank for HTTP specificity: exact above regular expression above prefix. */
const PATH_RANK = { exact: 2, regex: 1, prefix: 0 } as const;

export function httpSpecificity(match: TranslatedMatch): number[] {
  const p = match.pathMatch;
  const [rank, path] = p.exact !== undefined
    ? [PATH_RANK.exact, p.exact]
    : p.regex !== undefined ? [PATH_RANK.regex, p.regex] : [PATH_RANK.prefix, p.pathPrefix ?? '/'];
  return [rank, path.length, match.method !== undefined ? 1 : 0, match.headerMatches.length, match.queryParamMatches.length];
}

export interface GRPCMatchShape {
  /** Whether service and method are matched as regular expressions. */
  regex: boolean;
  /** Characters in the service match ("" when any service). */
  service: string;
  /** Characters in the method match ("" when any method). */
  method: string;
  headerCount: number;
}

export function grpcSpecificity(shape: GRPCMatchShape): number[] {
  return [shape.regex ? 0 : 1, shape.service.length, shape.method.length, shape.headerCount];
}

/** Creation time in ms, +Infinity when unknown or unparseable. */
export function creationTime(timestamp: string | undefined): number {
  const parsed = timestamp ? Date.parse(timestamp) : Number.NaN;
  return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
}

/** [non-wildcard characters, characters] of a hostname ("*" has none). */
export function hostnameRank(hostname: string): [number, number] {
  if (hostname === ANY_HOST) return [0, 0];
  return [isWildcard(hostname) ? 0 : hostname.length, hostname.length];
}

/**
 * The rank of the route's own hostname that placed it on `placed` (an intersection of the
 * listener's hostname and the route's): the most specific route hostname covering it; `placed`
 * itself for a route without hostnames.
 */
export function routeHostnameRank(routeHostnames: readonly string[], placed: string): [number, number] {
  let best: [number, number] | undefined;
  for (const own of routeHostnames) {
    const h = normalizeHostname(own);
    if (!hostnameCovers(h, placed)) continue;
    const rank = hostnameRank(h);
    if (!best || rank[0] > best[0] || (rank[0] === best[0] && rank[1] > best[1])) best = rank;
  }
  return best ?? hostnameRank(placed);
}

export function precedenceKeyFrom(specificity: number[], route: RouteIdentity, ruleIndex: number, matchIndex: number, ownHostnameRank: readonly [number, number] = [0, 0]): PrecedenceKey {
  return {
    hostnameRank: ownHostnameRank,
    specificity: [...specificity],
    created: creationTime(route.creationTimestamp),
    route: `${route.namespace}/${route.name}`,
    ruleIndex,
    matchIndex,
  };
}

/** The precedence of an HTTPRoute match. */
export function precedenceKey(match: TranslatedMatch, route: RouteIdentity, ruleIndex: number, matchIndex: number): PrecedenceKey {
  return precedenceKeyFrom(httpSpecificity(match), route, ruleIndex, matchIndex);
}

/** Negative when route a is older (takes precedence among otherwise equal routes). */
export function compareRouteAge(a: RouteIdentity, b: RouteIdentity): number {
  const ca = creationTime(a.creationTimestamp);
  const cb = creationTime(b.creationTimestamp);
  if (ca !== cb) return ca < cb ? -1 : 1;
  const ka = `${a.namespace}/${a.name}`;
  const kb = `${b.namespace}/${b.name}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Negative when a takes precedence over b. */
export function comparePrecedence(a: PrecedenceKey, b: PrecedenceKey): number {
  if (a.hostnameRank[0] !== b.hostnameRank[0]) return b.hostnameRank[0] - a.hostnameRank[0];
  if (a.hostnameRank[1] !== b.hostnameRank[1]) return b.hostnameRank[1] - a.hostnameRank[1];
  const n = Math.max(a.specificity.length, b.specificity.length);
  for (let i = 0; i < n; i++) {
    const x = a.specificity[i] ?? 0;
    const y = b.specificity[i] ?? 0;
    if (x !== y) return y - x;
  }
  if (a.created !== b.created) return a.created < b.created ? -1 : 1;
  if (a.route !== b.route) return a.route < b.route ? -1 : 1;
  if (a.ruleIndex !== b.ruleIndex) return a.ruleIndex - b.ruleIndex;
  return a.matchIndex - b.matchIndex;
}
