/**
 * Building conditions. The translator has no clock: lastTransitionTime stays unset and the
 * status writer stamps it.
 */
import type { Condition } from '../../apis/meta';

/** A condition's verdict before it is stamped with type and generation. */
export interface Verdict {
  ok: boolean;
  reason: string;
  message: string;
}

export function verdict(ok: boolean, reason: string, message: string): Verdict {
  return { ok, reason, message };
}

/** A positive-polarity condition (True when ok). */
export function condition(type: string, v: Verdict, generation: number | undefined): Condition {
  const c: Condition = { type, status: v.ok ? 'True' : 'False', reason: v.reason, message: v.message };
  if (generation !== undefined) c.observedGeneration = generation;
  return c;
}

/** A negative-polarity condition such as Conflicted: True means a problem. */
export function problemCondition(type: string, present: boolean, reason: string, message: string, generation: number | undefined): Condition {
  const c: Condition = { type, status: present ? 'True' : 'False', reason, message };
  if (generation !== undefined) c.observedGeneration = generation;
  return c;
}

/** Joins distinct messages in first-seen order. */
export function joinMessages(messages: readonly string[]): string {
  return [...new Set(messages)].join('; ');
}
