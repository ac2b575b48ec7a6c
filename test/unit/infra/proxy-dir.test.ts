/** The folder name of a Gateway's Envoy files (src/infra/host/proxy-dir.ts), against a real filesystem. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_PROXY_DIR_NAME, proxyDirName } from '../../../src/infra/host/proxy-dir';

const LONGEST_NAMESPACE = 'n'.repeat(63);
const LONGEST_NAME = 'gateway-name-maximum-length-' + 'a'.repeat(253 - 'gateway-name-maximum-length-'.length);

test('a short key keeps its readable form', () => {
  assert.equal(proxyDirName('gateway-conformance-infra/same-namespace'), 'gateway-conformance-infra_same-namespace');
});

test('the longest namespace and name give a folder the filesystem accepts', () => {
  const key = `${LONGEST_NAMESPACE}/${LONGEST_NAME}`;
  const name = proxyDirName(key);
  assert.ok(name.length <= MAX_PROXY_DIR_NAME, `${name.length} characters`);
  assert.ok(name.startsWith(`${LONGEST_NAMESPACE}_gateway-name-maximum-length-`));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-proxy-dir-'));
  try {
    mkdirSync(path.join(dir, name));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('long keys that share a prefix get different folders, and the same key always the same one', () => {
  const a = proxyDirName(`ns/${LONGEST_NAME}`);
  const b = proxyDirName(`ns/${LONGEST_NAME.slice(0, -1)}b`);
  assert.notEqual(a, b);
  assert.equal(proxyDirName(`ns/${LONGEST_NAME}`), a);
});
