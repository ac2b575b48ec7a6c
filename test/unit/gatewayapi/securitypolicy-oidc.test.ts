/** SecurityPolicy spec.oidc checked into the IR's OIDC settings (src/gatewayapi/policies/security-oidc.ts). */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSecurityPolicy } from '../../../src/gatewayapi/policies/security';
import { derivedHmacSecret } from '../../../src/gatewayapi/policies/security-oidc';
import type { SecurityPolicy } from '../../../src/apis/pier';
import type { OIDCAuthentication } from '../../../src/apis/pier-security-oidc';
import type { ConfigMap, Secret } from '../../../src/apis/core';
import { createCertificateAuthority } from '../../../src/security/pki';

const SECRET = 'the-client-secret';
let CA = '';
before(async () => { CA = (await createCertificateAuthority('oidc test CA')).certPem; });

const oidc = (extra: Partial<OIDCAuthentication> = {}): OIDCAuthentication => ({
  provider: { authorizationEndpoint: 'https://idp.example.com/auth', tokenEndpoint: 'https://idp.example.com/token' },
  clientID: 'shop', clientSecretRef: { name: 'client' }, ...extra,
});

const policy = (spec: OIDCAuthentication, name = 'login'): SecurityPolicy => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name, namespace: 'default' },
  spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge' }], oidc: spec },
});

const context = {
  rateLimitService: false,
  secret: (_ns: string, name: string): Secret | undefined => (name === 'client'
    ? { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default' }, data: { 'client-secret': Buffer.from(SECRET).toString('base64') } } as Secret
    : undefined),
  configMap: (_ns: string, name: string): ConfigMap | undefined => (name === 'ca' ? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { 'ca.crt': CA, other: 'not a certificate' } } as ConfigMap : undefined),
};

function problems(spec: OIDCAuthentication): string {
  const out = checkSecurityPolicy(policy(spec), context);
  assert.equal(out.settings, undefined, 'refused');
  assert.equal(out.content.reason, 'Invalid');
  return out.content.message;
}

test('defaults: the request\'s own origin with /oauth2/callback, /logout, openid, ClientSecretBasic, refresh on, cookies suffixed per policy', () => {
  const out = checkSecurityPolicy(policy(oidc()), context).settings?.oidc;
  assert.ok(out);
  assert.equal(out.redirectURL, '%REQ(x-forwarded-proto)%://%REQ(:authority)%/oauth2/callback');
  assert.equal(out.redirectPath, '/oauth2/callback');
  assert.equal(out.logoutPath, '/logout');
  assert.deepEqual(out.scopes, ['openid']);
  assert.equal(out.clientAuthentication, 'ClientSecretBasic');
  assert.equal(out.refreshToken, true);
  assert.equal(out.forwardAccessToken, false);
  assert.deepEqual(out.tokenEndpoint, { uri: 'https://idp.example.com/token', host: 'idp.example.com', port: 443 });
  assert.equal(out.clientSecret, SECRET);
  assert.match(out.cookieNames.accessToken, /^BearerToken-[0-9a-f]{8}$/);
  const other = checkSecurityPolicy(policy(oidc(), 'other'), context).settings!.oidc!;
  assert.notEqual(other.cookieNames.hmac, out.cookieNames.hmac, 'two policies do not share cookies');
});

test('the HMAC key is derived: the same for every replica and restart, another per policy and per client secret, never the secret itself', () => {
  const a = checkSecurityPolicy(policy(oidc()), context).settings!.oidc!.hmacSecret;
  assert.equal(a, checkSecurityPolicy(policy(oidc()), context).settings!.oidc!.hmacSecret);
  assert.equal(a, derivedHmacSecret(SECRET, 'default/login'));
  assert.equal(Buffer.from(a, 'base64').length, 32);
  assert.notEqual(a, derivedHmacSecret(SECRET, 'default/other'));
  assert.notEqual(a, derivedHmacSecret('another-secret', 'default/login'));
  assert.ok(!a.includes(SECRET) && !Buffer.from(a, 'base64').toString('latin1').includes(SECRET));
});

test('fields: scopes keep openid first once, an explicit redirect URL gives the path, the ID token header lowercased, CA from a ConfigMap', () => {
  const out = checkSecurityPolicy(policy(oidc({
    scopes: ['email', 'openid'], redirectURL: 'https://shop.example.com/auth/back', forwardIDTokenHeader: 'X-ID-Token', cookieDomain: 'example.com',
    provider: { authorizationEndpoint: 'http://127.0.0.1:9/auth', tokenEndpoint: 'https://[::1]:9443/token', caCertificateRef: { name: 'ca' } },
  })), context).settings!.oidc!;
  assert.deepEqual(out.scopes, ['openid', 'email']);
  assert.equal(out.redirectPath, '/auth/back');
  assert.equal(out.forwardIDTokenHeader, 'x-id-token');
  assert.equal(out.cookieDomain, 'example.com');
  assert.deepEqual([out.tokenEndpoint.host, out.tokenEndpoint.port], ['::1', 9443]);
  assert.equal(out.tokenEndpoint.caCertificates?.replace(/\s+/g, ''), CA.replace(/\s+/g, ''));
});

test('Invalid, naming the field and never the secret', () => {
  assert.match(problems(oidc({ clientSecretRef: { name: 'nope' } })), /spec\.oidc\.clientSecretRef: Secret default\/nope not found \(ResolvedRefs\)/);
  assert.match(problems(oidc({ clientSecretRef: { name: 'client', key: 'other' } })), /spec\.oidc\.clientSecretRef: Secret default\/client has no key other/);
  assert.match(problems(oidc({ provider: { authorizationEndpoint: 'https://idp/auth', tokenEndpoint: 'http://idp/token' } })), /spec\.oidc\.provider\.tokenEndpoint must be https/);
  assert.match(problems(oidc({ provider: { authorizationEndpoint: 'ftp://idp/auth', tokenEndpoint: 'https://idp/token' } })), /spec\.oidc\.provider\.authorizationEndpoint must be https or http/);
  assert.match(problems(oidc({ provider: { authorizationEndpoint: 'https://idp/auth', tokenEndpoint: 'https://idp/token', caCertificateRef: { name: 'gone' } } })), /spec\.oidc\.provider\.caCertificateRef: ConfigMap default\/gone not found/);
  assert.match(problems(oidc({ provider: { authorizationEndpoint: 'https://idp/auth', tokenEndpoint: 'https://idp/token', caCertificateRef: { name: 'ca', key: 'other' } } })), /caCertificateRef: ConfigMap default\/ca key other holds no PEM certificate/);
  assert.match(problems(oidc({ redirectURL: 'https://shop/cb?x=1' })), /spec\.oidc\.redirectURL must have no query or fragment/);
  assert.match(problems(oidc({ logoutPath: '/oauth2/callback' })), /spec\.oidc\.logoutPath \/oauth2\/callback is the redirect path/);
  assert.match(problems(oidc({ forwardAccessToken: true, forwardIDTokenHeader: 'Authorization' })), /forwardIDTokenHeader cannot be Authorization/);
  assert.match(problems(oidc({ cookieNames: { accessToken: 'Same', idToken: 'Same' } })), /cookieNames\.accessToken and idToken must differ/);
  for (const message of [problems(oidc({ logoutPath: '/oauth2/callback' })), problems(oidc({ clientSecretRef: { name: 'client', key: 'other' } }))]) assert.ok(!message.includes(SECRET));
});

test('neither jwt nor oidc: Invalid', () => {
  const out = checkSecurityPolicy({ ...policy(oidc()), spec: { targetRefs: [] } }, context);
  assert.match(out.content.message, /one of spec\.jwt and spec\.oidc must be set/);
});
