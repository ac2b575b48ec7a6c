/** HTTPRouteMatch -> IR match (path, headers, query parameters, method). */
import type { HTTPHeaderMatch, HTTPQueryParamMatch, HTTPRouteMatch } from '../../apis/gateway';
import type { HeaderMatch, PathMatch, QueryParamMatch, StringMatch } from '../../ir/types';
import { re2Problem } from './regex';

export interface TranslatedMatch {
  pathMatch: PathMatch;
  headerMatches: HeaderMatch[];
  queryParamMatches: QueryParamMatch[];
  method?: string;
}

export type MatchResult = { ok: true; match: TranslatedMatch } | { ok: false; problem: string };

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);

/** "/foo/" and "/foo" are the same segment-wise prefix; "/" stays "/". */
export function normalizePathPrefix(value: string): string {
  const trimmed = value.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function pathMatch(match: HTTPRouteMatch): PathMatch | string {
  const type = match.path?.type ?? 'PathPrefix';
  const value = match.path?.value ?? '/';
  switch (type) {
    case 'Exact':
    case 'PathPrefix':
      if (!value.startsWith('/')) return `path "${value}" must start with "/"`;
      return type === 'Exact' ? { exact: value } : { pathPrefix: normalizePathPrefix(value) };
    case 'RegularExpression': {
      const problem = re2Problem(value);
      return problem === undefined ? { regex: value } : `path regex "${value}": ${problem}`;
    }
    default:
      return `path match type "${String(type)}" is not supported`;
  }
}

/** Exact or RegularExpression value match; a string is a problem. */
function valueMatch(what: string, type: string | undefined, value: string): StringMatch | string {
  switch (type ?? 'Exact') {
    case 'Exact': return { exact: value };
    case 'RegularExpression': {
      const problem = re2Problem(value);
      return problem === undefined ? { regex: value } : `${what} regex "${value}": ${problem}`;
    }
    default: return `${what} match type "${String(type)}" is not supported`;
  }
}

/** Only the first entry per name counts (header names case-insensitively, query names exactly). */
function firstPerName<T extends HTTPHeaderMatch | HTTPQueryParamMatch>(entries: readonly T[], keyOf: (name: string) => string): T[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const k = keyOf(e.name);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Header matches (also GRPCRoute's); a string is a problem. */
export function translateHeaderMatches(headers: readonly HTTPHeaderMatch[] | undefined): HeaderMatch[] | string {
  const out: HeaderMatch[] = [];
  for (const h of firstPerName(headers ?? [], (n) => n.toLowerCase())) {
    const m = valueMatch(`header "${h.name}"`, h.type, h.value);
    if (typeof m === 'string') return m;
    out.push({ name: h.name, match: m });
  }
  return out.slice(); // kept with the route: no room left to grow
}

export function translateMatch(match: HTTPRouteMatch): MatchResult {
  const path = pathMatch(match);
  if (typeof path === 'string') return { ok: false, problem: path };
  const headerMatches = translateHeaderMatches(match.headers);
  if (typeof headerMatches === 'string') return { ok: false, problem: headerMatches };
  const queryParamMatches: QueryParamMatch[] = [];
  for (const q of firstPerName(match.queryParams ?? [], (n) => n)) {
    const m = valueMatch(`query parameter "${q.name}"`, q.type, q.value);
    if (typeof m === 'string') return { ok: false, problem: m };
    queryParamMatches.push({ name: q.name, match: m });
  }
  const out: TranslatedMatch = { pathMatch: path, headerMatches, queryParamMatches };
  if (match.method !== undefined) {
    if (!METHODS.has(match.method)) return { ok: false, problem: `method "${String(match.method)}" is not supported` };
    out.method = match.method;
  }
  return { ok: true, match: out };
}

/** A rule without matches matches every request. */
export function ruleMatches(matches: readonly HTTPRouteMatch[] | undefined): HTTPRouteMatch[] {
  return matches && matches.length > 0 ? [...matches] : [{ path: { type: 'PathPrefix', value: '/' } }];
}
