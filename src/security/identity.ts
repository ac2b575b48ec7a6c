/**
 * Who is on the other end of an xDS connection. A proxy's client certificate names exactly one
 * Gateway with a URI SAN "spiffe://pier.dev/gateway/<namespace>/<name>"; Pier's serving
 * certificate carries "spiffe://pier.dev/xds-server", which proxies check.
 */

export const TRUST_DOMAIN = 'pier.dev';
export const XDS_SERVER_URI = `spiffe://${TRUST_DOMAIN}/xds-server`;
const GATEWAY_URI_PREFIX = `spiffe://${TRUST_DOMAIN}/gateway/`;

/** Kubernetes namespace: an RFC 1123 label. */
const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Kubernetes object name: an RFC 1123 subdomain. */
const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Why "<namespace>/<name>" is not a Gateway key, or undefined when it is one. */
export function gatewayKeyProblem(gateway: string): string | undefined {
  const parts = gateway.split('/');
  if (parts.length !== 2) return `"${gateway}" is not <namespace>/<name>`;
  const [namespace, name] = parts as [string, string];
  if (namespace.length > 63 || !NAMESPACE.test(namespace)) return `"${namespace}" is not a valid namespace`;
  if (name.length > 253 || !NAME.test(name)) return `"${name}" is not a valid Gateway name`;
  return undefined;
}

/** The URI SAN of the proxy certificate for a Gateway ("<namespace>/<name>"). */
export function gatewayIdentityUri(gateway: string): string {
  const problem = gatewayKeyProblem(gateway);
  if (problem) throw new Error(`cannot name a Gateway identity: ${problem}`);
  return `${GATEWAY_URI_PREFIX}${gateway}`;
}

/** The Gateway a URI SAN names, or undefined when it names none. */
export function gatewayOfUri(uri: string): string | undefined {
  if (!uri.startsWith(GATEWAY_URI_PREFIX)) return undefined;
  const gateway = uri.slice(GATEWAY_URI_PREFIX.length);
  return gatewayKeyProblem(gateway) === undefined ? gateway : undefined;
}

/**
 * The URIs of a certificate's subjectAltName as node prints it ("DNS:a, URI:spiffe://..., IP
 * Address:127.0.0.1"). Entries with special characters come JSON-quoted; those are never
 * Gateway identities (see gatewayKeyProblem), so they are skipped.
 */
export function urisOfSubjectAltName(subjectAltName: string | undefined): string[] {
  if (!subjectAltName) return [];
  return subjectAltName.split(', ').filter((e) => e.startsWith('URI:')).map((e) => e.slice(4));
}

/** The Gateway a certificate names, given its subjectAltName; undefined unless exactly one. */
export function gatewayOfCertificate(subjectAltName: string | undefined): { gateway?: string; uris: string[] } {
  const uris = urisOfSubjectAltName(subjectAltName);
  const gateways = [...new Set(uris.map(gatewayOfUri).filter((g): g is string => g !== undefined))];
  return gateways.length === 1 ? { gateway: gateways[0], uris } : { uris };
}

/** File-name form of a Gateway key: "default/quickstart" -> "default_quickstart" ("_" is never in a key). */
export function gatewayFileStem(gateway: string): string {
  const problem = gatewayKeyProblem(gateway);
  if (problem) throw new Error(problem);
  return gateway.replace('/', '_');
}
