/**
 * XBackendTrafficPolicy (gateway.networking.x-k8s.io/v1alpha1, experimental channel): how the
 * proxy treats traffic to a Service: a retry budget (GEP-3388) and session persistence
 * (GEP-1619), for every port of the Service and every route reaching it.
 *
 * Resolved once per translation, like BackendTLSPolicy (backendtls.ts): each target (a Service;
 * the API cannot name a port) is claimed by the oldest policy, then by namespace/name; the
 * others are Conflicted there and still apply to the targets they won. targetRefs of other kinds
 * are ignored (only Services are backends here).
 *
 * Status: one ancestor per Gateway through which an attached route refers to a targeted
 * Service (found while each Gateway's routes are placed: backendtlsuse.ts), even when the
 * Service does not exist: Accepted=False with TargetNotFound then says so.
 */
import { createHash } from 'node:crypto';
import type { PolicyAncestorStatus, RetryConstraint, SessionPersistence, XBackendTrafficPolicy } from '../../apis/gateway';
import type { RetryBudget, SessionPersistence as SessionPersistenceIR } from '../../ir/types';
import type { ObjectStatus } from '../../message/resources';
import { ConditionType, PolicyReason } from '../model/conditions';
import { condition, verdict, type Verdict } from '../model/status';
import { parseDurationMs } from '../routes/duration';
import { comparePolicies, gatewayAncestorRef } from './backendtls';

export const X_BACKEND_TRAFFIC_POLICY = 'XBackendTrafficPolicy';

/** The CRD's defaults (budget 20% over 10s, at least 10 retries per 1s), for objects that skipped defaulting. */
const DEFAULT_PERCENT = 20;
const DEFAULT_MIN_RETRY_COUNT = 10;
const DEFAULT_MIN_RETRY_INTERVAL_MS = 1000;

/**
 * The retry budget as Envoy can hold it: a circuit breaker threshold on the cluster
 * (Thresholds.retry_budget). Envoy limits *concurrent* retries to budget_percent of the requests
 * active (and pending) on the cluster right now, never below min_retry_concurrency. It has no
 * time window, so budget.interval cannot be expressed (the share applies to what is in flight at
 * each moment), and minRetryRate (count per interval) becomes a floor on concurrent retries: the
 * same count spread over one second, ceil(count * 1s / interval), at least 1 (a retry usually
 * takes well under a second, so a per-second rate is the closest concurrency). Envoy lets a
 * retry over the budget not happen and passes the last answer on: the client gets the
 * backend's failure rather than a 503 of its own.
 */
export function retryBudgetOf(constraint: RetryConstraint): RetryBudget {
  const percent = constraint.budget?.percent ?? DEFAULT_PERCENT;
  const count = constraint.minRetryRate?.count ?? DEFAULT_MIN_RETRY_COUNT;
  const intervalMs = parseDurationMs(constraint.minRetryRate?.interval ?? '') ?? DEFAULT_MIN_RETRY_INTERVAL_MS;
  const perSecond = intervalMs > 0 ? (count * 1000) / intervalMs : count;
  return { budgetPercent: percent, minRetryConcurrency: Math.max(1, Math.ceil(perSecond)) };
}

/**
 * A cookie name for a session configuration that names none ("SHOULD be generated"): stable for
 * its owner (a policy, or a route rule) and distinct between owners.
 */
export function generatedCookieName(owner: string): string {
  return `pier-session-${createHash('sha256').update(owner).digest('hex').slice(0, 12)}`;
}

/**
 * Session persistence as Envoy's stateful_session filter can keep it, or why it cannot:
 * Cookie sessions carry the chosen endpoint in a cookie Envoy sets (Path as configured, "/" by
 * default). A Permanent cookie gets Max-Age = absoluteTimeout, and Envoy also refuses the cookie
 * once that time has passed. A Session cookie has no Max-Age; Envoy can time a session out only
 * through the cookie's Max-Age, so a Session cookie with absoluteTimeout cannot be expressed.
 * Header sessions carry the endpoint in a header Envoy adds to answers and reads from requests;
 * it has no expiry, so absoluteTimeout cannot be expressed there either.
 */
export function sessionPersistenceOf(sp: SessionPersistence, owner: string): SessionPersistenceIR | string {
  const type = sp.type ?? 'Cookie';
  const timeoutMs = sp.absoluteTimeout === undefined ? undefined : parseDurationMs(sp.absoluteTimeout);
  if (sp.absoluteTimeout !== undefined && timeoutMs === undefined) return `sessionPersistence.absoluteTimeout "${sp.absoluteTimeout}" is not a valid duration`;
  if (type === 'Header') {
    if (!sp.header?.name) return 'sessionPersistence.header.name is required for Header sessions';
    if (timeoutMs !== undefined) return 'sessionPersistence.absoluteTimeout is not supported with Header sessions (Envoy\'s header session state has no expiry)';
    return { type: 'header', name: sp.header.name };
  }
  if (type !== 'Cookie') return `sessionPersistence.type "${String(type)}" is not supported`;
  const lifetime = sp.cookie?.lifetimeType ?? 'Session';
  const out: SessionPersistenceIR = { type: 'cookie', name: sp.cookie?.name ?? generatedCookieName(owner), path: sp.cookie?.path ?? '/' };
  if (lifetime === 'Permanent') {
    if (timeoutMs === undefined) return 'sessionPersistence.absoluteTimeout is required for Permanent cookies';
    // Max-Age counts whole seconds; a part of a second would be lost, so it rounds up.
    out.ttlSeconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  } else if (timeoutMs !== undefined) {
    return 'sessionPersistence.absoluteTimeout is not supported with Session cookies (Envoy can end a session only through the cookie\'s Max-Age, which would make it Permanent)';
  }
  return out;
}

/** What a policy asks of the Services it targets. */
export interface BackendTraffic {
  retryBudget?: RetryBudget;
  sessionPersistence?: SessionPersistenceIR;
}

/** One policy and what translation learned about it. */
export class BackendTrafficPolicyState {
  readonly namespace: string;
  readonly name: string;
  /** Accepted before conflicts and missing targets: the policy's own content. */
  accepted: Verdict = verdict(true, PolicyReason.Accepted, 'Policy is accepted');
  /** Set when accepted.ok. */
  traffic: BackendTraffic | undefined;
  /** Targets claimed by an older policy, described for the Conflicted message. */
  readonly lostTargets: string[] = [];
  /** The Services it targets (names in its namespace). */
  readonly targets: string[] = [];

  constructor(readonly policy: XBackendTrafficPolicy) {
    this.namespace = policy.metadata.namespace ?? '';
    this.name = policy.metadata.name;
    const spec = policy.spec ?? { targetRefs: [] };
    const traffic: BackendTraffic = {};
    if (spec.retryConstraint) traffic.retryBudget = retryBudgetOf(spec.retryConstraint);
    if (spec.sessionPersistence) {
      const sp = sessionPersistenceOf(spec.sessionPersistence, `${X_BACKEND_TRAFFIC_POLICY}/${this.namespace}/${this.name}`);
      if (typeof sp === 'string') {
        this.accepted = verdict(false, PolicyReason.Invalid, sp);
        return;
      }
      traffic.sessionPersistence = sp;
    }
    this.traffic = traffic;
  }

  get generation(): number | undefined {
    return this.policy.metadata.generation;
  }

  /**
   * The Accepted verdict as reported: a content problem first, then conflicts, then targets that
   * do not exist (when none of them does: a policy with one live target applies).
   */
  reportedAccepted(serviceExists: (namespace: string, name: string) => boolean): Verdict {
    if (!this.accepted.ok) return this.accepted;
    if (this.lostTargets.length > 0) {
      return verdict(false, PolicyReason.Conflicted, `another XBackendTrafficPolicy takes precedence for ${this.lostTargets.join(', ')}`);
    }
    if (this.targets.length > 0 && !this.targets.some((t) => serviceExists(this.namespace, t))) {
      return verdict(false, PolicyReason.TargetNotFound, `target Service ${this.targets.map((t) => `${this.namespace}/${t}`).join(', ')} not found`);
    }
    return this.accepted;
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The Service names a policy targets (group "", kind Service), each once. */
export function serviceTargets(policy: XBackendTrafficPolicy): string[] {
  const names = (policy.spec?.targetRefs ?? []).filter((ref) => (ref.group ?? '') === '' && ref.kind === 'Service').map((ref) => ref.name);
  return [...new Set(names)];
}

export class BackendTrafficPolicies {
  readonly states: BackendTrafficPolicyState[];
  /** "<namespace>/<service>" -> the policy that won it. */
  private readonly winners = new Map<string, BackendTrafficPolicyState>();
  /** "<namespace>/<service>" -> every policy naming it (winner first). */
  private readonly claims = new Map<string, BackendTrafficPolicyState[]>();

  constructor(policies: readonly XBackendTrafficPolicy[]) {
    this.states = [...policies].sort(comparePolicies).map((p) => new BackendTrafficPolicyState(p));
    for (const state of this.states) {
      for (const service of serviceTargets(state.policy)) {
        state.targets.push(service);
        const key = `${state.namespace}/${service}`;
        const claimants = this.claims.get(key) ?? [];
        claimants.push(state);
        this.claims.set(key, claimants);
        if (!this.winners.has(key)) this.winners.set(key, state);
        else state.lostTargets.push(`Service ${key}`);
      }
    }
  }

  /** What applies to a Service; undefined when no accepted policy won it. */
  forService(namespace: string, service: string): BackendTraffic | undefined {
    const state = this.winners.get(`${namespace}/${service}`);
    return state?.accepted.ok ? state.traffic : undefined;
  }

  /** Every policy naming the Service: a use of it makes the Gateway their ancestor. */
  claimantsOf(namespace: string, service: string): BackendTrafficPolicyState[] {
    return this.claims.get(`${namespace}/${service}`) ?? [];
  }

  /** Whether some policy names the Service (its existence then matters to their status). */
  targets(namespace: string, service: string): boolean {
    return this.claims.has(`${namespace}/${service}`);
  }
}

/** The key of a policy among a Gateway's backend policies ("XBackendTrafficPolicy/<namespace>/<name>"). */
export function backendTrafficPolicyKey(state: { namespace: string; name: string }): string {
  return `${X_BACKEND_TRAFFIC_POLICY}/${state.namespace}/${state.name}`;
}

/**
 * Statuses of the policies some Gateway of ours is an ancestor of, sorted by namespace and name.
 * ancestorsOf gives, per policy key, the Gateways ("<namespace>/<name>") reaching its targets.
 */
export function backendTrafficStatuses(
  policies: BackendTrafficPolicies,
  ancestorsOf: (policy: string) => ReadonlySet<string> | undefined,
  serviceExists: (namespace: string, name: string) => boolean,
  controllerName: string,
): ObjectStatus[] {
  const out: ObjectStatus[] = [];
  for (const state of policies.states) {
    const gateways = ancestorsOf(backendTrafficPolicyKey(state));
    if (!gateways || gateways.size === 0) continue;
    const accepted = condition(ConditionType.Accepted, state.reportedAccepted(serviceExists), state.generation);
    const ancestors: PolicyAncestorStatus[] = [...gateways].sort().map((gw) => ({ ancestorRef: gatewayAncestorRef(gw), controllerName, conditions: [{ ...accepted }] }));
    out.push({ kind: 'XBackendTrafficPolicy', namespace: state.namespace, name: state.name, status: { ancestors } });
  }
  return out.sort((a, b) => compareStrings(a.namespace ?? '', b.namespace ?? '') || compareStrings(a.name, b.name));
}
