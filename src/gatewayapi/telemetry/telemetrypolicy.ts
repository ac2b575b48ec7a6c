/**
 * XTelemetryPolicy (gateway.networking.x-k8s.io/v1alpha1): a Direct Attached Policy on Gateways
 * that turns on distributed tracing, exported over OTLP/gRPC to a backend (a Service port).
 *
 * Resolved once per translation, like BackendTLSPolicy: each policy's content is checked on its
 * own (what Pier can honour), and each Gateway it targets is claimed by the oldest policy (then by
 * namespace/name); the others are Conflicted there. The winner's backendRef is resolved by the
 * Gateway's unit (telemetryOfGateway), which records what it read, so a Service or ReferenceGrant
 * change re-translates just the Gateways whose exporter it is.
 *
 * Status: one ancestor per targeted Gateway of ours (Accepted, and ResolvedRefs where the policy
 * applies), and Accepted=False/TargetNotFound for a targeted Gateway that does not exist.
 */
import { GATEWAY_GROUP, type ParentReference, type PolicyAncestorStatus } from '../../apis/gateway';
import { X_GATEWAY_GROUP, type Fraction, type TelemetryAttribute, type XTelemetryPolicy } from '../../apis/xtelemetry';
import type { SpanAttribute, Telemetry } from '../../ir/types';
import type { ObjectStatus } from '../../message/resources';
import { resolveBackend } from '../backends/backends';
import { comparePolicies } from '../backends/backendtls';
import { ConditionType, PolicyReason } from '../model/conditions';
import { condition, joinMessages, verdict, type Verdict } from '../model/status';
import type { ResourceIndex } from '../resourceindex';

/** Span attributes that Envoy reads from request headers, by OpenTelemetry semantic-convention key. */
const HEADER_OF_ATTRIBUTE: Readonly<Record<string, string>> = {
  'http.request.method': ':method',
  'url.scheme': ':scheme',
  'user_agent.original': 'user-agent',
};
const REQUEST_HEADER_ATTRIBUTE = 'http.request.header.';

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The Gateways ("<namespace>/<name>") a policy targets, each once; other kinds are not supported targets. */
export function telemetryTargets(policy: XTelemetryPolicy): string[] {
  const namespace = policy.metadata.namespace ?? '';
  const out = new Set<string>();
  for (const ref of policy.spec.targetRefs ?? []) {
    if (ref.group === GATEWAY_GROUP && ref.kind === 'Gateway') out.add(`${namespace}/${ref.name}`);
  }
  return [...out];
}

function percentOf(fraction: Fraction): number {
  return (fraction.numerator / (fraction.denominator ?? 100)) * 100;
}

/** The span attribute an Attribute source maps to, or why it cannot be had. */
function spanAttribute(attribute: TelemetryAttribute): SpanAttribute | string {
  switch (attribute.sourceType) {
    case 'Literal': return { name: attribute.name, literal: attribute.literalValue ?? '' };
    case 'Header': return { name: attribute.name, requestHeader: (attribute.headerName ?? '').toLowerCase() };
    case 'Attribute': {
      const key = attribute.attributeKey ?? '';
      const header = HEADER_OF_ATTRIBUTE[key] ?? (key.startsWith(REQUEST_HEADER_ATTRIBUTE) ? key.slice(REQUEST_HEADER_ATTRIBUTE.length) : undefined);
      if (header) return { name: attribute.name, requestHeader: header };
      return `attribute ${attribute.name}: attributeKey "${key}" is not supported and is left out`;
    }
    default: return `attribute ${attribute.name}: sourceType "${String(attribute.sourceType)}" is not supported and is left out`;
  }
}

/** One policy and what its content allows, before any other object is looked at. */
export class TelemetryPolicyState {
  readonly namespace: string;
  readonly name: string;
  /** The policy's own content: Invalid when Pier cannot do what it asks. */
  content: Verdict = verdict(true, PolicyReason.Accepted, 'Policy is accepted');
  /** Things asked for that Pier leaves out (said in the Accepted message). */
  readonly omitted: string[] = [];
  readonly attributes: SpanAttribute[] = [];
  /** Gateway key -> the policy that took it from this one. */
  readonly lostTo = new Map<string, TelemetryPolicyState>();

  constructor(readonly policy: XTelemetryPolicy) {
    this.namespace = policy.metadata.namespace ?? '';
    this.name = policy.metadata.name;
    this.check();
  }

  get key(): string {
    return `${this.namespace}/${this.name}`;
  }

  get tracingEnabled(): boolean {
    return this.policy.spec.tracing?.mode === 'Enabled';
  }

  private check(): void {
    const tracing = this.policy.spec.tracing;
    if (!tracing || tracing.mode !== 'Enabled') return;
    const problems: string[] = [];
    const rate = tracing.samplingRate;
    if (rate && (rate.numerator < 0 || (rate.denominator ?? 100) < 1 || rate.numerator > (rate.denominator ?? 100))) {
      problems.push(`tracing.samplingRate ${rate.numerator}/${rate.denominator ?? 100} is not a fraction between 0 and 1`);
    }
    // Envoy's tracing decision: a request whose trace parent is not sampled is never traced;
    // any other (a sampled parent, or none) at the sampling rate. So parent decisions are always
    // respected, and sampled parents are sampled at the same rate as new traces.
    const parent = tracing.parentBasedSampling;
    const rootPercent = rate ? percentOf(rate) : 100;
    if (parent?.mode === 'Disabled') problems.push('tracing.parentBasedSampling.mode Disabled is not supported: Envoy keeps the decision of a trace parent that is not sampled');
    if (parent?.mode === 'Enabled' && percentOf(parent.samplingRate ?? { numerator: 100, denominator: 100 }) !== rootPercent) {
      problems.push('tracing.parentBasedSampling.samplingRate must equal tracing.samplingRate (100% when absent): Envoy samples sampled trace parents at the rate of new traces');
    }
    if (problems.length > 0) {
      this.content = verdict(false, PolicyReason.Invalid, joinMessages(problems));
      return;
    }
    if (tracing.spanName) this.omitted.push('tracing.spanName is not supported: spans keep Envoy\'s names');
    for (const attribute of tracing.attributes ?? []) {
      const mapped = spanAttribute(attribute);
      if (typeof mapped === 'string') this.omitted.push(mapped);
      else this.attributes.push(mapped);
    }
    if (this.omitted.length > 0) this.content = verdict(true, PolicyReason.Accepted, `Policy is accepted; ${joinMessages(this.omitted)}`);
  }
}

export class TelemetryPolicies {
  readonly states: TelemetryPolicyState[];
  /** Gateway key -> the policy that applies to it. */
  private readonly winners = new Map<string, TelemetryPolicyState>();

  constructor(policies: readonly XTelemetryPolicy[]) {
    this.states = [...policies].sort(comparePolicies).map((p) => new TelemetryPolicyState(p));
    for (const state of this.states) {
      for (const gateway of telemetryTargets(state.policy)) {
        const winner = this.winners.get(gateway);
        if (winner) state.lostTo.set(gateway, winner);
        else this.winners.set(gateway, state);
      }
    }
  }

  /** The policy that applies to a Gateway ("<namespace>/<name>"), if any. */
  forGateway(gateway: string): TelemetryPolicyState | undefined {
    return this.winners.get(gateway);
  }
}

/** What a Gateway's unit made of the policy applying to it: the IR, and whether its references resolved. */
export interface GatewayTelemetry {
  /** The policy ("<namespace>/<name>"). */
  policy: string;
  resolvedRefs: Verdict;
  telemetry?: Telemetry;
}

const RESOLVED = verdict(true, PolicyReason.ResolvedRefs, 'All references are resolved');

/**
 * The telemetry of one Gateway: the policy that applies to it, with its exporter's backendRef
 * resolved like a route's (kind, ReferenceGrant, Service, port; HTTP/2 for gRPC; a
 * BackendTLSPolicy on the port gives TLS). Undefined when no policy targets the Gateway.
 */
export function telemetryOfGateway(gateway: string, index: ResourceIndex): GatewayTelemetry | undefined {
  const state = index.telemetryFor(gateway);
  if (!state) return undefined;
  const tracing = state.policy.spec.tracing;
  if (!state.content.ok || !state.tracingEnabled || !tracing?.provider) return { policy: state.key, resolvedRefs: RESOLVED };
  const from = { group: X_GATEWAY_GROUP, kind: 'XTelemetryPolicy', namespace: state.namespace };
  const backend = resolveBackend(index, from, tracing.provider.backendRef, 1, 'h2c');
  if (backend.problem) return { policy: state.key, resolvedRefs: verdict(false, backend.problem.reason, `tracing.provider.${backend.problem.message}`) };
  if (backend.setting.invalid) {
    return { policy: state.key, resolvedRefs: verdict(false, PolicyReason.Invalid, 'tracing.provider.backendRef: the BackendTLSPolicy of its port cannot be used') };
  }
  const telemetry: Telemetry = {
    tracing: {
      exporter: { destination: backend.setting, headers: (tracing.provider.headers ?? []).map((h) => ({ name: h.name.toLowerCase(), value: h.value })) },
      serviceName: tracing.serviceName ?? gateway,
      samplingPercent: tracing.samplingRate ? percentOf(tracing.samplingRate) : 100,
      attributes: state.attributes.map((a) => ({ ...a })),
    },
  };
  return { policy: state.key, resolvedRefs: RESOLVED, telemetry };
}

/** How a Gateway stands for policy status: ours (translated), another controller's, or absent. */
export type TargetState = 'ours' | 'other' | 'missing';

/**
 * Statuses of the policies with something to report (a targeted Gateway of ours, or one that does
 * not exist), sorted by namespace and name. outcomeOf gives what a Gateway's unit made of its policy.
 */
export function telemetryStatuses(
  policies: TelemetryPolicies,
  stateOf: (gateway: string) => TargetState,
  outcomeOf: (gateway: string) => GatewayTelemetry | undefined,
  controllerName: string,
): ObjectStatus[] {
  const out: ObjectStatus[] = [];
  for (const state of policies.states) {
    const g = state.policy.metadata.generation;
    const ancestors: PolicyAncestorStatus[] = [];
    for (const gateway of telemetryTargets(state.policy).sort()) {
      const targetState = stateOf(gateway);
      if (targetState === 'other') continue;
      const conditions = [];
      if (targetState === 'missing') {
        conditions.push(condition(ConditionType.Accepted, verdict(false, PolicyReason.TargetNotFound, `Gateway ${gateway} not found`), g));
      } else if (state.lostTo.has(gateway)) {
        const winner = state.lostTo.get(gateway)!;
        conditions.push(condition(ConditionType.Accepted, verdict(false, PolicyReason.Conflicted, `XTelemetryPolicy ${winner.key} takes precedence for Gateway ${gateway}`), g));
      } else {
        conditions.push(condition(ConditionType.Accepted, state.content, g));
        const outcome = outcomeOf(gateway);
        if (state.content.ok && outcome?.policy === state.key) conditions.push(condition(ConditionType.ResolvedRefs, outcome.resolvedRefs, g));
      }
      const slash = gateway.indexOf('/');
      const ancestorRef: ParentReference = { group: GATEWAY_GROUP, kind: 'Gateway', namespace: gateway.slice(0, slash), name: gateway.slice(slash + 1) };
      ancestors.push({ ancestorRef, controllerName, conditions });
    }
    if (ancestors.length > 0) out.push({ kind: 'XTelemetryPolicy', namespace: state.namespace, name: state.name, status: { ancestors } });
  }
  return out.sort((a, b) => compareStrings(a.namespace ?? '', b.namespace ?? '') || compareStrings(a.name, b.name));
}
