/**
 * Step 2 of translation for HTTPRoutes: each rule becomes matches plus one action (forward to
 * weighted backends, redirect, or a direct 500). Done once per route, independent of parents;
 * attachment (parents.ts) then places the rules under listeners and hostnames.
 */
import { GATEWAY_GROUP, type HTTPRoute, type HTTPRouteRule, type ParentReference } from '../apis/gateway';
import type { DirectResponse, HeaderModifier, RouteDestination, URLRewrite } from '../ir/types';
import { resolveBackend, type BackendProblem } from './backends';
import { RouteReason } from './conditions';
import type { RouteContext, RouteParentContext } from './contexts';
import { parseDurationMs } from './duration';
import { translateFilters, type RedirectSpec, type RuleProblem } from './httpfilters';
import { ruleMatches, translateMatch, type TranslatedMatch } from './httpmatch';
import type { ReferenceFrom } from './referencegrant';
import type { ResourceIndex } from './resourceindex';
import { joinMessages, verdict, type Verdict } from './status';

export interface HTTPRuleMatch {
  matchIndex: number;
  match: TranslatedMatch;
}

/** A translated rule: its matches and what to do with matching requests. */
export interface HTTPRuleIR {
  ruleIndex: number;
  matches: HTTPRuleMatch[];
  requestHeaders?: HeaderModifier;
  responseHeaders?: HeaderModifier;
  redirect?: RedirectSpec;
  urlRewrite?: URLRewrite;
  mirrors?: RouteDestination[];
  destination?: RouteDestination;
  directResponse?: DirectResponse;
  requestTimeoutMs?: number;
  backendRequestTimeoutMs?: number;
}

const INTERNAL_ERROR: DirectResponse = { status: 500 };

export class HTTPRouteContext implements RouteContext {
  readonly kind = 'HTTPRoute' as const;
  readonly namespace: string;
  readonly name: string;
  readonly key: string;
  /** Rules that can be expressed in the IR (rules with unusable matches are left out). */
  readonly rules: HTTPRuleIR[] = [];
  /** Problems in the route itself: the route is not accepted (Accepted=False). */
  readonly ruleProblems: RuleProblem[] = [];
  /** Unresolvable references: ResolvedRefs=False. */
  readonly refProblems: BackendProblem[] = [];
  parents: RouteParentContext[] = [];

  constructor(readonly route: HTTPRoute) {
    this.namespace = route.metadata.namespace ?? '';
    this.name = route.metadata.name;
    this.key = `HTTPRoute/${this.namespace}/${this.name}`;
  }

  get generation(): number | undefined {
    return this.route.metadata.generation;
  }

  get creationTimestamp(): string | undefined {
    return this.route.metadata.creationTimestamp;
  }

  hostnames(): string[] {
    return [...(this.route.spec?.hostnames ?? [])];
  }

  parentRefs(): ParentReference[] {
    return [...(this.route.spec?.parentRefs ?? [])];
  }

  /** Accepted=False verdict when the route has problems of its own. */
  get problemVerdict(): Verdict | undefined {
    if (this.ruleProblems.length === 0) return undefined;
    return verdict(false, this.ruleProblems[0]!.reason, joinMessages(this.ruleProblems.map((p) => p.message)));
  }
}

function timeout(ruleIndex: number, what: string, value: string | undefined, problems: RuleProblem[]): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseDurationMs(value);
  if (ms === undefined) problems.push({ reason: RouteReason.UnsupportedValue, message: `rule ${ruleIndex}: timeouts.${what} "${value}" is not a valid duration` });
  return ms;
}

function translateRule(ctx: HTTPRouteContext, rule: HTTPRouteRule, ruleIndex: number, index: ResourceIndex): void {
  const from: ReferenceFrom = { group: GATEWAY_GROUP, kind: 'HTTPRoute', namespace: ctx.namespace };
  const specMatches = ruleMatches(rule.matches);
  const matches: HTTPRuleMatch[] = [];
  for (const [matchIndex, m] of specMatches.entries()) {
    const result = translateMatch(m);
    if (!result.ok) {
      // A match that cannot be expressed makes its rule unusable: it is left out entirely.
      ctx.ruleProblems.push({ reason: RouteReason.UnsupportedValue, message: `rule ${ruleIndex} match ${matchIndex}: ${result.problem}` });
      return;
    }
    matches.push({ matchIndex, match: result.match });
  }

  const filters = translateFilters(rule.filters, specMatches);
  const problems: RuleProblem[] = filters.problems.map((p) => ({ reason: p.reason, message: `rule ${ruleIndex}: ${p.message}` }));
  const requestTimeoutMs = timeout(ruleIndex, 'request', rule.timeouts?.request, problems);
  const backendRequestTimeoutMs = timeout(ruleIndex, 'backendRequest', rule.timeouts?.backendRequest, problems);

  const backendRefs = rule.backendRefs ?? [];
  if (backendRefs.some((b) => (b.filters ?? []).length > 0)) {
    problems.push({ reason: RouteReason.UnsupportedValue, message: `rule ${ruleIndex}: filters on backendRefs are not supported yet` });
  }
  // Every reference is resolved, whatever its weight, so a bad one is always reported.
  const resolved = backendRefs.map((b) => resolveBackend(index, from, b, b.weight ?? 1, 'http'));
  for (const r of resolved) if (r.problem) ctx.refProblems.push(r.problem);
  const mirrors: RouteDestination[] = [];
  for (const m of filters.mirrors) {
    const r = resolveBackend(index, from, m.backendRef, 1, 'http');
    // An invalid mirror is dropped (never configured) and reported.
    if (r.problem) ctx.refProblems.push({ reason: r.problem.reason, message: `RequestMirror ${r.problem.message}` });
    else mirrors.push({ settings: [r.setting] });
  }

  const out: HTTPRuleIR = { ruleIndex, matches };
  ctx.ruleProblems.push(...problems);
  if (problems.length > 0) {
    out.directResponse = { ...INTERNAL_ERROR };
  } else if (filters.redirect) {
    out.redirect = filters.redirect;
    if (filters.responseHeaders) out.responseHeaders = filters.responseHeaders;
  } else {
    // Weight 0 takes no traffic; a rule whose traffic can reach no valid backend answers 500.
    const settings = resolved.map((r) => r.setting).filter((s) => s.weight > 0);
    if (settings.length === 0 || settings.every((s) => s.invalid)) {
      out.directResponse = { ...INTERNAL_ERROR };
    } else {
      if (filters.requestHeaders) out.requestHeaders = filters.requestHeaders;
      if (filters.responseHeaders) out.responseHeaders = filters.responseHeaders;
      if (filters.urlRewrite) out.urlRewrite = filters.urlRewrite;
      if (mirrors.length > 0) out.mirrors = mirrors;
      out.destination = { settings };
      if (requestTimeoutMs !== undefined) out.requestTimeoutMs = requestTimeoutMs;
      if (backendRequestTimeoutMs !== undefined) out.backendRequestTimeoutMs = backendRequestTimeoutMs;
    }
  }
  ctx.rules.push(out);
}

export function translateHTTPRoute(route: HTTPRoute, index: ResourceIndex): HTTPRouteContext {
  const ctx = new HTTPRouteContext(route);
  const rules = route.spec?.rules && route.spec.rules.length > 0 ? route.spec.rules : [{}];
  for (const [ruleIndex, rule] of rules.entries()) translateRule(ctx, rule, ruleIndex, index);
  return ctx;
}
