/**
 * The hand-written CEL rules, looked up by rule text. A rule the table does not know is skipped
 * (its CRD check does not run) and reported once, so a CRD update that adds rules is noticed.
 */
import { GATEWAY_RULES } from './rules-gateway';
import { POLICY_RULES } from './rules-policies';
import { ROUTE_RULES } from './rules-routes';
import { normalizeRule, type CelCheck, type CelRuleEntry } from './rule';

export class CelRuleTable {
  private readonly checks = new Map<string, CelCheck>();
  /** Lookups by rule text as written: normalising on every evaluation would dominate validation. */
  private readonly byText = new Map<string, CelCheck | null>();

  constructor(entries: readonly CelRuleEntry[]) {
    for (const entry of entries) {
      const key = normalizeRule(entry.rule);
      if (this.checks.has(key)) throw new Error(`CEL rule table: duplicate rule ${JSON.stringify(entry.rule)}`);
      this.checks.set(key, entry.check);
    }
  }

  lookup(rule: string): CelCheck | undefined {
    let check = this.byText.get(rule);
    if (check === undefined) {
      check = this.checks.get(normalizeRule(rule)) ?? null;
      this.byText.set(rule, check);
    }
    return check ?? undefined;
  }

  get size(): number {
    return this.checks.size;
  }
}

/**
 * Transition rules compare with the stored object (oldSelf). The API server skips them on create;
 * a file provider never has a stored object, so they never apply.
 */
export function isTransitionRule(rule: string): boolean {
  return rule.includes('oldSelf') && /\boldSelf\b/.test(rule);
}

/** Every rule of the Gateway API v1.6 standard CRDs. */
export const GATEWAY_API_CEL_RULES = new CelRuleTable([...GATEWAY_RULES, ...ROUTE_RULES, ...POLICY_RULES]);
