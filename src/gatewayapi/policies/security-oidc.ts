/**
 * SecurityPolicy spec.oidc as the IR's OIDC settings. The client secret comes from a Secret of
 * the policy's namespace and the token endpoint's CA bundle from a ConfigMap or Secret, as for
 * JWT; what does not resolve, or that the proxies could not use, makes the policy Invalid, the
 * message naming the field (never a secret's value).
 *
 * The HMAC key that signs the proxies' session cookies is derived here (HKDF-SHA256 of the
 * client secret, with the policy's namespace and name): every Pier replica and every restart
 * derives the same key, so sessions survive both, and the user keeps no second secret. Rotating
 * the client secret rotates the key (users log in again).
 */
import { createHash, hkdfSync } from 'node:crypto';
import type { SecurityPolicy } from '../../apis/pier-security';
import type { OIDCAuthentication } from '../../apis/pier-security-oidc';
import type { OIDCCookieNameSettings, OIDCSettings, OIDCTokenEndpoint } from '../../ir/security-oidc';
import { pemCertificates } from '../backends/backendtls';
import type { PolicyCheckContext } from './ratelimit';
import { referencedValue } from './security';

const DEFAULT_CLIENT_SECRET_KEY = 'client-secret';
const DEFAULT_CA_KEY = 'ca.crt';
const DEFAULT_REDIRECT_PATH = '/oauth2/callback';
const DEFAULT_LOGOUT_PATH = '/logout';
/** The request's own scheme and host, in Envoy's header formatters: the browser comes back where it left. */
const SAME_ORIGIN = '%REQ(x-forwarded-proto)%://%REQ(:authority)%';
const HMAC_KEY_BYTES = 32;
const HMAC_KEY_SALT = 'gateway.pier.dev/SecurityPolicy/oidc/hmac';

/** A URL of one of the schemes, or why not. */
function parseURL(value: string, at: string, schemes: string[], problems: string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${at} ${JSON.stringify(value)} is not a URL`);
    return undefined;
  }
  if (!schemes.includes(url.protocol.slice(0, -1))) {
    problems.push(`${at} must be ${schemes.join(' or ')}`);
    return undefined;
  }
  return url;
}

function tokenEndpoint(oidc: OIDCAuthentication, namespace: string, context: PolicyCheckContext, problems: string[]): OIDCTokenEndpoint | undefined {
  const url = parseURL(oidc.provider.tokenEndpoint, 'spec.oidc.provider.tokenEndpoint', ['https'], problems);
  if (!url) return undefined;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const out: OIDCTokenEndpoint = { uri: url.href, host, port: url.port === '' ? 443 : Number(url.port) };
  const ref = oidc.provider.caCertificateRef;
  if (!ref) return out;
  const kind = ref.kind ?? 'ConfigMap';
  const key = ref.key ?? DEFAULT_CA_KEY;
  const found = referencedValue(context, namespace, ref, kind, key);
  if ('problem' in found) {
    problems.push(`spec.oidc.provider.caCertificateRef: ${found.problem}`);
    return undefined;
  }
  const certs = pemCertificates(found.value);
  if (!certs) {
    problems.push(`spec.oidc.provider.caCertificateRef: ${kind} ${namespace}/${ref.name} key ${key} holds no PEM certificate`);
    return undefined;
  }
  return { ...out, caCertificates: `${certs.join('\n')}\n` };
}

/** Envoy's cookie names, suffixed with the policy's hash unless the user names them. */
function cookieNames(oidc: OIDCAuthentication, policyKey: string): OIDCCookieNameSettings {
  const suffix = createHash('sha256').update(policyKey).digest('hex').slice(0, 8);
  return {
    accessToken: oidc.cookieNames?.accessToken ?? `BearerToken-${suffix}`,
    idToken: oidc.cookieNames?.idToken ?? `IdToken-${suffix}`,
    hmac: `OauthHMAC-${suffix}`,
    expires: `OauthExpires-${suffix}`,
    refreshToken: `RefreshToken-${suffix}`,
    nonce: `OauthNonce-${suffix}`,
    codeVerifier: `CodeVerifier-${suffix}`,
  };
}

/** The key that signs a policy's session cookies (see the module's comment). */
export function derivedHmacSecret(clientSecret: string, policyKey: string): string {
  return Buffer.from(hkdfSync('sha256', clientSecret, HMAC_KEY_SALT, policyKey, HMAC_KEY_BYTES)).toString('base64');
}

export function oidcSettings(policy: SecurityPolicy, context: PolicyCheckContext, problems: string[]): OIDCSettings | undefined {
  const oidc = policy.spec.oidc;
  if (!oidc) return undefined;
  const before = problems.length;
  const namespace = policy.metadata.namespace ?? '';
  const policyKey = `${namespace}/${policy.metadata.name}`;

  parseURL(oidc.provider.authorizationEndpoint, 'spec.oidc.provider.authorizationEndpoint', ['https', 'http'], problems);
  if (oidc.provider.endSessionEndpoint !== undefined) parseURL(oidc.provider.endSessionEndpoint, 'spec.oidc.provider.endSessionEndpoint', ['https', 'http'], problems);
  const token = tokenEndpoint(oidc, namespace, context, problems);

  const secretKey = oidc.clientSecretRef.key ?? DEFAULT_CLIENT_SECRET_KEY;
  const secret = referencedValue(context, namespace, oidc.clientSecretRef, 'Secret', secretKey);
  if ('problem' in secret) problems.push(`spec.oidc.clientSecretRef: ${secret.problem}`);

  let redirectURL = `${SAME_ORIGIN}${DEFAULT_REDIRECT_PATH}`;
  let redirectPath = DEFAULT_REDIRECT_PATH;
  if (oidc.redirectURL !== undefined) {
    const url = parseURL(oidc.redirectURL, 'spec.oidc.redirectURL', ['https', 'http'], problems);
    if (url && (url.search !== '' || url.hash !== '')) problems.push('spec.oidc.redirectURL must have no query or fragment');
    if (url) {
      redirectURL = oidc.redirectURL;
      redirectPath = url.pathname;
    }
  }
  const logoutPath = oidc.logoutPath ?? DEFAULT_LOGOUT_PATH;
  if (logoutPath === redirectPath) problems.push(`spec.oidc.logoutPath ${logoutPath} is the redirect path`);
  const forwardIDTokenHeader = oidc.forwardIDTokenHeader?.toLowerCase();
  if (forwardIDTokenHeader === 'authorization' && oidc.forwardAccessToken) problems.push('spec.oidc.forwardIDTokenHeader cannot be Authorization when forwardAccessToken is set');
  const names = cookieNames(oidc, policyKey);
  if (names.accessToken === names.idToken) problems.push('spec.oidc.cookieNames.accessToken and idToken must differ');

  if (problems.length > before || !token || 'problem' in secret) return undefined;
  const out: OIDCSettings = {
    authorizationEndpoint: oidc.provider.authorizationEndpoint,
    tokenEndpoint: token,
    clientID: oidc.clientID,
    clientSecret: secret.value,
    hmacSecret: derivedHmacSecret(secret.value, policyKey),
    clientAuthentication: oidc.clientAuthentication ?? 'ClientSecretBasic',
    redirectURL,
    redirectPath,
    logoutPath,
    scopes: ['openid', ...(oidc.scopes ?? []).filter((s) => s !== 'openid')],
    resources: oidc.resources ?? [],
    cookieNames: names,
    forwardAccessToken: oidc.forwardAccessToken ?? false,
    refreshToken: oidc.refreshToken ?? true,
    secretsName: policyKey,
  };
  if (oidc.provider.endSessionEndpoint !== undefined) out.endSessionEndpoint = oidc.provider.endSessionEndpoint;
  if (oidc.cookieDomain !== undefined) out.cookieDomain = oidc.cookieDomain;
  if (forwardIDTokenHeader !== undefined) out.forwardIDTokenHeader = forwardIDTokenHeader;
  return out;
}

/** The Secrets and ConfigMaps spec.oidc reads. */
export function oidcReferences(policy: SecurityPolicy): { kind: 'Secret' | 'ConfigMap'; name: string }[] {
  const oidc = policy.spec.oidc;
  if (!oidc) return [];
  const out: { kind: 'Secret' | 'ConfigMap'; name: string }[] = [{ kind: 'Secret', name: oidc.clientSecretRef.name }];
  const ca = oidc.provider.caCertificateRef;
  if (ca) out.push({ kind: ca.kind ?? 'ConfigMap', name: ca.name });
  return out;
}
