/**
 * Secret-derived credentials (SecurityPolicy htpasswd lines and API keys) are redacted structurally in the
 * IR, the xDS resources and the policies view, and by the text filter; on the golden case's
 * translation, so every path the credentials take is covered.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REDACTED, redactIR, redactText, redactXdsResources } from '../../../src/security/redact';
import { policiesView } from '../../../src/ir/policies-view';
import { loadCaseIR, translateTestIR } from '../xds-translator/support';

const ir = loadCaseIR('security-access');
/** The SHA hashes of the golden case's htpasswd Secret, and its API keys. */
const hashes = (text: string): string[] => [...text.matchAll(/\{SHA\}[A-Za-z0-9+/]{27}=/g)].map((m) => m[0]);
const apiKeys = ['key-of-team-a', 'key-of-team-b', 'key-of-partner'];
const secrets = [...hashes(JSON.stringify(ir)), ...apiKeys];

test('the golden IR carries the htpasswd hashes and API keys (what the redactions must remove)', () => {
  assert.ok(secrets.length >= 5, 'the case has credentials');
  for (const k of apiKeys) assert.ok(JSON.stringify(ir).includes(k), k);
});

test('redactIR replaces the htpasswd lines and API keys of listeners and routes, keeping the other settings', () => {
  const out = JSON.stringify(redactIR(ir));
  for (const s of secrets) assert.ok(!out.includes(s));
  assert.match(out, /"htpasswd":"\[redacted\]"/);
  assert.match(out, /\{"client":"partner","key":"\[redacted\]"\}/);
  assert.match(out, /"forwardUsernameHeader":"x-user"/);
  assert.ok(JSON.stringify(ir).includes(secrets[0]!), 'the IR itself is left as it was');
});

test('the policies view (/policies, pier translate --output policies) shows them redacted', () => {
  const out = JSON.stringify(policiesView({ 'default/gw': ir }));
  for (const s of secrets) assert.ok(!out.includes(s));
  assert.ok(out.includes(REDACTED));
});

test('redactXdsResources replaces the basic_auth users and api_key_auth keys in listeners and routes; the translation itself keeps them for Envoy', () => {
  const resources = translateTestIR(ir);
  assert.ok(secrets.every((s) => JSON.stringify(resources.routes).includes(s)), 'Envoy gets the users');
  const out = redactXdsResources(resources);
  const text = JSON.stringify(out);
  for (const s of secrets) assert.ok(!text.includes(s));
  assert.match(text, /"users":\{"inline_string":"\[redacted\]"\}/);
  assert.match(text, /\{"key":"\[redacted\]","client":"partner"\}/);
  assert.equal(out.routes.length, resources.routes.length);
  assert.equal(out.clusters, resources.clusters, 'resources without credentials are shared, not copied');
});

test('the text filter replaces an htpasswd SHA hash wherever it appears', () => {
  const text = `user alice:${secrets[0]!} in an error`;
  assert.equal(redactText(text), `user alice:${REDACTED} in an error`);
  assert.equal(redactText('{SHA} alone'), '{SHA} alone');
});
