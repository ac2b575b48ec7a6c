/**
 * SecurityPolicy spec.apiKeyAuth: API keys from Secrets (each data key a client id, its value
 * the key). Problems name the Secret and client id, never a key.
 */
import type { APIKeyAuth } from '../../apis/pier-security';
import type { APIKeyAuthSettings, APIKeyCredential, APIKeySource } from '../../ir/security-access';
import type { PolicyCheckContext } from './ratelimit';

/** Every entry of a Secret (base64 data, then stringData), decoded. */
function secretEntries(data: Record<string, string> | undefined, stringData: Record<string, string> | undefined): [string, string][] {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(data ?? {})) out.set(k, Buffer.from(v, 'base64').toString('utf8'));
  for (const [k, v] of Object.entries(stringData ?? {})) if (!out.has(k)) out.set(k, v);
  return [...out];
}

/** A key Envoy can compare with a header, query parameter or cookie value (visible ASCII). */
const USABLE_KEY = /^[\x21-\x7e]+$/;

export function apiKeyAuthSettings(apiKeyAuth: APIKeyAuth, namespace: string, context: PolicyCheckContext, problems: string[]): APIKeyAuthSettings | undefined {
  const before = problems.length;
  const byClient = new Map<string, APIKeyCredential>();
  const clientOfKey = new Map<string, string>();
  apiKeyAuth.credentialRefs.forEach((ref, i) => {
    const at = `spec.apiKeyAuth.credentialRefs[${i}]`;
    const secret = context.secret?.(namespace, ref.name);
    if (!secret) return void problems.push(`${at}: Secret ${namespace}/${ref.name} not found (ResolvedRefs)`);
    const entries = secretEntries(secret.data, secret.stringData);
    if (entries.length === 0) problems.push(`${at}: Secret ${namespace}/${ref.name} has no client`);
    for (const [client, key] of entries) {
      const where = `${at}: Secret ${namespace}/${ref.name} client ${client}`;
      if (byClient.has(client)) problems.push(`${where} is also in an earlier Secret`);
      else if (!USABLE_KEY.test(key)) problems.push(`${where}: the key must be visible ASCII characters without spaces`);
      else if (clientOfKey.has(key)) problems.push(`${where}: the same key as client ${clientOfKey.get(key)!}`);
      else {
        byClient.set(client, { client, key });
        clientOfKey.set(key, client);
      }
    }
  });
  const sources: APIKeySource[] = [];
  apiKeyAuth.extractFrom.forEach((e) => {
    for (const header of e.headers ?? []) sources.push({ header: header.toLowerCase() });
    for (const query of e.params ?? []) sources.push({ query });
    for (const cookie of e.cookies ?? []) sources.push({ cookie });
  });
  if (sources.length === 0) problems.push('spec.apiKeyAuth.extractFrom names no header, parameter or cookie');
  if (problems.length > before) return undefined;
  const credentials = [...byClient.values()].sort((a, b) => (a.client < b.client ? -1 : a.client > b.client ? 1 : 0));
  const out: APIKeyAuthSettings = { credentials, sources };
  if (apiKeyAuth.forwardClientIDHeader !== undefined) out.forwardClientIDHeader = apiKeyAuth.forwardClientIDHeader.toLowerCase();
  return out;
}
