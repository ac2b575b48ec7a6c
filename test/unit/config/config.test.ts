import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, DEFAULT_CONFIG, loadConfigFile, resolveConfig, validatePartialConfig } from '../../../src/config/config';

test('defaults are the documented ones', () => {
  assert.equal(DEFAULT_CONFIG.xdsAddress, '0.0.0.0:18000');
  assert.equal(DEFAULT_CONFIG.adminAddress, '127.0.0.1:19000');
  assert.equal(DEFAULT_CONFIG.controllerName, 'pier.dev/gateway-controller');
  assert.equal(DEFAULT_CONFIG.resources, 'examples/quickstart');
  assert.equal(DEFAULT_CONFIG.adsMode, 'delta');
  assert.equal(DEFAULT_CONFIG.xdsInsecure, false);
  assert.equal(DEFAULT_CONFIG.stateDir, '.pier');
  assert.equal(DEFAULT_CONFIG.xdsTlsDir, '');
});

test('xDS TLS settings: strings and a boolean, checked', () => {
  assert.deepEqual(validatePartialConfig({ xdsTlsDir: '/etc/pier/tls', xdsInsecure: true }, 'x'), { xdsTlsDir: '/etc/pier/tls', xdsInsecure: true });
  assert.throws(() => validatePartialConfig({ xdsInsecure: 'yes' }, 'x'), /x: xdsInsecure: expected true or false/);
});

test('the xDS TLS Secret: a Secret name, lifetimes of at least 10 seconds', () => {
  assert.equal(DEFAULT_CONFIG.xdsTlsSecret, 'pier-xds-tls');
  assert.deepEqual(validatePartialConfig({ xdsTlsSecret: 'pier-tls.v2' }, 'x').xdsTlsSecret, 'pier-tls.v2');
  assert.throws(() => validatePartialConfig({ xdsTlsSecret: 'Pier_TLS' }, 'x'), /x: xdsTlsSecret: "Pier_TLS" is not a Secret name/);
  assert.deepEqual(validatePartialConfig({ xdsTlsServerValiditySeconds: 24, xdsTlsCaValiditySeconds: 90 }, 'x'), { xdsTlsServerValiditySeconds: 24, xdsTlsCaValiditySeconds: 90 });
  assert.throws(() => validatePartialConfig({ xdsTlsServerValiditySeconds: 5 }, 'x'), /x: xdsTlsServerValiditySeconds: expected a number of seconds, at least 10/);
  assert.throws(() => validatePartialConfig({ xdsTlsCaValiditySeconds: '90' }, 'x'), /at least 10/);
});

test('flags override the file, which overrides the defaults', () => {
  const c = resolveConfig({ logLevel: 'debug', adsMode: 'sotw' }, { adsMode: 'delta' });
  assert.equal(c.logLevel, 'debug');
  assert.equal(c.adsMode, 'delta');
  assert.equal(c.xdsAddress, DEFAULT_CONFIG.xdsAddress);
});

test('errors name the source and the setting', () => {
  assert.throws(() => validatePartialConfig({ xdsAdress: '1:2' }, 'config file p.yaml'), (e: Error) => e instanceof ConfigError && /config file p\.yaml: unknown setting "xdsAdress"/.test(e.message));
  assert.throws(() => validatePartialConfig({ adsMode: 'both' }, 'command line'), /command line: adsMode: expected one of delta, sotw, got "both"/);
  assert.throws(() => validatePartialConfig({ adminAddress: 'localhost' }, 'x'), /x: adminAddress: expected host:port/);
  assert.throws(() => validatePartialConfig({ shutdownGraceSeconds: -1 }, 'x'), /non-negative number/);
  assert.throws(() => validatePartialConfig(['a'], 'x'), /expected a mapping/);
  assert.deepEqual(validatePartialConfig({ xdsAddress: '[::1]:18000', demoBackend: '' }, 'x'), { xdsAddress: '[::1]:18000', demoBackend: '' });
});

test('config files are YAML (or JSON); a broken one names the file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-config-'));
  const good = path.join(dir, 'pier.yaml');
  writeFileSync(good, 'xdsAddress: 127.0.0.1:18001\nenvoy: "off"\n');
  assert.deepEqual(loadConfigFile(good), { xdsAddress: '127.0.0.1:18001', envoy: 'off' });
  const bad = path.join(dir, 'bad.yaml');
  writeFileSync(bad, 'xdsAddress: [unclosed\n');
  assert.throws(() => loadConfigFile(bad), new RegExp(`config file ${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
  assert.throws(() => loadConfigFile(path.join(dir, 'missing.yaml')), /missing\.yaml: ENOENT/);
});

test('gatewayReplicas: a whole number from 1, from a file or a flag\'s text; anything else is refused by name', () => {
  assert.equal(DEFAULT_CONFIG.gatewayReplicas, 1);
  assert.equal(validatePartialConfig({ gatewayReplicas: 3 }, 'config file x').gatewayReplicas, 3);
  assert.equal(validatePartialConfig({ gatewayReplicas: '2' }, 'command line').gatewayReplicas, 2);
  for (const bad of [0, -1, 1.5, 'two', '']) {
    assert.throws(() => validatePartialConfig({ gatewayReplicas: bad }, 'command line'), (err: Error) => err instanceof ConfigError && /command line: gatewayReplicas: expected a whole number from 1 to 1000/.test(err.message));
  }
});
