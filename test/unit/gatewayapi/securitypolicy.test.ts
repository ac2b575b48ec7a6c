import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSecurityPolicy } from '../../../src/gatewayapi/policies/security';
import type { SecurityPolicy } from '../../../src/apis/pier';
import type { Secret } from '../../../src/apis/core';

const policy: SecurityPolicy = {
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name: 'jwt', namespace: 'default' },
  spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge' }], jwt: { providers: [{ name: 'idp', localJWKS: { secretRef: { name: 'keys' } } }] } },
} as SecurityPolicy;

const withJwks = (jwks: unknown) => ({
  rateLimitService: false,
  secret: (_ns: string, name: string): Secret | undefined => (name === 'keys'
    ? { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default' }, data: { jwks: Buffer.from(JSON.stringify(jwks)).toString('base64') } } as Secret
    : undefined),
});

const publicKey = { kty: 'EC', crv: 'P-256', kid: 'a', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' };

test('a local JWKS of public keys is accepted', () => {
  const out = checkSecurityPolicy(policy, withJwks({ keys: [publicKey] }));
  assert.ok(out.settings, JSON.stringify(out.content));
});

test('a local JWKS holding a private key is Invalid, and the message names the field without the key', () => {
  const d = 'jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI';
  for (const jwks of [{ keys: [{ ...publicKey, d }] }, { keys: [{ kty: 'oct', kid: 'h', k: 'c2VjcmV0LWhtYWMta2V5' }] }]) {
    const out = checkSecurityPolicy(policy, withJwks(jwks));
    assert.equal(out.settings, undefined);
    const text = JSON.stringify(out.content);
    assert.match(text, /spec\.jwt\.providers\[0\]\.localJWKS/);
    assert.match(text, /holds a private key/);
    assert.ok(!text.includes(d) && !text.includes('c2VjcmV0LWhtYWMta2V5'), text);
  }
});
