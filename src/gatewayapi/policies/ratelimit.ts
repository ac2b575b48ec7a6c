/**
 * RateLimitPolicy content as the IR's rate limit settings: local token buckets. What the CRD
 * cannot check (a CIDR's address, a bucket Envoy cannot refill) makes the policy Invalid.
 * spec.global sits beside spec.local; until it is translated, a policy asking for it is Invalid.
 */
import { isIP } from 'node:net';
import type { LocalRateLimitRule as LocalRule, PierPolicy, RateLimitUnit } from '../../apis/pier';
import type { LocalRateLimitRule, LocalRateLimitSettings } from '../../ir/types';
import { PolicyReason } from '../model/conditions';
import { joinMessages, verdict, type Verdict } from '../model/status';
import { ACCEPTED } from './attachment';

const SECONDS: Readonly<Record<RateLimitUnit, number>> = { Second: 1, Minute: 60, Hour: 3600 };

/** What a RateLimitPolicy asks for, before it is placed at a target. */
export interface RateLimitContent {
  local?: LocalRateLimitSettings;
}

/** "10.0.0.0/8" as an address and prefix; a string says what is wrong. */
function parseCidr(cidr: string): { address: string; prefixLength: number; ipv6: boolean } | string {
  const slash = cidr.indexOf('/');
  const address = cidr.slice(0, slash);
  const prefixLength = Number(cidr.slice(slash + 1));
  const family = isIP(address);
  if (slash < 0 || family === 0) return `"${cidr}" is not a CIDR (address/prefix length)`;
  const max = family === 4 ? 32 : 128;
  if (!Number.isInteger(prefixLength) || prefixLength < 0 || prefixLength > max) return `"${cidr}": the prefix length must be 0 to ${max}`;
  return { address, prefixLength, ipv6: family === 6 };
}

function localRule(rule: LocalRule, index: number, problems: string[]): LocalRateLimitRule | undefined {
  const at = `spec.local.rules[${index}]`;
  const { requests, unit } = rule.limit;
  const burst = rule.limit.burst ?? requests;
  if (burst < requests) problems.push(`${at}.limit.burst ${burst} is less than requests ${requests}`);
  const out: LocalRateLimitRule = {
    tokensPerFill: requests,
    fillIntervalSeconds: SECONDS[unit],
    maxTokens: burst,
    headers: (rule.clients?.headers ?? []).map((h) => (h.value === undefined ? { name: h.name.toLowerCase() } : { name: h.name.toLowerCase(), value: h.value })),
  };
  const source = rule.clients?.source;
  if (source) {
    const cidr = parseCidr(source.cidr);
    if (typeof cidr === 'string') problems.push(`${at}.clients.source.cidr ${cidr}`);
    else out.source = { ...cidr, perAddress: source.perAddress ?? false };
  }
  return problems.length > 0 ? undefined : out;
}

export function checkRateLimitPolicy(policy: PierPolicy): { content: Verdict; settings?: RateLimitContent } {
  const spec = policy.spec;
  const problems: string[] = [];
  if (spec.global !== undefined) problems.push('spec.global is not supported yet');
  if (!spec.local && spec.global === undefined) problems.push('spec.local or spec.global must be set');
  const content: RateLimitContent = {};
  if (spec.local) {
    const rules = spec.local.rules.map((r, i) => localRule(r, i, problems));
    if (problems.length === 0) {
      content.local = { rules: rules as LocalRateLimitRule[] };
      if (spec.local.maxClients !== undefined) content.local.maxClients = spec.local.maxClients;
    }
  }
  if (problems.length > 0) return { content: verdict(false, PolicyReason.Invalid, joinMessages(problems)) };
  return { content: ACCEPTED, settings: content };
}
