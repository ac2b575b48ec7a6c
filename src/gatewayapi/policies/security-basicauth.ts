/**
 * SecurityPolicy spec.basicAuth: the htpasswd Secret, checked line by line the way Envoy's
 * basic_auth filter reads it (Envoy 1.40 takes only "{SHA}" hashes and refuses the whole
 * listener for any other line, bcrypt included). Problems name the line number, never its
 * content: the lines are credentials.
 */
import type { BasicAuth } from '../../apis/pier-security';
import type { BasicAuthSettings } from '../../ir/security-access';
import type { PolicyCheckContext } from './ratelimit';
import { referencedValue } from './security';

const DEFAULT_HTPASSWD_KEY = '.htpasswd';
/** "{SHA}" then the base64 of a 20-byte SHA-1 digest (28 characters), as `htpasswd -s` writes it. */
const SHA_HASH = /^\{SHA\}[A-Za-z0-9+/]{27}=$/;

/** Why an htpasswd line cannot be used, or undefined (the line is not quoted: it is a credential). */
function lineProblem(line: string): string | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0 || colon === line.length - 1) return 'is not "user:hash"';
  const hash = line.slice(colon + 1);
  if (!hash.startsWith('{SHA}')) {
    const scheme = hash.startsWith('$2') ? 'bcrypt' : hash.startsWith('$apr1$') ? 'MD5 (apr1)' : hash.startsWith('$') ? 'crypt' : 'plain text or crypt';
    return `has a ${scheme} hash; Envoy's basic_auth filter accepts only {SHA} hashes (htpasswd -s)`;
  }
  if (!SHA_HASH.test(hash)) return 'has a {SHA} hash that is not 28 base64 characters';
  return undefined;
}

/**
 * The Secret's htpasswd lines, normalized for Envoy (no blank lines, comments or carriage
 * returns), or undefined with the problems added.
 */
export function basicAuthSettings(basicAuth: BasicAuth, namespace: string, context: PolicyCheckContext, problems: string[]): BasicAuthSettings | undefined {
  const at = 'spec.basicAuth.users';
  const key = basicAuth.users.key ?? DEFAULT_HTPASSWD_KEY;
  const found = referencedValue(context, namespace, basicAuth.users, 'Secret', key);
  if ('problem' in found) {
    problems.push(`${at}: ${found.problem}`);
    return undefined;
  }
  const before = problems.length;
  const users = new Map<string, number>();
  const lines: string[] = [];
  found.value.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) return;
    const where = `${at}: Secret ${namespace}/${basicAuth.users.name} key ${key} line ${i + 1}`;
    const why = lineProblem(line);
    if (why) return void problems.push(`${where} ${why}`);
    const user = line.slice(0, line.indexOf(':'));
    const first = users.get(user);
    if (first !== undefined) return void problems.push(`${where} repeats the user of line ${first}`);
    users.set(user, i + 1);
    lines.push(line);
  });
  if (problems.length > before) return undefined;
  if (lines.length === 0) {
    problems.push(`${at}: Secret ${namespace}/${basicAuth.users.name} key ${key} has no htpasswd line`);
    return undefined;
  }
  const out: BasicAuthSettings = { htpasswd: lines.join('\n') };
  if (basicAuth.forwardUsernameHeader !== undefined) out.forwardUsernameHeader = basicAuth.forwardUsernameHeader.toLowerCase();
  return out;
}
