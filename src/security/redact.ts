/**
 * Private keys travel only in SDS responses to the proxies that use them. Everything else Pier
 * prints (logs, admin API, `pier translate`, error messages) goes through these:
 * - structural redaction of the fields that hold keys (IR certificates, policy credentials, xDS Secrets), so the
 *   output keeps its shape with "[redacted]" in place of the key;
 * - a text filter, the net under everything: any PEM private key block, and any base64 run that
 *   decodes to one (a Kubernetes Secret's data), is replaced, whatever the surrounding format
 *   (plain, JSON-escaped, YAML block).
 */
import type { HTTPListener, PolicySettings, XdsIR } from '../ir/types';
import type { Secret, XdsResources } from '../xds/types';

export const REDACTED = '[redacted]';

/** A complete PEM private key block (PKCS#8, RSA, EC, encrypted...). */
const PEM_KEY_BLOCK = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g;
/** A block cut short (a truncated log line): the marker and the base64 body after it. */
const PEM_KEY_START = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[A-Za-z0-9+/=\s]|\\[nrt])*/g;
/** base64 of "-----BEGIN" at the start of a run: a base64-encoded PEM (Secret data). */
const BASE64_PEM = /LS0tLS1CRUdJTi[A-Za-z0-9+/]*={0,2}/g;

/** Replaces every private key in a text. Cheap when there is none (two substring checks). */
export function redactText(text: string): string {
  let out = text;
  if (out.includes('PRIVATE KEY')) {
    out = out.replace(PEM_KEY_BLOCK, REDACTED).replace(PEM_KEY_START, REDACTED);
  }
  if (out.includes('LS0tLS1CRUdJTi')) {
    out = out.replace(BASE64_PEM, (run) => (Buffer.from(run, 'base64').toString('latin1').includes('PRIVATE KEY') ? REDACTED : run));
  }
  return out;
}

/** Whether a text holds a private key redactText would remove. */
export function containsPrivateKey(text: string): boolean {
  return redactText(text) !== text;
}

/** The IR with every certificate's private key replaced. */
export function redactIR(ir: XdsIR): XdsIR {
  const redactCerts = <T extends { tls?: { certificates: { privateKey: string }[] } }>(l: T): T =>
    (l.tls ? { ...l, tls: { ...l.tls, certificates: l.tls.certificates.map((c) => ({ ...c, privateKey: REDACTED })) } } : l);
  const out: XdsIR = { ...ir, http: ir.http.map((l) => redactListenerPolicies(redactCerts(l))), tcp: ir.tcp.map(redactCerts) };
  if (ir.backendClientCertificate) out.backendClientCertificate = { ...ir.backendClientCertificate, privateKey: REDACTED };
  if (ir.backendCertificates) out.backendCertificates = ir.backendCertificates.map((c) => ({ ...c, privateKey: REDACTED }));
  return out;
}

/** Policy settings with their credentials (an OIDC client secret and HMAC key) replaced. */
export function redactPolicySettings(settings: PolicySettings): PolicySettings {
  const oidc = settings.security?.oidc;
  if (!oidc) return settings;
  return { ...settings, security: { ...settings.security!, oidc: { ...oidc, clientSecret: REDACTED, hmacSecret: REDACTED } } };
}

/** A listener with the credentials of its and its routes' policy settings replaced. */
function redactListenerPolicies(l: HTTPListener): HTTPListener {
  const hasCredentials = (p: PolicySettings | undefined): boolean => p !== undefined && redactPolicySettings(p) !== p;
  const routes = l.virtualHosts.some((vh) => vh.routes.some((r) => hasCredentials(r.policies)));
  if (!routes && !hasCredentials(l.policies)) return l;
  const out: HTTPListener = { ...l };
  if (l.policies) out.policies = redactPolicySettings(l.policies);
  if (routes) out.virtualHosts = l.virtualHosts.map((vh) => ({ ...vh, routes: vh.routes.map((r) => (r.policies ? { ...r, policies: redactPolicySettings(r.policies) } : r)) }));
  return out;
}

/** A Secret with its private key or generic secret (an OIDC client secret, an HMAC key) replaced (as Envoy's config_dump shows it). */
export function redactSecret(secret: Secret): Secret {
  if (secret.generic_secret) return { ...secret, generic_secret: { secret: { inline_string: REDACTED } } };
  const tls = secret.tls_certificate;
  if (!tls?.private_key) return secret;
  return { ...secret, tls_certificate: { ...tls, private_key: { inline_string: REDACTED } } };
}

/** A Gateway's xDS resources with every Secret's private key replaced. */
export function redactXdsResources(resources: XdsResources): XdsResources {
  return { ...resources, secrets: resources.secrets.map(redactSecret) };
}
