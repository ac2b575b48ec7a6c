/**
 * HTTP route precedence (Gateway API HTTPRouteRule.matches), across every route attached to a
 * listener and hostname: Exact path, then the longest path (regular expressions, whose
 * precedence is implementation-specific, rank between exact and prefix paths so a "/" prefix
 * cannot shadow them), then method, most headers, most query parameters; ties go to the oldest
 * route, then "<namespace>/<name>" alphabetically, then rule and match order.
 */
import type { TranslatedMatch } from './httpmatch';

export interface PrecedenceKey {
  /** 0 exact, 1 regular expression, 2 prefix. */
  pathRank: number;
  pathLength: number;
  hasMethod: boolean;
  headerCount: number;
  queryCount: number;
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

export function precedenceKey(match: TranslatedMatch, route: RouteIdentity, ruleIndex: number, matchIndex: number): PrecedenceKey {
  const p = match.pathMatch;
  const [pathRank, path] = p.exact !== undefined ? [0, p.exact] : p.regex !== undefined ? [1, p.regex] : [2, p.pathPrefix ?? '/'];
  const parsed = route.creationTimestamp ? Date.parse(route.creationTimestamp) : Number.NaN;
  return {
    pathRank,
    pathLength: path.length,
    hasMethod: match.method !== undefined,
    headerCount: match.headerMatches.length,
    queryCount: match.queryParamMatches.length,
    created: Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed,
    route: `${route.namespace}/${route.name}`,
    ruleIndex,
    matchIndex,
  };
}

/** Negative when a takes precedence over b. */
export function comparePrecedence(a: PrecedenceKey, b: PrecedenceKey): number {
  if (a.pathRank !== b.pathRank) return a.pathRank - b.pathRank;
  if (a.pathLength !== b.pathLength) return b.pathLength - a.pathLength;
  if (a.hasMethod !== b.hasMethod) return a.hasMethod ? -1 : 1;
  if (a.headerCount !== b.headerCount) return b.headerCount - a.headerCount;
  if (a.queryCount !== b.queryCount) return b.queryCount - a.queryCount;
  if (a.created !== b.created) return a.created < b.created ? -1 : 1;
  if (a.route !== b.route) return a.route < b.route ? -1 : 1;
  if (a.ruleIndex !== b.ruleIndex) return a.ruleIndex - b.ruleIndex;
  return a.matchIndex - b.matchIndex;
}
