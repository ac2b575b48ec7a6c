/**
 * RateLimitPolicy content as the IR's rate limit settings: local token buckets, and global limits
 * (globalratelimit.ts). What the CRD cannot check (a CIDR's address, a bucket Envoy cannot
 * refill, global limits without a rate limit service) makes the policy Invalid.
 */
import type { LocalRateLimitRule as LocalRule, PierPolicy, RateLimitPolicy, RateLimitUnit } from '../../apis/pier';
import type { Secret, ConfigMap } from '../../apis/core';
import type { GlobalRateLimitSettings, LocalRateLimitRule, LocalRateLimitSettings } from '../../ir/types';
import { parseCidr } from './ratelimit-cidr';
import { globalRateLimitSettings } from './globalratelimit';
import { PolicyReason } from '../model/conditions';
import { joinMessages, verdict, type Verdict } from '../model/status';
import { ACCEPTED } from './attachment';

const SECONDS: Readonly<Record<RateLimitUnit, number>> = { Second: 1, Minute: 60, Hour: 3600 };

/** What a RateLimitPolicy asks for, before it is placed at a target. */
export interface RateLimitContent {
  local?: LocalRateLimitSettings;
  global?: GlobalRateLimitSettings;
}

/** What a policy's check needs to know of Pier's configuration. */
export interface PolicyCheckContext {
  /** Whether a rate limit service is configured (rateLimitService): spec.global needs one. */
  rateLimitService: boolean;
  /** The Secrets and ConfigMaps policies name (SecurityPolicy credentials, CA bundles); absent: none exist. */
  secret?: (namespace: string, name: string) => Secret | undefined;
  configMap?: (namespace: string, name: string) => ConfigMap | undefined;
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

export function checkRateLimitPolicy(policy: PierPolicy, context: PolicyCheckContext): { content: Verdict; settings?: RateLimitContent } {
  if (policy.kind !== 'RateLimitPolicy') throw new Error(`checkRateLimitPolicy: ${policy.kind}`);
  const spec = policy.spec;
  const problems: string[] = [];
  if (spec.global !== undefined && !context.rateLimitService) problems.push('spec.global needs a rate limit service, and Pier has none (its rateLimitService setting)');
  if (!spec.local && spec.global === undefined) problems.push('spec.local or spec.global must be set');
  const content: RateLimitContent = {};
  if (spec.local) {
    const rules = spec.local.rules.map((r, i) => localRule(r, i, problems));
    if (problems.length === 0) {
      content.local = { rules: rules as LocalRateLimitRule[] };
      if (spec.local.maxClients !== undefined) content.local.maxClients = spec.local.maxClients;
    }
  }
  const global = globalRateLimitSettings(policy as RateLimitPolicy, problems);
  if (global && problems.length === 0) content.global = global;
  if (problems.length > 0) return { content: verdict(false, PolicyReason.Invalid, joinMessages(problems)) };
  return { content: ACCEPTED, settings: content };
}
