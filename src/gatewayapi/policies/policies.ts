/**
 * Every Pier policy, by kind, with conflicts settled (attachment.ts). Kept by the resource index
 * and rebuilt only after a policy changed.
 */
import { PIER_POLICY_KINDS, type PierPolicy, type PierPolicyKind } from '../../apis/pier';
import { AttachedPolicies, type PolicyState } from './attachment';
import { POLICY_TRANSLATIONS } from './kinds';
import type { PolicyCheckContext } from './ratelimit';

export class PierPolicies {
  readonly byKind: ReadonlyMap<PierPolicyKind, AttachedPolicies<unknown>>;

  constructor(policies: ReadonlyMap<PierPolicyKind, readonly PierPolicy[]>, context: PolicyCheckContext) {
    const byKind = new Map<PierPolicyKind, AttachedPolicies<unknown>>();
    for (const { kind } of PIER_POLICY_KINDS) {
      const list = policies.get(kind) ?? [];
      if (list.length > 0) byKind.set(kind, new AttachedPolicies(list, (p) => POLICY_TRANSLATIONS[kind].check(p, context)));
    }
    this.byKind = byKind;
  }

  private routeTargets: Set<string> | undefined;

  /** Whether some policy targets the route ("<Kind>/<namespace>/<name>", as routeKey gives it) or one of its rules. */
  targetsRoute(key: string): boolean {
    this.routeTargets ??= new Set(this.states().flatMap((s) => s.targets.filter((t) => t.kind === 'HTTPRoute' || t.kind === 'GRPCRoute').map((t) => `${t.kind}/${t.namespace}/${t.name}`)));
    return this.routeTargets.has(key);
  }

  get empty(): boolean {
    return this.byKind.size === 0;
  }

  /** Every policy state, kind by kind (registry order), each by age then namespace/name. */
  states(): PolicyState<unknown>[] {
    return [...this.byKind.values()].flatMap((a) => a.states);
  }
}
