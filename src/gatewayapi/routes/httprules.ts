/**
 * What HTTPRoute and GRPCRoute share once their matches are translated: a rule becomes matches
 * plus one action (forward to weighted backends, redirect, or answer directly), and the route
 * collects the problems that decide its Accepted, PartiallyInvalid and ResolvedRefs conditions.
 *
 * An invalid rule is dropped (PartiallyInvalid): when its matches can be expressed, requests they
 * match are answered with the route's failure status instead of falling through to some other
 * rule (fail closed). When every rule is invalid, the route is not accepted and not served.
 */
import { deepEqual } from 'fast-equals';
import { GATEWAY_GROUP, type BackendRef, type GRPCRoute, type HTTPRoute, type HTTPRouteFilter, type HTTPRouteMatch, type ParentReference, type RouteKind } from '../../apis/gateway';
import type { CORSPolicy, DirectResponse, ExternalAuth, HeaderModifier, MirrorDestination, RetryPolicy, RouteDestination, SessionPersistence, URLRewrite } from '../../ir/types';
import { resolveBackend, type BackendProblem, type ResolvedBackend } from '../backends/backends';
import { RouteReason } from '../model/conditions';
import { resolvedRefsVerdict, type RouteContext, type RouteParentContext, type RouteVerdicts } from '../model/contexts';
import { BACKEND_FILTER_TYPES, HTTP_BACKEND_FILTER_TYPES, externalAuthIR, translateFilters, type ExternalAuthSpec, type RedirectSpec, type RuleFilters, type RuleProblem } from './httpfilters';
import type { TranslatedMatch } from './httpmatch';
import type { ReferenceFrom } from '../backends/referencegrant';
import type { ResourceIndex } from '../resourceindex';
import { joinMessages, verdict, type Verdict } from '../model/status';

export interface HTTPRuleMatch {
  matchIndex: number;
  match: TranslatedMatch;
  /** Kind-specific precedence (see precedence.ts). */
  specificity: number[];
}

/** A translated rule: its matches and what to do with matching requests. */
export interface HTTPRuleIR {
  ruleIndex: number;
  matches: HTTPRuleMatch[];
  requestHeaders?: HeaderModifier;
  responseHeaders?: HeaderModifier;
  redirect?: RedirectSpec;
  urlRewrite?: URLRewrite;
  mirrors?: MirrorDestination[];
  destination?: RouteDestination;
  directResponse?: DirectResponse;
  requestTimeoutMs?: number;
  backendRequestTimeoutMs?: number;
  retry?: RetryPolicy;
  websocket?: boolean;
  cors?: CORSPolicy;
  externalAuth?: ExternalAuth;
  sessionPersistence?: SessionPersistence;
}

export interface LocatedRuleProblem extends RuleProblem {
  ruleIndex: number;
  /** Whether the rule's matches still answer (with the failure status), or match nothing. */
  failClosed: boolean;
}

/** HTTP-like route kinds: how they fail and what they speak to backends. */
export interface HTTPLikeTraits {
  /** Answer for requests that cannot be served (HTTP 500; gRPC 503, read as UNAVAILABLE). */
  failureStatus: number;
  /** Protocol to backends unless their appProtocol says otherwise. */
  backendProtocol: 'http' | 'h2c';
}

/** Base of HTTPRoute and GRPCRoute contexts. */
export abstract class HTTPLikeRouteContext implements RouteContext {
  abstract readonly kind: Extract<RouteKind, 'HTTPRoute' | 'GRPCRoute'>;
  abstract readonly traits: HTTPLikeTraits;
  /** The object it was translated from. */
  abstract readonly route: HTTPRoute | GRPCRoute;
  readonly namespace: string;
  readonly name: string;
  rules: HTTPRuleIR[] = [];
  /** Problems of individual rules: those rules are dropped. */
  readonly ruleProblems: LocatedRuleProblem[] = [];
  /** Unresolvable references: ResolvedRefs=False. */
  readonly refProblems: BackendProblem[] = [];
  /** How many rules the route has (each one valid or dropped). */
  ruleCount = 0;
  parents: RouteParentContext[] = [];
  /** Backend policies naming a Service (port) the route uses (backendtlsuse.ts backendPoliciesOf). */
  backendPolicies: string[] = [];

  protected constructor(
    private readonly meta: { namespace?: string; name: string; generation?: number; creationTimestamp?: string },
    private readonly spec: { hostnames?: string[]; parentRefs?: ParentReference[] } | undefined,
  ) {
    this.namespace = meta.namespace ?? '';
    this.name = meta.name;
  }

  private cachedKey: string | undefined;

  get key(): string {
    this.cachedKey ??= `${this.kind}/${this.namespace}/${this.name}`;
    return this.cachedKey;
  }

  get generation(): number | undefined {
    return this.meta.generation;
  }

  get creationTimestamp(): string | undefined {
    return this.meta.creationTimestamp;
  }

  hostnames(): string[] {
    return [...(this.spec?.hostnames ?? [])];
  }

  parentRefs(): ParentReference[] {
    return [...(this.spec?.parentRefs ?? [])];
  }

  /** The rule indexes that have problems, ascending. */
  private invalidRules(): number[] {
    return [...new Set(this.ruleProblems.map((p) => p.ruleIndex))].sort((a, b) => a - b);
  }

  private problemMessages(): string {
    return joinMessages(this.ruleProblems.map((p) => `rule ${p.ruleIndex}: ${p.message}`));
  }

  /** Accepted=False verdict when every rule is invalid. */
  get problemVerdict(): Verdict | undefined {
    const invalid = this.invalidRules();
    if (invalid.length === 0 || invalid.length < this.ruleCount) return undefined;
    return verdict(false, this.ruleProblems[0]!.reason, this.problemMessages());
  }

  /** PartiallyInvalid verdict when some, not all, rules are invalid (its message must start "Dropped Rule"). */
  get partiallyInvalidVerdict(): Verdict | undefined {
    const invalid = this.invalidRules();
    if (invalid.length === 0 || invalid.length >= this.ruleCount) return undefined;
    // One rule: its problems; several: each problem says which rule it is about.
    const problems = invalid.length === 1 ? joinMessages(this.ruleProblems.map((p) => p.message)) : this.problemMessages();
    const which = invalid.length === 1 ? `Dropped Rule ${invalid[0]}` : `Dropped Rules ${invalid.join(', ')}`;
    const answered = [...new Set(this.ruleProblems.filter((p) => p.failClosed).map((p) => p.ruleIndex))].sort((a, b) => a - b);
    const note = answered.length === 0 ? '' : `; requests matching rule${answered.length === 1 ? '' : 's'} ${answered.join(', ')} are answered with ${this.traits.failureStatus}`;
    return verdict(false, RouteReason.UnsupportedValue, `${which}: ${problems}${note}`);
  }

  verdicts(): RouteVerdicts {
    const out: RouteVerdicts = { resolvedRefs: resolvedRefsVerdict(this.refProblems) };
    const problem = this.problemVerdict;
    if (problem) out.problem = problem;
    const partial = this.partiallyInvalidVerdict;
    if (partial) out.partiallyInvalid = partial;
    return out;
  }
}

export interface RuleSpec {
  ruleIndex: number;
  matches: HTTPRuleMatch[];
  filters: RuleFilters;
  backendRefs: readonly (BackendRef & { filters?: readonly unknown[] })[];
  /** The rule's matches as written (a backendRef's URLRewrite with ReplacePrefixMatch needs them); HTTPRoute only. */
  specMatches?: readonly HTTPRouteMatch[];
  requestTimeoutMs?: number;
  backendRequestTimeoutMs?: number;
  retry?: RetryPolicy;
  /** The rule's own sessionPersistence (HTTPRoute), over any its backends' policies ask for. */
  sessionPersistence?: SessionPersistence;
  /** Problems found while reading the rule (timeouts, ...), before filters and backends. */
  problems: RuleProblem[];
}

/**
 * The action of one rule whose matches translated, added to ctx.rules. Every backend reference
 * is resolved, whatever its weight, so a bad one is always reported.
 */
export function addRule(ctx: HTTPLikeRouteContext, rule: RuleSpec, index: ResourceIndex): void {
  const { ruleIndex, filters } = rule;
  const { failureStatus, backendProtocol } = ctx.traits;
  const from: ReferenceFrom = { group: GATEWAY_GROUP, kind: ctx.kind, namespace: ctx.namespace };
  const problems: RuleProblem[] = [...rule.problems, ...filters.problems];
  // HTTPRoute backendRefs may also rewrite the URL (HTTPRouteBackendURLRewrite, v1.7.0). Other
  // filter types on a backendRef (HTTPBackendRef.Filters: Support Implementation-specific) fail
  // the rule with UnsupportedValue (HTTPRouteFilter.Type: a value not supported sets Accepted=False
  // UnsupportedValue; a filter MUST NOT be skipped, its requests get an HTTP error): the rule
  // answers 500 and the route reports PartiallyInvalid, or Accepted=False when no rule is left.
  const backendFilterTypes = rule.specMatches ? HTTP_BACKEND_FILTER_TYPES : BACKEND_FILTER_TYPES;
  const rewrites: (URLRewrite | undefined)[] = [];
  const resolved: ResolvedBackend[] = rule.backendRefs.map((b, i) => {
    const r = resolveBackend(index, from, b, b.weight ?? 1, backendProtocol);
    rewrites.push(undefined);
    if ((b.filters ?? []).length === 0) return r;
    const own = translateFilters(b.filters as HTTPRouteFilter[], rule.specMatches ?? [], backendFilterTypes);
    problems.push(...own.problems.map((p) => ({ ...p, message: `backendRefs[${i}]: ${p.message}` })));
    rewrites[i] = own.urlRewrite;
    const setting = { ...r.setting };
    if (own.requestHeaders) setting.requestHeaders = own.requestHeaders;
    if (own.responseHeaders) setting.responseHeaders = own.responseHeaders;
    return { ...r, setting };
  });
  for (const r of resolved) if (r.problem) ctx.refProblems.push(r.problem);
  const urlRewrite = effectiveURLRewrite(filters.urlRewrite, rewrites, problems);
  const mirrors: MirrorDestination[] = [];
  for (const m of filters.mirrors) {
    const r = resolveBackend(index, from, m.backendRef, 1, backendProtocol);
    // An invalid mirror is dropped (never configured) and reported.
    if (r.problem) ctx.refProblems.push({ reason: r.problem.reason, message: `RequestMirror ${r.problem.message}` });
    else if (!r.setting.invalid) mirrors.push(m.fraction ? { settings: [r.setting], fraction: { ...m.fraction } } : { settings: [r.setting] });
  }

  const auth = filters.externalAuth ? resolveExternalAuth(ctx, filters.externalAuth, index, from) : undefined;

  // Copies of lists built by push: kept with the route, they should not keep room to grow.
  const out: HTTPRuleIR = { ruleIndex, matches: rule.matches.slice() };
  ctx.ruleProblems.push(...problems.map((p) => ({ ...p, ruleIndex, failClosed: true })));
  if (problems.length > 0 || auth === 'unreachable') {
    // Without its authorization service a rule is never served unchecked: it fails (fail closed).
    out.directResponse = { status: failureStatus };
  } else if (filters.redirect) {
    if (auth) out.externalAuth = auth;
    out.redirect = filters.redirect;
    if (filters.responseHeaders) out.responseHeaders = filters.responseHeaders;
    if (filters.cors) out.cors = filters.cors;
  } else {
    // Weight 0 takes no traffic; a rule whose traffic can reach no valid backend fails.
    const live = resolved.filter((r) => r.setting.weight > 0);
    const settings = live.map((r) => r.setting);
    // CORS answers whatever the action: preflights are answered before it, even a failure.
    if (filters.cors) out.cors = filters.cors;
    if (settings.length === 0 || settings.every((s) => s.invalid)) {
      out.directResponse = { status: failureStatus };
    } else {
      if (auth) out.externalAuth = auth;
      if (filters.requestHeaders) out.requestHeaders = filters.requestHeaders;
      if (filters.responseHeaders) out.responseHeaders = filters.responseHeaders;
      if (urlRewrite) out.urlRewrite = urlRewrite;
      if (mirrors.length > 0) out.mirrors = mirrors;
      out.destination = { settings };
      if (rule.requestTimeoutMs !== undefined) out.requestTimeoutMs = rule.requestTimeoutMs;
      if (rule.backendRequestTimeoutMs !== undefined) out.backendRequestTimeoutMs = rule.backendRequestTimeoutMs;
      if (rule.retry) out.retry = rule.retry;
      if (live.some((r) => r.websocket && !r.setting.invalid)) out.websocket = true;
      // Envoy keeps one session configuration per route: the rule's own, else the first of its
      // backends (in backendRefs order) whose XBackendTrafficPolicy asks for one.
      const sticky = rule.sessionPersistence ?? live.find((r) => !r.setting.invalid && r.sessionPersistence)?.sessionPersistence;
      if (sticky) out.sessionPersistence = sticky;
    }
  }
  ctx.rules = ctx.rules.concat(out);
}

/**
 * The ExternalAuth filter's service: gRPC speaks HTTP/2 (h2c unless a BackendTLSPolicy says
 * TLS), HTTP as the port says. A reference that cannot be resolved is a ResolvedRefs problem
 * and leaves the rule unreachable, like an unusable BackendTLSPolicy on the service.
 */
function resolveExternalAuth(ctx: HTTPLikeRouteContext, spec: ExternalAuthSpec, index: ResourceIndex, from: ReferenceFrom): ExternalAuth | 'unreachable' {
  const r = resolveBackend(index, from, spec.backendRef, 1, spec.protocol === 'grpc' ? 'h2c' : 'http');
  if (r.problem) ctx.refProblems.push({ reason: r.problem.reason, message: `ExternalAuth ${r.problem.message}` });
  if (r.problem || r.setting.invalid) return 'unreachable';
  return externalAuthIR(spec, r.setting);
}

/**
 * The rule's URL rewrite: its own URLRewrite filter, or the one its backendRefs carry. Envoy
 * rewrites per route, not per weighted backend, so backendRefs' rewrites are honoured when every
 * backendRef carries the same one (one backendRef, typically) and the rule has none of its own;
 * otherwise the rule is refused rather than served without the rewrite. A backendRef's URLRewrite
 * is Extended support in v1.7.0 (HTTPRouteBackendURLRewrite), so it is never refused as such:
 * only these combinations are, with IncompatibleFilters, as HTTPRouteRule.Filters asks of a
 * combination of filters an implementation cannot support (documented in docs/gateway-api.md).
 */
function effectiveURLRewrite(ruleRewrite: URLRewrite | undefined, backendRewrites: readonly (URLRewrite | undefined)[], problems: RuleProblem[]): URLRewrite | undefined {
  const first = backendRewrites.findIndex((r) => r !== undefined);
  if (first < 0) return ruleRewrite;
  if (ruleRewrite) {
    problems.push({ reason: RouteReason.IncompatibleFilters, message: `backendRefs[${first}]: a URLRewrite on a backendRef of a rule that has its own URLRewrite is not supported` });
    return undefined;
  }
  const differing = backendRewrites.findIndex((r) => !deepEqual(r, backendRewrites[first]));
  if (differing >= 0) {
    problems.push({ reason: RouteReason.IncompatibleFilters, message: `backendRefs[${differing}]: URLRewrite filters that differ between a rule's backendRefs are not supported (Pier rewrites per rule)` });
    return undefined;
  }
  return backendRewrites[first];
}

/** Records a rule that is dropped outright (its matches cannot be expressed, so nothing can answer it). */
export function dropRule(ctx: HTTPLikeRouteContext, ruleIndex: number, problem: RuleProblem): void {
  ctx.ruleProblems.push({ ...problem, ruleIndex, failClosed: false });
}
