/** SecurityPolicy basic auth, API key and authorization checks: htpasswd lines as Envoy reads them, keys and rules resolved. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { checkSecurityPolicy } from '../../../src/gatewayapi/policies/security';
import type { SecurityPolicy, SecurityPolicySpec } from '../../../src/apis/pier-security';
import type { Secret } from '../../../src/apis/core';

const sha = (password: string): string => `{SHA}${createHash('sha1').update(password).digest('base64')}`;

function policy(spec: Partial<SecurityPolicySpec>): SecurityPolicy {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name: 'p', namespace: 'default' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge' }], ...spec },
  };
}

const withHtpasswd = (text: string) => ({
  rateLimitService: false,
  secret: (_ns: string, name: string): Secret | undefined => (name === 'users'
    ? { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default' }, data: { '.htpasswd': Buffer.from(text).toString('base64') } } as Secret
    : undefined),
});

const basic = policy({ basicAuth: { users: { name: 'users' }, forwardUsernameHeader: 'X-User' } });

test('htpasswd: SHA lines are kept, comments, blank lines and carriage returns dropped; the header is lower-cased', () => {
  const out = checkSecurityPolicy(basic, withHtpasswd(`# team\r\nalice:${sha('a')}\r\n\r\nbob:${sha('b')}\n`));
  assert.deepEqual(out.settings?.basicAuth, { htpasswd: `alice:${sha('a')}\nbob:${sha('b')}`, forwardUsernameHeader: 'x-user' });
});

test('htpasswd: a line Envoy refuses makes the policy Invalid, naming its line number and never its content', () => {
  const cases: [string, RegExp][] = [
    ['carol:$2y$05$pthxvn2t8b9rF9gF1FhvrutHKik/goGxVx5cOZ2fcXwrJ5Nwz5r', /line 2 has a bcrypt hash; Envoy's basic_auth filter accepts only \{SHA\} hashes/],
    ['carol:$apr1$Secr3tSa$lt6Zc0Hk2Y9.3xk8sC9w1/', /line 2 has a MD5 \(apr1\) hash/],
    ['carol:plain-password', /line 2 has a plain text or crypt hash/],
    ['carol:{SHA}c2hvcnQ=', /line 2 has a \{SHA\} hash that is not 28 base64 characters/],
    ['carol-without-hash', /line 2 is not "user:hash"/],
    [`alice:${sha('other')}`, /line 2 repeats the user of line 1/],
  ];
  for (const [line, expected] of cases) {
    const out = checkSecurityPolicy(basic, withHtpasswd(`alice:${sha('a')}\n${line}\n`));
    assert.equal(out.settings, undefined, line);
    const message = out.content.message;
    assert.match(message, /spec\.basicAuth\.users: Secret default\/users key \.htpasswd /);
    assert.match(message, expected);
    const secretPart = line.slice(line.indexOf(':') + 1);
    assert.ok(!message.includes('carol') && !message.includes(secretPart || line), `${line}: ${message}`);
    assert.ok(!message.includes(sha('a')), message);
  }
});

test('htpasswd: a missing Secret or key, or no line at all, is Invalid', () => {
  assert.match(checkSecurityPolicy(policy({ basicAuth: { users: { name: 'nope' } } }), withHtpasswd('')).content.message, /spec\.basicAuth\.users: Secret default\/nope not found \(ResolvedRefs\)/);
  assert.match(checkSecurityPolicy(policy({ basicAuth: { users: { name: 'users', key: 'other' } } }), withHtpasswd('x')).content.message, /has no key other/);
  assert.match(checkSecurityPolicy(basic, withHtpasswd('# only a comment\n')).content.message, /has no htpasswd line/);
});

test('authorization: CIDRs masked to their network, claim names split at dots, default Deny', () => {
  const out = checkSecurityPolicy(policy({
    jwt: { providers: [{ name: 'a', remoteJWKS: { uri: 'https://idp.example.com/jwks' } }] },
    authorization: { rules: [{ action: 'Allow', principal: { clientCIDRs: ['10.1.2.3/8'], jwt: { claims: [{ name: 'realm.role', values: ['admin'] }] } } }] },
  }), withHtpasswd(''));
  assert.deepEqual(out.settings?.authorization, {
    defaultAction: 'Deny',
    rules: [{ name: 'rule-0', action: 'Allow', clientCIDRs: [{ address: '10.0.0.0', prefixLength: 8 }], claims: [{ path: ['realm', 'role'], values: ['admin'] }] }],
  });
});

test('authorization: a bad CIDR, a claim rule without spec.jwt, an empty principal, a repeated name are Invalid', () => {
  const message = (authorization: SecurityPolicySpec['authorization']): string => checkSecurityPolicy(policy({ authorization }), withHtpasswd('')).content.message;
  assert.match(message({ rules: [{ action: 'Allow', principal: { clientCIDRs: ['10.0.0.300/8'] } }] }), /spec\.authorization\.rules\[0\]\.principal\.clientCIDRs\[0\]: "10\.0\.0\.300\/8" is not a CIDR/);
  assert.match(message({ rules: [{ action: 'Allow', principal: { jwt: { claims: [{ name: 'sub', values: ['x'] }] } } }] }), /spec\.authorization\.rules\[0\]\.principal\.jwt needs spec\.jwt/);
  assert.match(message({ rules: [{ action: 'Allow', principal: {} }] }), /spec\.authorization\.rules\[0\]\.principal must set clientCIDRs or jwt/);
  assert.match(message({ rules: [{ name: 'a', action: 'Allow', principal: { clientCIDRs: ['10.0.0.0/8'] } }, { name: 'a', action: 'Deny', principal: { clientCIDRs: ['10.0.0.0/8'] } }] }), /spec\.authorization\.rules\[1\]\.name a is used twice/);
});

test('a policy with none of jwt, oidc, basicAuth, apiKeyAuth, authorization is Invalid', () => {
  assert.match(checkSecurityPolicy(policy({}), withHtpasswd('')).content.message, /one of spec\.jwt, spec\.oidc, spec\.basicAuth, spec\.apiKeyAuth and spec\.authorization must be set/);
});

const withKeys = (secrets: Record<string, Record<string, string>>) => ({
  rateLimitService: false,
  secret: (_ns: string, name: string): Secret | undefined => (secrets[name]
    ? { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default' }, data: Object.fromEntries(Object.entries(secrets[name]!).map(([k, v]) => [k, Buffer.from(v).toString('base64')])) } as Secret
    : undefined),
});

const keysPolicy = policy({ apiKeyAuth: { credentialRefs: [{ name: 'a' }, { name: 'b' }], extractFrom: [{ headers: ['X-API-Key'], cookies: ['k'] }, { params: ['api_key'] }], forwardClientIDHeader: 'X-Client' } });

test('API keys: every entry of the Secrets is a client and its key, sorted by client; sources in order', () => {
  const out = checkSecurityPolicy(keysPolicy, withKeys({ a: { zed: 'key-z', amy: 'key-a' }, b: { bob: 'key-b' } }));
  assert.deepEqual(out.settings?.apiKeyAuth, {
    credentials: [{ client: 'amy', key: 'key-a' }, { client: 'bob', key: 'key-b' }, { client: 'zed', key: 'key-z' }],
    sources: [{ header: 'x-api-key' }, { cookie: 'k' }, { query: 'api_key' }],
    forwardClientIDHeader: 'x-client',
  });
});

test('API keys: a missing Secret, a client twice, a key shared or unusable is Invalid, naming the client and never the key', () => {
  const message = (secrets: Record<string, Record<string, string>>): string => checkSecurityPolicy(keysPolicy, withKeys(secrets)).content.message;
  assert.match(message({ a: { amy: 'key-a' } }), /spec\.apiKeyAuth\.credentialRefs\[1\]: Secret default\/b not found \(ResolvedRefs\)/);
  assert.match(message({ a: { amy: 'key-a' }, b: { amy: 'key-other' } }), /credentialRefs\[1\]: Secret default\/b client amy is also in an earlier Secret/);
  const shared = message({ a: { amy: 'shared-secret-key' }, b: { bob: 'shared-secret-key' } });
  assert.match(shared, /client bob: the same key as client amy/);
  const spaced = message({ a: { amy: 'has a space' }, b: { bob: 'key-b' } });
  assert.match(spaced, /client amy: the key must be visible ASCII characters without spaces/);
  for (const text of [shared, spaced]) assert.ok(!text.includes('shared-secret-key') && !text.includes('has a space'), text);
});
