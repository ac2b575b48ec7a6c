/**
 * SecurityPolicy content as the IR's security settings. References are resolved here, in the
 * policy's namespace: a JWKS Secret, a CA bundle ConfigMap or Secret. A reference that does not
 * resolve, or a value Envoy could not use (a JWKS without keys, a CA without certificates),
 * makes the policy Invalid, the message naming the field (and ResolvedRefs for a missing object).
 */
import type { SecurityPolicy, JWTProvider, SecurityObjectReference } from '../../apis/pier-security';
import type { JWTProviderSettings, JWTSettings, SecuritySettings } from '../../ir/security';
import { PolicyReason } from '../model/conditions';
import { joinMessages, verdict, type Verdict } from '../model/status';
import { pemCertificates } from '../backends/backendtls';
import { ACCEPTED } from './attachment';
import type { PolicyCheckContext } from './ratelimit';
import { oidcReferences, oidcSettings } from './security-oidc';

/** What a SecurityPolicy asks for, before it is placed at a target. */
export type SecurityContent = Omit<SecuritySettings, 'source' | 'id'>;

const DEFAULT_JWKS_KEY = 'jwks';
const DEFAULT_CA_KEY = 'ca.crt';
const DEFAULT_JWKS_CACHE_SECONDS = 300;

/** The text under a key of a Secret (base64 data, or stringData) or ConfigMap, or why there is none. */
export function referencedValue(context: PolicyCheckContext, namespace: string, ref: SecurityObjectReference, kind: 'Secret' | 'ConfigMap', key: string): { value: string } | { problem: string } {
  if (kind === 'Secret') {
    const secret = context.secret?.(namespace, ref.name);
    if (!secret) return { problem: `Secret ${namespace}/${ref.name} not found (ResolvedRefs)` };
    const encoded = secret.data?.[key];
    const value = encoded !== undefined ? Buffer.from(encoded, 'base64').toString('utf8') : secret.stringData?.[key];
    return value ? { value } : { problem: `Secret ${namespace}/${ref.name} has no key ${key} (ResolvedRefs)` };
  }
  const map = context.configMap?.(namespace, ref.name);
  if (!map) return { problem: `ConfigMap ${namespace}/${ref.name} not found (ResolvedRefs)` };
  const value = map.data?.[key];
  return value ? { value } : { problem: `ConfigMap ${namespace}/${ref.name} has no key ${key} (ResolvedRefs)` };
}

/** Whether a JWKS document has keys Envoy can load (it refuses the listener otherwise). Says why not. */
function jwksProblem(text: string): string | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  const keys = (doc as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || keys.length === 0) return 'has no keys';
  // A JWK with private members is a private key: verifying needs only the public part, and what
  // is loaded here shows in the IR, the xDS resources and /policies, where no private key may go.
  if (keys.some((k) => typeof k === 'object' && k !== null && PRIVATE_JWK_MEMBERS.some((m) => m in k))) return 'holds a private key (a JWK with private members such as "d"); give only the public keys';
  return undefined;
}

/** The JWK members that carry private key material (RFC 7518 §6.2.2, §6.3.2, §6.4; RFC 8037 §2). */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function provider(p: JWTProvider, at: string, namespace: string, context: PolicyCheckContext, problems: string[]): JWTProviderSettings | undefined {
  const before = problems.length;
  const out: JWTProviderSettings = {
    name: p.name,
    audiences: p.audiences ?? [],
    claimToHeaders: (p.claimToHeaders ?? []).map((c) => ({ claim: c.claim, header: c.header.toLowerCase() })),
    headers: (p.extractFrom?.headers ?? []).map((h) => (h.valuePrefix === undefined ? { name: h.name.toLowerCase() } : { name: h.name.toLowerCase(), valuePrefix: h.valuePrefix })),
    params: p.extractFrom?.params ?? [],
  };
  if (p.issuer !== undefined) out.issuer = p.issuer;
  if ((p.remoteJWKS === undefined) === (p.localJWKS === undefined)) problems.push(`${at}: exactly one of remoteJWKS and localJWKS must be set`);
  if (p.remoteJWKS) {
    let url: URL | undefined;
    try {
      url = new URL(p.remoteJWKS.uri);
    } catch {
      problems.push(`${at}.remoteJWKS.uri ${JSON.stringify(p.remoteJWKS.uri)} is not a URL`);
    }
    if (url && url.protocol !== 'https:') problems.push(`${at}.remoteJWKS.uri must be https`);
    if (url && url.protocol === 'https:') {
      const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      out.remoteJWKS = { uri: p.remoteJWKS.uri, host, port: url.port === '' ? 443 : Number(url.port), cacheDurationSeconds: p.remoteJWKS.cacheDurationSeconds ?? DEFAULT_JWKS_CACHE_SECONDS };
      const ref = p.remoteJWKS.caCertificateRef;
      if (ref) {
        const found = referencedValue(context, namespace, ref, ref.kind ?? 'ConfigMap', ref.key ?? DEFAULT_CA_KEY);
        if ('problem' in found) problems.push(`${at}.remoteJWKS.caCertificateRef: ${found.problem}`);
        else {
          const certs = pemCertificates(found.value);
          if (!certs) problems.push(`${at}.remoteJWKS.caCertificateRef: ${ref.kind ?? 'ConfigMap'} ${namespace}/${ref.name} key ${ref.key ?? DEFAULT_CA_KEY} holds no PEM certificate`);
          else out.remoteJWKS.caCertificates = `${certs.join('\n')}\n`;
        }
      }
    }
  }
  if (p.localJWKS) {
    const ref = p.localJWKS.secretRef;
    const key = ref.key ?? DEFAULT_JWKS_KEY;
    const found = referencedValue(context, namespace, ref, 'Secret', key);
    if ('problem' in found) problems.push(`${at}.localJWKS.secretRef: ${found.problem}`);
    else {
      const why = jwksProblem(found.value);
      if (why) problems.push(`${at}.localJWKS.secretRef: Secret ${namespace}/${ref.name} key ${key} ${why}`);
      else out.localJWKS = found.value;
    }
  }
  return problems.length > before ? undefined : out;
}

function jwtSettings(policy: SecurityPolicy, context: PolicyCheckContext, problems: string[]): JWTSettings | undefined {
  const jwt = policy.spec.jwt;
  if (!jwt) return undefined;
  const namespace = policy.metadata.namespace ?? '';
  const names = new Set<string>();
  const providers = jwt.providers.map((p, i) => {
    if (names.has(p.name)) problems.push(`spec.jwt.providers[${i}].name ${p.name} is used twice`);
    names.add(p.name);
    return provider(p, `spec.jwt.providers[${i}]`, namespace, context, problems);
  });
  if (providers.length === 0) problems.push('spec.jwt.providers must not be empty');
  return providers.every((p) => p !== undefined) ? { providers: providers as JWTProviderSettings[], optional: jwt.optional ?? false } : undefined;
}

export function checkSecurityPolicy(policy: SecurityPolicy, context: PolicyCheckContext): { content: Verdict; settings?: SecurityContent } {
  const problems: string[] = [];
  const content: SecurityContent = {};
  const jwt = jwtSettings(policy, context, problems);
  if (jwt) content.jwt = jwt;
  const oidc = oidcSettings(policy, context, problems);
  if (oidc) content.oidc = oidc;
  if (!policy.spec.jwt && !policy.spec.oidc) problems.push('one of spec.jwt and spec.oidc must be set');
  if (problems.length > 0) return { content: verdict(false, PolicyReason.Invalid, joinMessages(problems)) };
  return { content: ACCEPTED, settings: content };
}

/** The Secrets and ConfigMaps a policy reads (its check must run again when one changes). */
export function securityPolicyReferences(policy: SecurityPolicy): { kind: 'Secret' | 'ConfigMap'; name: string }[] {
  const out: { kind: 'Secret' | 'ConfigMap'; name: string }[] = [];
  for (const p of policy.spec.jwt?.providers ?? []) {
    if (p.localJWKS) out.push({ kind: 'Secret', name: p.localJWKS.secretRef.name });
    const ca = p.remoteJWKS?.caCertificateRef;
    if (ca) out.push({ kind: ca.kind ?? 'ConfigMap', name: ca.name });
  }
  out.push(...oidcReferences(policy));
  return out;
}
