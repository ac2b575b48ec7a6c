/**
 * GEP-713 attachment of Pier's policy kinds, the same for every kind: which policy applies at
 * each target, and what each policy's targets came to.
 *
 * A target is a Gateway, one of its listeners (sectionName), a ListenerSet or one of its
 * listeners, an HTTPRoute or GRPCRoute, or one of their rules (sectionName: the rule's name), or
 * (BackendPolicy: its CRD allows it for no other kind) a Service. Two
 * policies of one kind naming the same target: the older wins (metadata.creationTimestamp), then
 * by namespace/name; the other is Conflicted there and still applies where it won. Precedence
 * between targets (rule > route > listener > ListenerSet > Gateway) is applied where settings
 * are placed (apply.ts).
 */
import { GATEWAY_GROUP, type LocalPolicyTargetReferenceWithSectionName } from '../../apis/gateway';
import type { PierPolicy, PierPolicyKind } from '../../apis/pier';
import type { PolicySource } from '../../ir/types';
import { comparePolicies } from '../backends/backendtls';
import { PolicyReason } from '../model/conditions';
import { verdict, type Verdict } from '../model/status';

export type TargetKind = 'Gateway' | 'ListenerSet' | 'HTTPRoute' | 'GRPCRoute' | 'Service';
const TARGET_KINDS: ReadonlySet<string> = new Set<TargetKind>(['Gateway', 'ListenerSet', 'HTTPRoute', 'GRPCRoute']);
/** The core group's kinds a policy can target (group ""), and the policy kinds that can. */
const CORE_TARGET_KINDS: ReadonlySet<string> = new Set<TargetKind>(['Service']);
const SERVICE_POLICY_KINDS: ReadonlySet<string> = new Set<PierPolicyKind>(['BackendPolicy']);

/** One target of a policy, in the policy's namespace. */
export interface PolicyTarget {
  kind: TargetKind;
  namespace: string;
  name: string;
  sectionName?: string;
}

/** "Gateway/<ns>/<name>[/<section>]": the key of a target (and "Gateway/<ns>/<name>" of the whole object). */
export function targetKey(kind: string, namespace: string, name: string, sectionName?: string): string {
  return sectionName === undefined ? `${kind}/${namespace}/${name}` : `${kind}/${namespace}/${name}/${sectionName}`;
}

export function keyOfTarget(t: PolicyTarget): string {
  return targetKey(t.kind, t.namespace, t.name, t.sectionName);
}

/** For messages: "Gateway ns/name listener http", "HTTPRoute ns/name rule a". */
export function describeTarget(t: PolicyTarget): string {
  const section = t.sectionName === undefined ? '' : t.kind === 'HTTPRoute' || t.kind === 'GRPCRoute' ? ` rule ${t.sectionName}` : ` listener ${t.sectionName}`;
  return `${t.kind} ${t.namespace}/${t.name}${section}`;
}

/** The targets a policy names that Pier can attach to, each once (the CRD allows no others). */
export function policyTargets(policy: { kind?: string; metadata: { namespace?: string }; spec: { targetRefs?: LocalPolicyTargetReferenceWithSectionName[] } }): PolicyTarget[] {
  const namespace = policy.metadata.namespace ?? '';
  const services = SERVICE_POLICY_KINDS.has(policy.kind ?? '');
  const seen = new Set<string>();
  const out: PolicyTarget[] = [];
  for (const ref of policy.spec.targetRefs ?? []) {
    if (ref.group === GATEWAY_GROUP ? !TARGET_KINDS.has(ref.kind) : !services || ref.group !== '' || !CORE_TARGET_KINDS.has(ref.kind)) continue;
    const target: PolicyTarget = { kind: ref.kind as TargetKind, namespace, name: ref.name };
    if (ref.sectionName) target.sectionName = ref.sectionName;
    const k = keyOfTarget(target);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(target);
  }
  return out;
}

/** One policy of a kind: its content, checked on its own, and the settings it gives when valid. */
export class PolicyState<S> {
  readonly namespace: string;
  readonly name: string;
  readonly targets: PolicyTarget[];
  /** Target key -> the policy that took it from this one. */
  readonly lostTo = new Map<string, PolicyState<S>>();

  constructor(readonly policy: PierPolicy, readonly content: Verdict, readonly settings: S | undefined) {
    this.namespace = policy.metadata.namespace ?? '';
    this.name = policy.metadata.name;
    this.targets = policyTargets(policy);
  }

  get kind(): PierPolicyKind {
    return this.policy.kind;
  }

  /** "RateLimitPolicy/<ns>/<name>" */
  get key(): string {
    return `${this.policy.kind}/${this.namespace}/${this.name}`;
  }

  get generation(): number | undefined {
    return this.policy.metadata.generation;
  }

  source(target: PolicyTarget): PolicySource {
    return { kind: this.policy.kind, namespace: this.namespace, name: this.name, target: describeTarget(target) };
  }
}

export const ACCEPTED: Verdict = verdict(true, PolicyReason.Accepted, 'Policy is accepted');

/**
 * The policies of one kind with conflicts settled: per target key, the policy that applies there
 * (valid or not: an invalid older policy still holds its targets, and applies nothing).
 */
export class AttachedPolicies<S> {
  readonly states: PolicyState<S>[];
  private readonly winners = new Map<string, PolicyState<S>>();

  constructor(policies: readonly PierPolicy[], check: (policy: PierPolicy) => { content: Verdict; settings?: S }) {
    this.states = [...policies].sort(comparePolicies).map((p) => {
      const { content, settings } = check(p);
      return new PolicyState<S>(p, content, content.ok ? settings : undefined);
    });
    for (const state of this.states) {
      for (const target of state.targets) {
        const k = keyOfTarget(target);
        const winner = this.winners.get(k);
        if (winner) state.lostTo.set(k, winner);
        else this.winners.set(k, state);
      }
    }
  }

  /** The policy that applies at a target key, if any. */
  at(key: string): PolicyState<S> | undefined {
    return this.winners.get(key);
  }

  get empty(): boolean {
    return this.states.length === 0;
  }
}
