/** OIDC credentials (client secret, HMAC key) out of everything Pier prints: the IR, the xDS resources, the policies view. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REDACTED, redactIR, redactXdsResources } from '../../../src/security/redact';
import { policiesView } from '../../../src/ir/policies-view';
import { translateXds } from '../../../src/xds/translator/translate';
import type { XdsIR } from '../../../src/ir/types';
import { testData } from '../../helpers/paths';

const CLIENT_SECRET = 'golden-client-secret';
const ir = (): XdsIR => JSON.parse(readFileSync(testData('golden', 'xds-translator', 'security-oidc', 'ir.json'), 'utf8')) as XdsIR;

test('the golden IR carries the credentials (what the proxies need) and redactIR removes them, listeners and rules alike', () => {
  const input = ir();
  const text = JSON.stringify(input);
  assert.ok(text.includes(CLIENT_SECRET), 'the fixture holds the secret');
  const hmac = input.http[0]!.policies!.security!.oidc!.hmacSecret;
  const out = JSON.stringify(redactIR(input));
  assert.ok(!out.includes(CLIENT_SECRET) && !out.includes(hmac), out);
  assert.ok(out.includes(REDACTED));
  assert.equal(JSON.stringify(input), text, 'the IR itself is not changed');
});

test('xDS: the secrets travel as SDS generic secrets, which redactXdsResources replaces; listeners and routes name them only', () => {
  const resources = translateXds(ir());
  const secrets = resources.secrets.filter((s) => s.generic_secret);
  assert.deepEqual(secrets.map((s) => s.name), [
    'pier/oidc/default/gateway-login/client-secret', 'pier/oidc/default/gateway-login/hmac',
    'pier/oidc/default/listener-login/client-secret', 'pier/oidc/default/listener-login/hmac',
    'pier/oidc/default/web-login/client-secret', 'pier/oidc/default/web-login/hmac',
  ]);
  assert.equal(secrets[0]!.generic_secret!.secret!.inline_string, CLIENT_SECRET);
  assert.ok(!JSON.stringify({ ...resources, secrets: [] }).includes(CLIENT_SECRET), 'no secret outside the Secrets');
  assert.ok(!JSON.stringify(redactXdsResources(resources)).includes(CLIENT_SECRET));
});

test('the policies view (admin /policies, pier translate --output policies) shows the login without its credentials', () => {
  const text = JSON.stringify(policiesView({ 'default/gw': ir() }));
  assert.ok(text.includes('"clientID":"shop"'));
  assert.ok(!text.includes(CLIENT_SECRET), text);
  assert.match(text, /"clientSecret":"\[redacted\]","hmacSecret":"\[redacted\]"/);
});
