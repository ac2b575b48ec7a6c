/**
 * The translator's side of the Pier policy registry (apis/pier.ts PIER_POLICY_KINDS): per kind,
 * how a policy's content is checked, and how its settings are placed at a target in the IR's
 * PolicySettings. A new kind adds one entry here (the Record type asks for it).
 */
import type { ObservabilityPolicy, PierPolicy, PierPolicyKind, RateLimitPolicy, SecurityPolicy } from '../../apis/pier';
import type { PolicySettings, PolicySource } from '../../ir/types';
import type { Verdict } from '../model/status';
import { checkBackendPolicy, type BackendPolicyContent } from './backendpolicy';
import { checkRateLimitPolicy, type PolicyCheckContext, type RateLimitContent } from './ratelimit';
import { checkClientPolicy, type ClientContent } from './clientpolicy';
import { checkSecurityPolicy, securityPolicyReferences, type SecurityContent } from './security';
import { checkObservabilityPolicy, type ObservabilityContent } from './observability';

export interface PolicyKindTranslation<S> {
  check(policy: PierPolicy, context: PolicyCheckContext): { content: Verdict; settings?: S };
  /** The settings at one target: id names what the target shares (rate limit buckets, ...). */
  place(settings: S, id: string, source: PolicySource): PolicySettings;
  /** The Secrets and ConfigMaps (policy's namespace) the check reads; absent: none. */
  references?(policy: PierPolicy): { kind: 'Secret' | 'ConfigMap'; name: string }[];
  /**
   * Field-merge kinds: the settings of a more specific target with a less specific one's for
   * the fields it leaves unset. Absent: whole-policy (the most specific replaces the rest).
   */
  merge?(specific: PolicySettings, general: PolicySettings): PolicySettings;
}

const rateLimit: PolicyKindTranslation<RateLimitContent> = {
  check: (policy, context) => checkRateLimitPolicy(policy as RateLimitPolicy, context),
  place: (settings, id, source) => ({ rateLimit: { source, id, ...settings } }),
};

const client: PolicyKindTranslation<ClientContent> = {
  check: checkClientPolicy,
  place: (settings, id, source) => ({ client: { source, id, ...settings } }),
};

const backend: PolicyKindTranslation<BackendPolicyContent> = {
  check: checkBackendPolicy,
  place: (settings, id, source) => ({ backend: { source, id, ...settings } }),
};

const security: PolicyKindTranslation<SecurityContent> = {
  check: (policy, context) => checkSecurityPolicy(policy as SecurityPolicy, context),
  place: (settings, id, source) => ({ security: { source, id, ...settings } }),
  references: (policy) => securityPolicyReferences(policy as SecurityPolicy),
};

const observability: PolicyKindTranslation<ObservabilityContent> = {
  check: (policy) => checkObservabilityPolicy(policy as ObservabilityPolicy),
  // tracing keeps the id of the target it was set at (the tracer's precedence depends on it).
  place: (settings, id, source) => ({ observability: { source, id, ...settings, ...(settings.tracing ? { tracing: { ...settings.tracing, origin: id } } : {}) } }),
  merge: (specific, general) => ({ observability: { ...general.observability!, ...specific.observability! } }),
};

export const POLICY_TRANSLATIONS: Readonly<Record<PierPolicyKind, PolicyKindTranslation<unknown>>> = {
  RateLimitPolicy: rateLimit as PolicyKindTranslation<unknown>,
  ClientPolicy: client as PolicyKindTranslation<unknown>,
  BackendPolicy: backend as PolicyKindTranslation<unknown>,
  SecurityPolicy: security as PolicyKindTranslation<unknown>,
  ObservabilityPolicy: observability as PolicyKindTranslation<unknown>,
};
