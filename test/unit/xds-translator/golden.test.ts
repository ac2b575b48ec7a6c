/**
 * Golden files: test/golden/xds-translator/<case>/ir.json in, xds.json out.
 * Regenerate with PIER_UPDATE_GOLDEN=1 after a deliberate change, and review the diff.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { GOLDEN_DIR, goldenCases, loadCaseIR, translateTestIR } from './support';

const update = process.env.PIER_UPDATE_GOLDEN === '1';

describe('xds translator golden files', () => {
  test('has the expected cases', () => {
    const cases = goldenCases();
    for (const required of [
      'http-single-route', 'http-shared-port-hostnames', 'http-matches', 'weighted-backends', 'redirect', 'url-rewrite',
      'header-modifiers', 'direct-response', 'mirror', 'timeouts', 'h2c-backend', 'externalname-backend', 'tcp-listener',
      'udp-listener', 'https-listener', 'empty-gateway', 'tls-listeners', 'grpc-routes', 'http-features', 'externalname-port', 'cors', 'websocket',
      'external-auth', 'listener-filters', 'rate-limit', 'global-rate-limit', 'client-policy', 'backend-policy', 'observability',
      'security-access', 'security-oidc', 'observability-otlp', 'observability-tracing',
    ]) assert.ok(cases.includes(required), `missing golden case ${required}`);
  });

  for (const name of goldenCases()) {
    test(name, () => {
      const actual = `${JSON.stringify(translateTestIR(loadCaseIR(name)), null, 2)}\n`;
      const file = path.join(GOLDEN_DIR, name, 'xds.json');
      if (update) {
        writeFileSync(file, actual);
        return;
      }
      assert.ok(existsSync(file), `${file} is missing: run with PIER_UPDATE_GOLDEN=1 to create it`);
      assert.equal(actual, readFileSync(file, 'utf8'), `${name}: output differs from ${file} (PIER_UPDATE_GOLDEN=1 regenerates)`);
    });
  }
});
