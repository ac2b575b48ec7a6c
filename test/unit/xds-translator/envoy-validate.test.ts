/**
 * Envoy itself accepts every golden case: `envoy --mode validate` on a bootstrap holding the
 * translated resources, encoded to binary the way the ADS server sends them. Each case is
 * checked twice: self-contained (routes inlined, endpoints static, secrets static) so Envoy
 * validates every resource, and as served (RDS/EDS/SDS over ADS) so the references are checked
 * too. Envoy is installed as the end-to-end tests install it when it is not on PATH.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bootstrapBytes, envoyBinary, goldenCases, loadCaseIR, runCommand, type BootstrapOptions, translateTestIR } from './support';

const envoy = envoyBinary();

describe('Envoy accepts the translated resources', () => {
  let dir = '';
  before(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'pier-xds-validate-')); });
  after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  async function validate(name: string, mode: BootstrapOptions['mode']): Promise<void> {
    const file = path.join(dir, `${name}-${mode}.pb`);
    writeFileSync(file, bootstrapBytes(translateTestIR(loadCaseIR(name)), { mode }));
    const result = await runCommand(envoy, ['--mode', 'validate', '-c', file, '--log-level', 'warn'], 30_000);
    assert.equal(result.code, 0, `envoy rejected ${name} (${mode}):\n${result.output}`);
  }

  for (const name of goldenCases()) {
    test(name, async () => {
      await Promise.all([validate(name, 'static'), validate(name, 'ads')]);
    });
  }

  test('the check fails on configuration Envoy refuses', async () => {
    const resources = translateTestIR(loadCaseIR('http-single-route'));
    // Two virtual hosts claiming the same domain: Envoy refuses the route configuration.
    const routes = resources.routes.map((r) => ({ ...r, virtual_hosts: [...(r.virtual_hosts ?? []), { name: 'dup', domains: ['*'] }] }));
    const file = path.join(dir, 'refused.pb');
    writeFileSync(file, bootstrapBytes({ ...resources, routes }, { mode: 'static' }));
    const result = await runCommand(envoy, ['--mode', 'validate', '-c', file, '--log-level', 'warn'], 30_000);
    assert.notEqual(result.code, 0, 'envoy accepted a duplicate domain');
  });
});
