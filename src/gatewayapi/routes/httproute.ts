/**
 * Step 2 of translation for HTTPRoutes: each rule becomes matches plus one action (see
 * httprules.ts). Done once per route, independent of parents; attachment (parents.ts) then
 * places the rules under listeners and hostnames.
 */
import type { HTTPRoute, HTTPRouteRetry, HTTPRouteRule } from '../../apis/gateway';
import type { RetryPolicy } from '../../ir/types';
import { RouteReason } from '../model/conditions';
import { parseDurationMs } from './duration';
import { sessionPersistenceOf } from '../backends/backendtraffic';
import { translateFilters, type RuleProblem } from './httpfilters';
import { ruleMatches, translateMatch } from './httpmatch';
import { addRule, dropRule, HTTPLikeRouteContext, type HTTPLikeTraits, type HTTPRuleMatch } from './httprules';
import { httpSpecificity } from './precedence';
import type { ResourceIndex } from '../resourceindex';

export type { HTTPRuleIR, HTTPRuleMatch } from './httprules';

const HTTP_TRAITS: HTTPLikeTraits = { failureStatus: 500, backendProtocol: 'http' };

export class HTTPRouteContext extends HTTPLikeRouteContext {
  readonly kind = 'HTTPRoute' as const;
  readonly traits = HTTP_TRAITS;

  constructor(readonly route: HTTPRoute) {
    super(route.metadata, route.spec);
  }
}

function timeout(what: string, value: string | undefined, problems: RuleProblem[]): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseDurationMs(value);
  if (ms === undefined) problems.push({ reason: RouteReason.UnsupportedValue, message: `timeouts.${what} "${value}" is not a valid duration` });
  return ms;
}

/**
 * timeouts.backendRequest must not exceed timeouts.request, which covers it (0 disables a
 * timeout, so a disabled request timeout allows any backendRequest).
 */
function timeouts(rule: HTTPRouteRule, problems: RuleProblem[]): { request?: number; backend?: number } {
  const request = timeout('request', rule.timeouts?.request, problems);
  const backend = timeout('backendRequest', rule.timeouts?.backendRequest, problems);
  if (request !== undefined && backend !== undefined && request !== 0 && (backend === 0 || backend > request)) {
    problems.push({
      reason: RouteReason.UnsupportedValue,
      message: `timeouts.backendRequest (${rule.timeouts?.backendRequest ?? ''}) must not be longer than timeouts.request (${rule.timeouts?.request ?? ''})`,
    });
  }
  return { request, backend };
}

/** The status codes retry.codes may list (the CRD's bounds; objects from a cluster are not validated again). */
const RETRIABLE_CODES = { min: 400, max: 599 };

/**
 * rules[].retry: the listed status codes (sorted, unique), how many retries (attempts counts
 * retries, not tries), and the back-off. Connection errors are always retried (the IR says so).
 */
function retryPolicy(retry: HTTPRouteRetry | undefined, problems: RuleProblem[]): RetryPolicy | undefined {
  if (!retry) return undefined;
  const codes = [...new Set(retry.codes ?? [])].sort((a, b) => a - b);
  const bad = codes.filter((c) => !Number.isInteger(c) || c < RETRIABLE_CODES.min || c > RETRIABLE_CODES.max);
  if (bad.length > 0) {
    problems.push({ reason: RouteReason.UnsupportedValue, message: `retry.codes ${bad.join(', ')}: only status codes ${RETRIABLE_CODES.min}-${RETRIABLE_CODES.max} can be retried` });
  }
  const { attempts } = retry;
  // v1.7.0: 0 disables retries (num_retries 0); the CRD defaults an absent value to 1.
  if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 0)) {
    problems.push({ reason: RouteReason.UnsupportedValue, message: `retry.attempts ${String(attempts)} must be a whole number of at least 0` });
  }
  const backoffMs = retry.backoff === undefined ? undefined : parseDurationMs(retry.backoff);
  if (retry.backoff !== undefined && backoffMs === undefined) {
    problems.push({ reason: RouteReason.UnsupportedValue, message: `retry.backoff "${retry.backoff}" is not a valid duration` });
  }
  return {
    codes,
    ...(attempts !== undefined ? { attempts } : {}),
    ...(backoffMs !== undefined ? { backoffMs } : {}),
  };
}

function translateRule(ctx: HTTPRouteContext, rule: HTTPRouteRule, ruleIndex: number, index: ResourceIndex): void {
  const specMatches = ruleMatches(rule.matches);
  const matches: HTTPRuleMatch[] = [];
  for (const [matchIndex, m] of specMatches.entries()) {
    const result = translateMatch(m);
    if (!result.ok) {
      dropRule(ctx, ruleIndex, { reason: RouteReason.UnsupportedValue, message: `match ${matchIndex}: ${result.problem}` });
      return;
    }
    matches.push({ matchIndex, match: result.match, specificity: httpSpecificity(result.match) });
  }
  const problems: RuleProblem[] = [];
  const { request, backend } = timeouts(rule, problems);
  const retry = retryPolicy(rule.retry, problems);
  const sticky = rule.sessionPersistence && sessionPersistenceOf(rule.sessionPersistence, `HTTPRoute/${ctx.namespace}/${ctx.name}/${rule.name ?? ruleIndex}`);
  if (typeof sticky === 'string') problems.push({ reason: RouteReason.UnsupportedValue, message: sticky });
  addRule(ctx, {
    ruleIndex,
    matches,
    filters: translateFilters(rule.filters, specMatches),
    backendRefs: rule.backendRefs ?? [],
    specMatches,
    ...(request !== undefined ? { requestTimeoutMs: request } : {}),
    ...(backend !== undefined ? { backendRequestTimeoutMs: backend } : {}),
    ...(retry ? { retry } : {}),
    ...(sticky && typeof sticky !== 'string' ? { sessionPersistence: sticky } : {}),
    problems,
  }, index);
}

export function translateHTTPRoute(route: HTTPRoute, index: ResourceIndex): HTTPRouteContext {
  const ctx = new HTTPRouteContext(route);
  const rules = route.spec?.rules && route.spec.rules.length > 0 ? route.spec.rules : [{}];
  ctx.ruleCount = rules.length;
  for (const [ruleIndex, rule] of rules.entries()) translateRule(ctx, rule, ruleIndex, index);
  return ctx;
}
