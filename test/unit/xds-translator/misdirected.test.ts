import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { HTTPListener } from '../../../src/ir/types';
import { misdirectedDomains } from '../../../src/xds/translator/listeners/route-config';

function https(name: string, hostname: string): HTTPListener {
  return { name, address: '0.0.0.0', port: 443, hostnames: [hostname], virtualHosts: [], tls: { mode: 'terminate', certificates: [] } } as unknown as HTTPListener;
}

// The listeners of the upstream test HTTPRouteHTTPSListenerDetectMisdirectedRequests.
const all = [https('https', '*'), https('exact', 'second-example.org'), https('wild', '*.wildcard.org'), https('in-wild', 'fourth-example.wildcard.org')];
const [catchAll, exact, wild, inWild] = all as [HTTPListener, HTTPListener, HTTPListener, HTTPListener];

describe('misdirected requests (421) on HTTPS listeners sharing a port', () => {
  test('the catch-all answers 421 for every other listener\'s name, and leaves unknown names alone (404)', () => {
    assert.deepEqual(misdirectedDomains(catchAll, all), ['*.wildcard.org', 'fourth-example.wildcard.org', 'second-example.org']);
  });

  test('a listener with a hostname answers 421 for everything outside it', () => {
    assert.deepEqual(misdirectedDomains(exact, all), ['*']);
    assert.deepEqual(misdirectedDomains(inWild, all), ['*']);
  });

  test('a wildcard listener answers 421 for a more specific listener within it, and serves the rest of its names', () => {
    assert.deepEqual(misdirectedDomains(wild, all), ['*', 'fourth-example.wildcard.org']);
  });

  test('a listener alone on its port has nothing to detect', () => {
    assert.deepEqual(misdirectedDomains(exact, [exact]), []);
    assert.deepEqual(misdirectedDomains(catchAll, [catchAll]), []);
  });
});
