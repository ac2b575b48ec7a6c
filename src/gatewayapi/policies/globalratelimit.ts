/**
 * RateLimitPolicy spec.global as the IR's global limits. Each rule's count is named by the
 * policy and the rule's place in it ("<namespace>/<policy>/<rule index>"), not by the target:
 * every route, listener and Gateway the policy reaches, through every proxy, shares it.
 */
import type { GlobalRateLimitUnit, RateLimitPolicy } from '../../apis/pier';
import type { GlobalRateLimitRule, GlobalRateLimitSettings } from '../../ir/types';
import { parseCidr } from './ratelimit-cidr';

/** The first address of the prefix, written as Envoy writes the masked client address it sends ("10.0.0.0", "2001:db8::"). */
function networkAddress(address: string, prefixLength: number, ipv6: boolean): string {
  if (!ipv6) {
    const n = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    const masked = prefixLength === 0 ? 0 : Number((BigInt(n) >> BigInt(32 - prefixLength)) << BigInt(32 - prefixLength));
    return [24, 16, 8, 0].map((shift) => (masked >>> shift) & 255).join('.');
  }
  // The URL parser writes IPv6 in its canonical form (RFC 5952: lower case, longest zero run as ::).
  const full = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const halves = full.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail].map((g) => parseInt(g, 16));
  const bits = groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
  const maskedBits = prefixLength === 0 ? 0n : (bits >> BigInt(128 - prefixLength)) << BigInt(128 - prefixLength);
  const out = Array.from({ length: 8 }, (_, i) => ((maskedBits >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(':');
  return new URL(`http://[${out}]`).hostname.slice(1, -1);
}

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
      else out.source = { ...cidr, address: networkAddress(cidr.address, cidr.prefixLength, cidr.ipv6), perAddress: source.perAddress ?? false };
    }
    return out;
  });
  if (problems.length > before) return undefined;
  return { rules, failOpen: global.failureMode !== 'FailClosed' };
}
