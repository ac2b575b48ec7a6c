/**
 * The policies view (admin /policies, `pier translate --output policies`) shows what takes
 * effect per listener: HTTPS-only ClientPolicy settings (HTTP/3, TLS) not on plain HTTP listeners.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { policiesView } from '../../../src/ir/policies-view';
import type { ClientSettings } from '../../../src/ir/client';
import type { XdsIR } from '../../../src/ir/types';
import { loadCaseIR } from '../xds-translator/support';

test('a Gateway-wide ClientPolicy with HTTP/3 shows it on the HTTPS listeners only', () => {
  const ir = loadCaseIR('client-http3');
  const plain = ir.http.find((l) => !l.tls)!;
  assert.equal(plain.policies?.client?.http3, true, 'the IR places it on the plain listener too (Envoy ignores it there)');
  const listeners = policiesView({ 'default/gw': ir }).gateways[0]!.listeners;
  const byName = new Map(listeners.map((l) => [l.name, l]));
  assert.equal(byName.get(plain.name)!.client, undefined, 'nothing of the policy takes effect on the plain listener');
  for (const l of ir.http.filter((x) => x.tls && x.policies?.client?.http3)) {
    assert.equal((byName.get(l.name)!.client!.settings as { http3?: boolean }).http3, true, l.name);
  }
});

test('on a plain listener the settings that do apply stay, without the TLS ones', () => {
  const ir = loadCaseIR('client-http3');
  const plain = ir.http.find((l) => !l.tls)!;
  const client: ClientSettings = { ...plain.policies!.client!, compression: { algorithms: ['gzip'] }, connection: { tls: { minVersion: 'TLSv1_3' }, maxConnections: 10 } };
  const withMore: XdsIR = { ...ir, http: ir.http.map((l) => (l === plain ? { ...l, policies: { ...l.policies, client } } : l)) };
  const view = policiesView({ 'default/gw': withMore }).gateways[0]!.listeners.find((l) => l.name === plain.name)!;
  assert.deepEqual(view.client!.settings, { compression: { algorithms: ['gzip'] }, connection: { maxConnections: 10 } });
});
