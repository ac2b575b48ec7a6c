/**
 * Statuses of Pier's policies (GEP-713): one ancestor per Gateway of ours a policy's targets
 * reach (a Gateway, its listeners and ListenerSets, the routes attached to it), with Accepted:
 * True where some target applies there; else Conflicted (naming the policy that takes
 * precedence), TargetNotFound, or Invalid (the policy's own content), with observedGeneration.
 * A target that exists nowhere (a Gateway, ListenerSet or route that does not exist) is its own
 * ancestor entry, TargetNotFound; targets that are another controller's are not reported.
 */
import { GATEWAY_GROUP, type ParentReference, type PolicyAncestorStatus } from '../../apis/gateway';
import type { ObjectStatus } from '../../message/resources';
import { ConditionType, PolicyReason } from '../model/conditions';
import { condition, joinMessages, verdict, type Verdict } from '../model/status';
import { describeTarget, keyOfTarget, type PolicyTarget } from './attachment';
import type { PolicyOutcomes } from './apply';
import type { PierPolicies } from './policies';

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How a target stands outside the units: exists (reported by a unit, or another controller's), or missing. */
export type TargetExists = (target: PolicyTarget) => boolean;

function gatewayRef(gateway: string): ParentReference {
  const slash = gateway.indexOf('/');
  return { group: GATEWAY_GROUP, kind: 'Gateway', namespace: gateway.slice(0, slash), name: gateway.slice(slash + 1) };
}

/** What the targets reported on one ancestor come to. */
function ancestorVerdict(content: Verdict, reports: readonly { target: PolicyTarget; outcome: 'applied' | 'notFound'; lostTo?: string; conflict?: string; invalid?: string; note?: string }[]): Verdict {
  if (!content.ok) return content;
  const invalid = [...new Set(reports.flatMap((r) => (r.invalid === undefined ? [] : [r.invalid])))];
  if (invalid.length > 0) return verdict(false, PolicyReason.Invalid, joinMessages(invalid));
  const applied = reports.filter((r) => r.outcome === 'applied' && r.lostTo === undefined && r.conflict === undefined);
  const lost = reports.filter((r) => r.lostTo !== undefined || r.conflict !== undefined);
  const missing = reports.filter((r) => r.outcome === 'notFound' && r.lostTo === undefined && r.conflict === undefined);
  const lostText = lost.map((r) => (r.lostTo !== undefined ? `${r.lostTo} takes precedence for ${describeTarget(r.target)}` : `${describeTarget(r.target)}: ${r.conflict}`));
  const missingText = missing.map((r) => `${describeTarget(r.target)} not found`);
  if (applied.length > 0) {
    const notes = [...lostText, ...missingText, ...new Set(reports.flatMap((r) => (r.note === undefined ? [] : [r.note])))];
    return notes.length === 0 ? content : verdict(true, PolicyReason.Accepted, `Policy is accepted; ${joinMessages(notes)}`);
  }
  if (lost.length > 0) return verdict(false, PolicyReason.Conflicted, joinMessages(lostText));
  return verdict(false, PolicyReason.TargetNotFound, joinMessages(missingText));
}

/**
 * The statuses of every Pier policy with something to report, sorted by kind, namespace and name.
 * outcomesOf: per Gateway of ours (key "<ns>/<name>"), what its unit reported.
 */
export function pierPolicyStatuses(policies: PierPolicies, outcomesOf: ReadonlyMap<string, PolicyOutcomes>, exists: TargetExists, controllerName: string): ObjectStatus[] {
  const out: ObjectStatus[] = [];
  const gateways = [...outcomesOf.keys()].sort();
  for (const state of policies.states()) {
    const g = state.generation;
    const ancestors: PolicyAncestorStatus[] = [];
    const reported = new Set<string>();
    for (const gateway of gateways) {
      const entry = outcomesOf.get(gateway)?.get(state.key);
      if (!entry) continue;
      const reports = [...entry.targets.values()].map(({ target, outcome, conflict, invalid, note }) => {
        reported.add(keyOfTarget(target));
        const winner = state.lostTo.get(keyOfTarget(target));
        const base = { target, outcome, ...(conflict === undefined ? {} : { conflict }), ...(invalid === undefined ? {} : { invalid }), ...(note === undefined ? {} : { note }) };
        return winner ? { ...base, lostTo: `${winner.kind} ${winner.namespace}/${winner.name}` } : base;
      });
      ancestors.push({ ancestorRef: gatewayRef(gateway), controllerName, conditions: [condition(ConditionType.Accepted, ancestorVerdict(state.content, reports), g)] });
    }
    for (const target of state.targets) {
      if (reported.has(keyOfTarget(target)) || exists(target)) continue;
      const ancestorRef: ParentReference = { group: target.kind === 'Service' ? '' : GATEWAY_GROUP, kind: target.kind, namespace: target.namespace, name: target.name };
      const v = state.content.ok ? verdict(false, PolicyReason.TargetNotFound, `${describeTarget(target)} not found`) : state.content;
      ancestors.push({ ancestorRef, controllerName, conditions: [condition(ConditionType.Accepted, v, g)] });
    }
    if (ancestors.length > 0) out.push({ kind: state.kind, namespace: state.namespace, name: state.name, status: { ancestors } });
  }
  return out;
}

export function comparePolicyStatuses(a: ObjectStatus, b: ObjectStatus): number {
  return compareStrings(a.kind, b.kind) || compareStrings(a.namespace ?? '', b.namespace ?? '') || compareStrings(a.name, b.name);
}
