/**
 * GRPCRoute -> HTTP-like rules. A gRPC call is an HTTP/2 POST to "/<service>/<method>", so a
 * method match is a path match: service and method exactly -> the exact path; a service alone
 * -> that path segment as prefix; a method alone or regular expressions -> an RE2 pattern over
 * the whole path. Backends speak HTTP/2 (h2c) and failures answer 503, which gRPC clients read
 * as UNAVAILABLE (a request no rule matches gets Envoy's 404, read as UNIMPLEMENTED).
 */
import type { GRPCMethodMatch, GRPCRoute, GRPCRouteMatch, GRPCRouteRule, HTTPRouteFilter } from '../../apis/gateway';
import type { PathMatch } from '../../ir/types';
import { RouteReason } from '../model/conditions';
import { GRPC_FILTER_TYPES, SESSION_PERSISTENCE_UNSUPPORTED, translateFilters } from './httpfilters';
import { translateHeaderMatches, type TranslatedMatch } from './httpmatch';
import { addRule, dropRule, HTTPLikeRouteContext, type HTTPLikeTraits, type HTTPRuleMatch } from './httprules';
import { grpcSpecificity } from './precedence';
import { re2Problem } from './regex';
import type { ResourceIndex } from '../resourceindex';

const GRPC_TRAITS: HTTPLikeTraits = { failureStatus: 503, backendProtocol: 'h2c' };

export class GRPCRouteContext extends HTTPLikeRouteContext {
  readonly kind = 'GRPCRoute' as const;
  readonly traits = GRPC_TRAITS;

  constructor(readonly route: GRPCRoute) {
    super(route.metadata, route.spec);
  }
}

function quoteRegex(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface MethodPath {
  path: PathMatch;
  regex: boolean;
  service: string;
  method: string;
}

/** A GRPCMethodMatch as a path match; a string is a problem. */
export function methodPath(m: GRPCMethodMatch | undefined): MethodPath | string {
  if (!m) return { path: { pathPrefix: '/' }, regex: false, service: '', method: '' };
  const service = m.service ?? '';
  const method = m.method ?? '';
  if (service === '' && method === '') return 'a method match needs a service or a method';
  switch (m.type ?? 'Exact') {
    case 'Exact': {
      if (service.includes('/') || method.includes('/')) return 'an Exact method match must not contain "/"';
      let path: PathMatch;
      if (service !== '' && method !== '') path = { exact: `/${service}/${method}` };
      else if (service !== '') path = { pathPrefix: `/${service}` };
      else path = { regex: `/[^/]+/${quoteRegex(method)}` };
      return { path, regex: false, service, method };
    }
    case 'RegularExpression': {
      for (const [what, value] of [['service', service], ['method', method]] as const) {
        if (value === '') continue;
        const problem = re2Problem(value);
        if (problem !== undefined) return `${what} regex "${value}": ${problem}`;
      }
      const part = (value: string): string => (value === '' ? '[^/]+' : `(?:${value})`);
      return { path: { regex: `/${part(service)}/${part(method)}` }, regex: true, service, method };
    }
    default:
      return `method match type "${String(m.type)}" is not supported`;
  }
}

function translateGRPCMatch(m: GRPCRouteMatch): HTTPRuleMatch | string {
  const method = methodPath(m.method);
  if (typeof method === 'string') return method;
  const headerMatches = translateHeaderMatches(m.headers);
  if (typeof headerMatches === 'string') return headerMatches;
  const match: TranslatedMatch = { pathMatch: method.path, headerMatches, queryParamMatches: [] };
  return { matchIndex: 0, match, specificity: grpcSpecificity({ regex: method.regex, service: method.service, method: method.method, headerCount: headerMatches.length }) };
}

function translateRule(ctx: GRPCRouteContext, rule: GRPCRouteRule, ruleIndex: number, index: ResourceIndex): void {
  const specMatches = rule.matches && rule.matches.length > 0 ? rule.matches : [{}];
  const matches: HTTPRuleMatch[] = [];
  for (const [matchIndex, m] of specMatches.entries()) {
    const result = translateGRPCMatch(m);
    if (typeof result === 'string') {
      dropRule(ctx, ruleIndex, { reason: RouteReason.UnsupportedValue, message: `match ${matchIndex}: ${result}` });
      return;
    }
    matches.push({ ...result, matchIndex });
  }
  // GRPCRoute filters are a subset of HTTPRoute's, with the same shapes.
  const filters: HTTPRouteFilter[] = (rule.filters ?? []).map((f) => ({ ...f }));
  addRule(ctx, {
    ruleIndex,
    matches,
    filters: translateFilters(filters, [], GRPC_FILTER_TYPES),
    backendRefs: rule.backendRefs ?? [],
    // GRPCRoute has no timeouts: calls, streaming ones included, last as long as client and
    // server keep them (Envoy's default route timeout of 15 s would cut long streams).
    requestTimeoutMs: 0,
    problems: rule.sessionPersistence ? [SESSION_PERSISTENCE_UNSUPPORTED] : [],
  }, index);
}

export function translateGRPCRoute(route: GRPCRoute, index: ResourceIndex): GRPCRouteContext {
  const ctx = new GRPCRouteContext(route);
  const rules = route.spec?.rules && route.spec.rules.length > 0 ? route.spec.rules : [{}];
  ctx.ruleCount = rules.length;
  for (const [ruleIndex, rule] of rules.entries()) translateRule(ctx, rule, ruleIndex, index);
  return ctx;
}
