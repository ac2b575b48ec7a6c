/** One CEL rule of a CRD, implemented by hand: the rule text it stands for, and its check. */

/** True when self satisfies the rule. May throw (a CEL evaluation error): the rule then fails. */
export type CelCheck = (self: unknown) => boolean;

export interface CelRuleEntry {
  /** The rule exactly as the CRD writes it (whitespace is normalised before lookup). */
  rule: string;
  check: CelCheck;
}

/** Rule texts are compared with runs of whitespace collapsed: YAML may fold long rules. */
export function normalizeRule(rule: string): string {
  return rule.replace(/\s+/g, ' ').trim();
}
