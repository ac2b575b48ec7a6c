/**
 * Private keys travel only in SDS responses to the proxies that use them, and Secret-derived
 * credentials (SecurityPolicy htpasswd lines and API keys) only in the listener and route
 * configurations sent to them (an OIDC client secret and HMAC key only as SDS generic secrets).
 * Everything else Pier prints (logs, admin API, `pier translate`, error messages) goes through these:
 * - structural redaction of the fields that hold keys or credentials (IR certificates and
 *   security settings, xDS Secrets, the basic_auth filter's users, the api_key_auth filter's keys), so the output keeps its
 *   shape with "[redacted]" in place of the secret;
 * - a text filter, the net under everything: any PEM private key block, and any base64 run that
 *   decodes to one (a Kubernetes Secret's data), is replaced, whatever the surrounding format
 *   (plain, JSON-escaped, YAML block).
 */
import type { HTTPListener, PolicySettings, XdsIR } from '../ir/types';
import type { SecuritySettings } from '../ir/security';
import type { Secret, XdsResources } from '../xds/types';

export const REDACTED = '[redacted]';

/** A complete PEM private key block (PKCS#8, RSA, EC, encrypted...). */
const PEM_KEY_BLOCK = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g;
/** A block cut short (a truncated log line): the marker and the base64 body after it. */
const PEM_KEY_START = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[A-Za-z0-9+/=\s]|\\[nrt])*/g;
/** base64 of "-----BEGIN" at the start of a run: a base64-encoded PEM (Secret data). */
const BASE64_PEM = /LS0tLS1CRUdJTi[A-Za-z0-9+/]*={0,2}/g;

/** An htpasswd SHA hash ("{SHA}" and 28 base64 characters), as htpasswd -s writes it. */
const HTPASSWD_SHA = /\{SHA\}[A-Za-z0-9+/]{27}=/g;

/** Replaces every private key and htpasswd hash in a text. Cheap when there is none (three substring checks). */
export function redactText(text: string): string {
  let out = text;
  if (out.includes('{SHA}')) out = out.replace(HTPASSWD_SHA, REDACTED);
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

/** Security settings with their Secret-derived credentials replaced (htpasswd lines, API keys, an OIDC client secret and HMAC key). */
export function redactSecuritySettings(settings: SecuritySettings): SecuritySettings {
  if (!settings.basicAuth && !settings.apiKeyAuth && !settings.oidc) return settings;
  const out = { ...settings };
  if (settings.basicAuth) out.basicAuth = { ...settings.basicAuth, htpasswd: REDACTED };
  if (settings.apiKeyAuth) out.apiKeyAuth = { ...settings.apiKeyAuth, credentials: settings.apiKeyAuth.credentials.map((c) => ({ ...c, key: REDACTED })) };
  if (settings.oidc) out.oidc = { ...settings.oidc, clientSecret: REDACTED, hmacSecret: REDACTED };
  return out;
}

/** Policy settings (a listener's or a route's) with their credentials replaced. */
export function redactPolicySettings<T extends PolicySettings | undefined>(policies: T): T {
  if (!policies?.security) return policies;
  const security = redactSecuritySettings(policies.security);
  return security === policies.security ? policies : { ...policies, security };
}

/** The IR with every certificate's private key and every policy credential replaced. */
export function redactIR(ir: XdsIR): XdsIR {
  const redactCerts = <T extends { tls?: { certificates: { privateKey: string }[] } }>(l: T): T =>
    (l.tls ? { ...l, tls: { ...l.tls, certificates: l.tls.certificates.map((c) => ({ ...c, privateKey: REDACTED })) } } : l);
  const out: XdsIR = { ...ir, http: ir.http.map((l) => redactListenerPolicies(redactCerts(l))), tcp: ir.tcp.map(redactCerts) };
  if (ir.backendClientCertificate) out.backendClientCertificate = { ...ir.backendClientCertificate, privateKey: REDACTED };
  if (ir.backendCertificates) out.backendCertificates = ir.backendCertificates.map((c) => ({ ...c, privateKey: REDACTED }));
  return out;
}

/** A listener with the credentials of its and its routes' policy settings replaced. */
function redactListenerPolicies(l: HTTPListener): HTTPListener {
  const hasCredentials = (p: PolicySettings | undefined): boolean => redactPolicySettings(p) !== p;
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

/**
 * Filter configurations (by `@type`) holding Secret-derived credentials, and how each is
 * redacted. Envoy marks these fields sensitive and its own config_dump hides them too.
 */
const CREDENTIAL_CONFIGS: Readonly<Record<string, (config: Record<string, unknown>) => Record<string, unknown>>> = {
  'type.googleapis.com/envoy.extensions.filters.http.basic_auth.v3.BasicAuth': (c) => ({ ...c, users: { inline_string: REDACTED } }),
  'type.googleapis.com/envoy.extensions.filters.http.basic_auth.v3.BasicAuthPerRoute': (c) => ({ ...c, users: { inline_string: REDACTED } }),
  'type.googleapis.com/envoy.extensions.filters.http.api_key_auth.v3.ApiKeyAuth': redactApiKeys,
  'type.googleapis.com/envoy.extensions.filters.http.api_key_auth.v3.ApiKeyAuthPerRoute': redactApiKeys,
};

function redactApiKeys(config: Record<string, unknown>): Record<string, unknown> {
  const credentials = config.credentials as { key?: string; client?: string }[] | undefined;
  return credentials ? { ...config, credentials: credentials.map((c) => ({ ...c, key: REDACTED })) } : config;
}

/** A value (an xDS resource, or part of one) with every credential config in it redacted; the same object when it has none. */
export function redactCredentialConfigs<T>(value: T): T {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = redactCredentialConfigs(v);
      if (r !== v) changed = true;
      return r;
    });
    return (changed ? out : value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(record)) {
    const r = redactCredentialConfigs(v);
    if (r !== v) (out ??= { ...record })[k] = r;
  }
  const type = record['@type'];
  const redact = typeof type === 'string' ? CREDENTIAL_CONFIGS[type] : undefined;
  return (redact ? redact(out ?? record) : out ?? record) as T;
}

/** A Gateway's xDS resources with every Secret's private key and every filter credential replaced. */
export function redactXdsResources(resources: XdsResources): XdsResources {
  return { ...resources, secrets: resources.secrets.map(redactSecret), listeners: redactCredentialConfigs(resources.listeners), routes: redactCredentialConfigs(resources.routes) };
}
