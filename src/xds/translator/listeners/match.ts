/** IR matches (path, headers, query parameters, method) as an Envoy RouteMatch. */
import type { HTTPRoute, PathMatch, StringMatch } from '../../../ir/types';
import type { RouteMatch } from '../../../generated/envoy/config/route/v3/RouteMatch';
import type { HeaderMatcher } from '../../../generated/envoy/config/route/v3/HeaderMatcher';
import type { QueryParameterMatcher } from '../../../generated/envoy/config/route/v3/QueryParameterMatcher';
import type { StringMatcher } from '../../../generated/envoy/type/matcher/v3/StringMatcher';

/** Escapes a literal for use inside an RE2 pattern. */
export function quoteRegex(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A segment-wise prefix without its trailing slashes: Gateway API treats "/foo/" and "/foo"
 * alike. The root prefix becomes "".
 */
export function trimPrefix(prefix: string): string {
  return prefix.replace(/\/+$/, '');
}

/** What Envoy's path_separated_prefix accepts: no '?' or '#', no trailing '/'. */
const PATH_SEPARATED_PREFIX = /^[^?#]+[^?#/]$/;

export function pathMatch(match: PathMatch): Pick<RouteMatch, 'path' | 'prefix' | 'path_separated_prefix' | 'safe_regex'> {
  if (match.exact !== undefined) return { path: match.exact };
  if (match.regex !== undefined) return { safe_regex: { regex: match.regex } };
  const prefix = trimPrefix(match.pathPrefix ?? '/');
  if (prefix === '') return { prefix: '/' };
  if (PATH_SEPARATED_PREFIX.test(prefix)) return { path_separated_prefix: prefix };
  // Characters Envoy refuses in path_separated_prefix: the same segment semantics as a regex.
  return { safe_regex: { regex: `${quoteRegex(prefix)}(/.*)?` } };
}

export function stringMatcher(match: StringMatch): StringMatcher {
  if (match.exact !== undefined) return { exact: match.exact };
  if (match.prefix !== undefined) return { prefix: match.prefix };
  if (match.suffix !== undefined) return { suffix: match.suffix };
  if (match.regex !== undefined) return { safe_regex: { regex: match.regex } };
  // An empty StringMatch is a presence test in Gateway API terms: any value.
  return { safe_regex: { regex: '.*' } };
}

export function routeMatch(route: HTTPRoute): RouteMatch {
  const headers: HeaderMatcher[] = route.headerMatches.map((h) => ({ name: h.name, string_match: stringMatcher(h.match) }));
  if (route.method !== undefined) headers.push({ name: ':method', string_match: { exact: route.method } });
  const queryParameters: QueryParameterMatcher[] = route.queryParamMatches.map((q) => ({
    name: q.name,
    string_match: stringMatcher(q.match),
  }));
  // pathMatch's own new object, not a spread copy (see clusters/cluster.ts edsCluster).
  const match: RouteMatch = pathMatch(route.pathMatch);
  if (headers.length > 0) match.headers = headers;
  if (queryParameters.length > 0) match.query_parameters = queryParameters;
  return match;
}
