/**
 * RateLimitPolicy spec.global as the IR's global limits. Each rule's count is named by the
 * policy and the rule's place in it ("<namespace>/<policy>/<rule index>"), not by the target:
 * every route, listener and Gateway the policy reaches, through every proxy, shares it.
 */
import type { GlobalRateLimitUnit, RateLimitPolicy } from '../../apis/pier';
import type { GlobalRateLimitRule, GlobalRateLimitSettings } from '../../ir/types';
import { parseCidr } from './ratelimit-cidr';

const UNITS: Readonly<Record<GlobalRateLimitUnit, GlobalRateLimitRule['unit']>> = { Second: 'second', Minute: 'minute', Hour: 'hour', Day: 'day' };

/** The policy's global limits; what is wrong goes to problems (then the result is undefined). */
export function globalRateLimitSettings(policy: RateLimitPolicy, problems: string[]): GlobalRateLimitSettings | undefined {
  const global = policy.spec.global;
  if (!global) return undefined;
  const before = problems.length;
  const rules = global.rules.map((rule, index): GlobalRateLimitRule => {
    const out: GlobalRateLimitRule = {
      id: `${policy.metadata.namespace ?? ''}/${policy.metadata.name}/${index}`,
      headers: (rule.clients?.headers ?? []).map((h) => (h.value === undefined ? { name: h.name.toLowerCase() } : { name: h.name.toLowerCase(), value: h.value })),
      requests: rule.limit.requests,
      unit: UNITS[rule.limit.unit],
    };
    const source = rule.clients?.source;
    if (source) {
      const cidr = parseCidr(source.cidr);
      if (typeof cidr === 'string') problems.push(`spec.global.rules[${index}].clients.source.cidr ${cidr}`);
      else out.source = { ...cidr, perAddress: source.perAddress ?? false };
    }
    return out;
  });
  if (problems.length > before) return undefined;
  return { rules, failOpen: global.failureMode !== 'FailClosed' };
}
