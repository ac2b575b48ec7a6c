/** Small pure helpers: label selectors, RE2 checks, durations, listener conflicts, endpoints. */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Listener } from '../../../src/apis/gateway';
import { parseDurationMs } from '../../../src/gatewayapi/routes/duration';
import { conflictBetween } from '../../../src/gatewayapi/listeners/listeners';
import { re2Problem } from '../../../src/gatewayapi/routes/regex';
import { labelSelectorMatches, labelSelectorProblem } from '../../../src/gatewayapi/listeners/selectors';

describe('label selectors', () => {
  const labels = { env: 'prod', tier: 'web' };
  test('matchLabels and matchExpressions are ANDed', () => {
    assert.equal(labelSelectorMatches({ matchLabels: { env: 'prod' } }, labels), true);
    assert.equal(labelSelectorMatches({ matchLabels: { env: 'dev' } }, labels), false);
    assert.equal(labelSelectorMatches({ matchLabels: { env: 'prod' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['db'] }] }, labels), false);
  });
  test('operators', () => {
    assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['web', 'api'] }] }, labels), true);
    assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['web'] }] }, labels), false);
    assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, labels), true);
    assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'env', operator: 'Exists' }] }, labels), true);
    assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'env', operator: 'DoesNotExist' }] }, labels), false);
  });
  test('an empty selector matches everything; an invalid one nothing', () => {
    assert.equal(labelSelectorMatches({}, labels), true);
    assert.ok(labelSelectorProblem({ matchExpressions: [{ key: 'env', operator: 'In' }] }));
    assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'env', operator: 'In' }] }, labels), false);
  });
});

describe('RE2 check', () => {
  test('accepts RE2, including RE2-only syntax', () => {
    for (const ok of ['/users/[0-9]+', '[*+]+', 'a{2}', '(?i)abc', '(?P<id>[a-z]+)', '\\Qa.b\\E', '[[:alpha:]]+', '\\pL+', '^\\Afoo\\z$', 'a\\\\1']) {
      assert.equal(re2Problem(ok), undefined, ok);
    }
  });
  test('rejects what RE2 cannot do and what does not parse', () => {
    for (const bad of ['/(?!admin).*', '(?<=a)b', '(a)\\1', '(?>a)', 'a*+', '([a-z]', '*abc']) {
      assert.ok(re2Problem(bad), bad);
    }
  });
});

describe('durations', () => {
  test('GEP-2257 values', () => {
    assert.equal(parseDurationMs('10s'), 10_000);
    assert.equal(parseDurationMs('1h30m'), 5_400_000);
    assert.equal(parseDurationMs('1500ms'), 1500);
    assert.equal(parseDurationMs('0s'), 0);
    assert.equal(parseDurationMs('1m1s1ms'), 61_001);
  });
  test('invalid values', () => {
    for (const bad of ['', '10', '1.5s', '1d', '-1s', '123456s']) assert.equal(parseDurationMs(bad), undefined, bad);
  });
});

describe('listener conflicts', () => {
  const l = (protocol: string, hostname?: string): Listener => ({ name: 'x', protocol, port: 443, ...(hostname ? { hostname } : {}) });
  test('same protocol: conflicted when the hostname does not tell them apart', () => {
    assert.equal(conflictBetween(l('HTTP'), l('HTTP')), 'HostnameConflict');
    assert.equal(conflictBetween(l('HTTP', 'a.com'), l('HTTP', 'A.com')), 'HostnameConflict');
    assert.equal(conflictBetween(l('HTTP', 'a.com'), l('HTTP', 'b.com')), undefined);
    assert.equal(conflictBetween(l('HTTP', 'a.com'), l('HTTP')), undefined);
    assert.equal(conflictBetween(l('TCP'), l('TCP')), 'HostnameConflict');
  });
  test('different protocols on one port conflict, except SNI-routable ones with distinct hostnames', () => {
    assert.equal(conflictBetween(l('HTTP'), l('HTTPS')), 'ProtocolConflict');
    assert.equal(conflictBetween(l('HTTP', 'a.com'), l('TCP')), 'ProtocolConflict');
    assert.equal(conflictBetween(l('HTTPS'), l('TLS')), 'ProtocolConflict');
    assert.equal(conflictBetween(l('HTTPS', '*.example.com'), l('TLS', 'abc.example.com')), undefined);
  });
  test('TCP and UDP use different transports', () => {
    assert.equal(conflictBetween(l('TCP'), l('UDP')), undefined);
  });
});
