/**
 * BackendTLSPolicy (gateway.networking.k8s.io/v1): TLS from the proxy to a Service's pods.
 *
 * Resolved once per translation, before routes: each policy's CA references and hostname give
 * the upstream TLS settings (or the reason they cannot be used), and each target (a Service, or
 * one named port of it with sectionName) is claimed by the oldest policy (then by
 * namespace/name); the others are Conflicted on that target. A port with a sectionName policy
 * uses it over a policy for the whole Service.
 *
 * Backends to a port whose policy is not accepted (no usable CA, unsupported well-known CA set)
 * cannot be reached: connections using an invalid CA reference must fail, so their share is
 * invalid (HTTP 500) while the route itself stays valid (the problem is reported on the policy).
 *
 * Status: one ancestor per Gateway through which a route uses a targeted Service port (the
 * spec's "ancestorRef = the Gateway"), found while each Gateway's routes are placed
 * (backendtlsuse.ts) and put together by backendTLSStatuses.
 *
 * Only targets of group "" kind Service are read (the Extended support level); targetRefs of
 * other kinds are ignored. A policy with several targetRefs is supported; Conflicted is reported
 * when any of its targets is claimed by another policy, and it still applies to the targets it won.
 */
import { X509Certificate } from 'node:crypto';
import { CERTIFICATES_GROUP } from '../../apis/core';
import { GATEWAY_GROUP, type BackendTLSPolicy, type BackendTLSPolicyValidation, type ParentReference, type PolicyAncestorStatus } from '../../apis/gateway';
import type { SubjectAltNameMatch, UpstreamTLS } from '../../ir/types';
import type { ObjectStatus } from '../../message/resources';
import { ConditionType, PolicyReason } from '../model/conditions';
import { condition, joinMessages, verdict, type Verdict } from '../model/status';
import { caRefKind, readCARef, type CASource } from './carefs';

/** The key every conforming implementation reads the CA bundle from. */
export const CA_CERTIFICATE_KEY = 'ca.crt';
export const WELL_KNOWN_SYSTEM = 'System';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

/** One policy and what translation learned about it. */
export class BackendTLSPolicyState {
  readonly namespace: string;
  readonly name: string;
  /** Accepted before conflicts: the policy's own content. */
  accepted: Verdict = verdict(true, PolicyReason.Accepted, 'Policy is accepted');
  resolvedRefs: Verdict = verdict(true, PolicyReason.ResolvedRefs, 'All references are resolved');
  /** Set when accepted.ok. */
  tls: UpstreamTLS | undefined;
  /** Targets claimed by an older policy, described for the Conflicted message. */
  readonly lostTargets: string[] = [];

  constructor(readonly policy: BackendTLSPolicy) {
    this.namespace = policy.metadata.namespace ?? '';
    this.name = policy.metadata.name;
  }

  get generation(): number | undefined {
    return this.policy.metadata.generation;
  }

  /** The Accepted verdict as reported: a content problem first, then conflicts. */
  get reportedAccepted(): Verdict {
    if (!this.accepted.ok) return this.accepted;
    if (this.lostTargets.length > 0) {
      return verdict(false, PolicyReason.Conflicted, `another BackendTLSPolicy takes precedence for ${this.lostTargets.join(', ')}`);
    }
    return this.accepted;
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Policy precedence (GEP-713): older creationTimestamp first, then namespace/name. */
export function comparePolicies(a: Pick<BackendTLSPolicy, 'metadata'>, b: Pick<BackendTLSPolicy, 'metadata'>): number {
  return compareStrings(a.metadata.creationTimestamp ?? '', b.metadata.creationTimestamp ?? '')
    || compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '')
    || compareStrings(a.metadata.name, b.metadata.name);
}

function targetKey(namespace: string, service: string, sectionName: string | undefined): string {
  return `${namespace}/${service}/${sectionName ?? ''}`;
}

/**
 * The certificates of a PEM bundle, normalised; undefined when there is none or one does not
 * parse (Envoy would refuse the whole cluster). Parsing is pure: node:crypto on in-memory bytes.
 */
export function pemCertificates(text: string): string[] | undefined {
  const blocks = (text.match(PEM_CERTIFICATE) ?? []).map((block) => block.trim());
  if (blocks.length === 0) return undefined;
  try {
    for (const block of blocks) new X509Certificate(block);
  } catch {
    return undefined;
  }
  return blocks;
}

interface RefProblem {
  reason: string;
  message: string;
}

/**
 * The CA bundle of caCertificateRefs written in namespace: ConfigMaps there (key ca.crt) and
 * ClusterTrustBundles (cluster-scoped, by name).
 */
function resolveCACertificates(validation: BackendTLSPolicyValidation, namespace: string, source: CASource): { bundle: string[]; problems: RefProblem[] } {
  const bundle: string[] = [];
  const problems: RefProblem[] = [];
  for (const ref of validation.caCertificateRefs ?? []) {
    const group = ref.group ?? '';
    const kind = caRefKind(ref);
    if (!kind) {
      problems.push({ reason: PolicyReason.InvalidKind, message: `caCertificateRef ${ref.kind}${group ? `.${group}` : ''} ${ref.name}: only ConfigMaps (core group) and ClusterTrustBundles (${CERTIFICATES_GROUP}) are supported` });
      continue;
    }
    const read = readCARef(kind, namespace, ref.name, source);
    if (!read.ok) {
      problems.push({ reason: read.unavailable ? PolicyReason.InvalidKind : PolicyReason.InvalidCACertificateRef, message: `caCertificateRef ${read.message}` });
      continue;
    }
    bundle.push(...read.certificates);
  }
  return { bundle, problems };
}

function subjectAltNames(validation: BackendTLSPolicyValidation): SubjectAltNameMatch[] {
  return (validation.subjectAltNames ?? []).flatMap((san): SubjectAltNameMatch[] => {
    if (san.type === 'Hostname' && san.hostname) return [{ type: 'Hostname', value: san.hostname }];
    if (san.type === 'URI' && san.uri) return [{ type: 'URI', value: san.uri }];
    return [];
  });
}

/** What a validation block (BackendTLSPolicy's, XBackend's spec.tls) gives: verdicts, and the TLS settings when accepted. */
export interface ValidationResolution {
  accepted: Verdict;
  resolvedRefs: Verdict;
  tls?: UpstreamTLS;
}

/**
 * Upstream TLS from a validation block whose CA references are written in namespace: the
 * hostname as SNI, the subject alt names, and the CA bundle (or the system trust store).
 */
export function resolveValidation(validation: BackendTLSPolicyValidation, namespace: string, source: CASource): ValidationResolution {
  const out: ValidationResolution = {
    accepted: verdict(true, PolicyReason.Accepted, 'Policy is accepted'),
    resolvedRefs: verdict(true, PolicyReason.ResolvedRefs, 'All references are resolved'),
  };
  const sans = subjectAltNames(validation);
  const base: UpstreamTLS = { sni: validation.hostname };
  if (sans.length > 0) base.subjectAltNames = sans;
  const wellKnown = validation.wellKnownCACertificates;
  if (wellKnown !== undefined && wellKnown !== '') {
    if (wellKnown !== WELL_KNOWN_SYSTEM) {
      out.accepted = verdict(false, PolicyReason.Invalid, `wellKnownCACertificates "${wellKnown}" is not supported; use "${WELL_KNOWN_SYSTEM}" or caCertificateRefs`);
      return out;
    }
    out.tls = { ...base, useSystemTrustStore: true };
    return out;
  }
  const { bundle, problems } = resolveCACertificates(validation, namespace, source);
  if (problems.length > 0) {
    out.resolvedRefs = verdict(false, problems[0]!.reason, joinMessages(problems.map((p) => p.message)));
  }
  if (bundle.length === 0) {
    out.accepted = verdict(false, PolicyReason.NoValidCACertificate, problems.length > 0
      ? `no valid CA certificate: ${out.resolvedRefs.message}`
      : 'no CA certificate: set caCertificateRefs or wellKnownCACertificates');
    return out;
  }
  out.tls = { ...base, caCertificates: `${[...new Set(bundle)].join('\n')}\n` };
  return out;
}

/** Fills the state's verdicts and TLS settings from the policy's validation. */
function resolvePolicy(state: BackendTLSPolicyState, source: CASource): void {
  const resolved = resolveValidation(state.policy.spec.validation, state.namespace, source);
  state.accepted = resolved.accepted;
  state.resolvedRefs = resolved.resolvedRefs;
  state.tls = resolved.tls;
}

/** What applies to one Service port. */
export type BackendTLSResolution =
  | { kind: 'tls'; tls: UpstreamTLS }
  /** The policy that applies cannot be used: connections must fail. */
  | { kind: 'invalid'; message: string };

export class BackendTLSPolicies {
  readonly states: BackendTLSPolicyState[];
  /** Target key -> the policy that won it. */
  private readonly winners = new Map<string, BackendTLSPolicyState>();
  /** Target key -> every policy naming it (winner first). */
  private readonly claims = new Map<string, BackendTLSPolicyState[]>();

  constructor(policies: readonly BackendTLSPolicy[], source: CASource) {
    this.states = [...policies].sort(comparePolicies).map((p) => new BackendTLSPolicyState(p));
    for (const state of this.states) {
      resolvePolicy(state, source);
      for (const ref of state.policy.spec.targetRefs ?? []) {
        if ((ref.group ?? '') !== '' || ref.kind !== 'Service') continue;
        const key = targetKey(state.namespace, ref.name, ref.sectionName);
        const claimants = this.claims.get(key) ?? [];
        if (claimants.includes(state)) continue;
        claimants.push(state);
        this.claims.set(key, claimants);
        if (!this.winners.has(key)) this.winners.set(key, state);
        else state.lostTargets.push(`Service ${state.namespace}/${ref.name}${ref.sectionName ? ` port ${ref.sectionName}` : ''}`);
      }
    }
  }

  /** The policy for a Service port: one for that port's name first, else one for the whole Service. */
  private winnerFor(namespace: string, service: string, portName: string | undefined): BackendTLSPolicyState | undefined {
    return (portName ? this.winners.get(targetKey(namespace, service, portName)) : undefined)
      ?? this.winners.get(targetKey(namespace, service, undefined));
  }

  /** TLS (or failure) for a backend on a Service port; undefined when no policy targets it. */
  forPort(namespace: string, service: string, portName: string | undefined): BackendTLSResolution | undefined {
    const state = this.winnerFor(namespace, service, portName);
    if (!state) return undefined;
    if (state.accepted.ok && state.tls) return { kind: 'tls', tls: state.tls };
    return { kind: 'invalid', message: `BackendTLSPolicy ${state.namespace}/${state.name}: ${state.accepted.message}` };
  }

  /** Every policy naming a Service port (the whole Service, or that port by name): the ones a use of the port makes the Gateway an ancestor of. */
  claimantsOf(namespace: string, service: string, portName: string | undefined): BackendTLSPolicyState[] {
    const keys = [targetKey(namespace, service, undefined)];
    if (portName) keys.push(targetKey(namespace, service, portName));
    return keys.flatMap((k) => this.claims.get(k) ?? []);
  }
}

/** "<namespace>/<name>" of a policy. */
export function policyKey(state: { namespace: string; name: string }): string {
  return `${state.namespace}/${state.name}`;
}

/** A policy's ancestorRef to a Gateway ("<namespace>/<name>"). */
export function gatewayAncestorRef(gateway: string): ParentReference {
  const slash = gateway.indexOf('/');
  return { group: GATEWAY_GROUP, kind: 'Gateway', namespace: gateway.slice(0, slash), name: gateway.slice(slash + 1) };
}

/**
 * Statuses of the policies used through at least one Gateway of ours, sorted by namespace and
 * name. ancestorsOf gives, per policy key, the Gateways ("<namespace>/<name>") using it.
 */
export function backendTLSStatuses(
  policies: BackendTLSPolicies,
  ancestorsOf: (policy: string) => ReadonlySet<string> | undefined,
  controllerName: string,
): ObjectStatus[] {
  const out: ObjectStatus[] = [];
  for (const state of policies.states) {
    const gateways = ancestorsOf(policyKey(state));
    if (!gateways || gateways.size === 0) continue;
    const g = state.generation;
    const conditions = [
      condition(ConditionType.Accepted, state.reportedAccepted, g),
      condition(ConditionType.ResolvedRefs, state.resolvedRefs, g),
    ];
    const ancestors: PolicyAncestorStatus[] = [...gateways].sort().map((gw) => ({ ancestorRef: gatewayAncestorRef(gw), controllerName, conditions: conditions.map((c) => ({ ...c })) }));
    out.push({ kind: 'BackendTLSPolicy', namespace: state.namespace, name: state.name, status: { ancestors } });
  }
  return out.sort((a, b) => compareStrings(a.namespace ?? '', b.namespace ?? '') || compareStrings(a.name, b.name));
}
