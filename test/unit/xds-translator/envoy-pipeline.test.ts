/**
 * The whole translation pipeline against Envoy: every Gateway API golden case's IR
 * (test/golden/gatewayapi/<case>/ir.json, produced by the Gateway API translator) through the
 * xDS translator, then `envoy --mode validate`, self-contained and as served over ADS. Catches
 * IR the Gateway API translator produces that the xDS translator turns into configuration Envoy
 * refuses. Envoy is installed as the end-to-end tests install it when it is not on PATH.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { XdsIR } from '../../../src/ir/types';
import { testData } from '../../helpers/paths';
import { bootstrapBytes, envoyBinary, runCommand, type BootstrapOptions, translateTestIR } from './support';

const envoy = envoyBinary();
const GATEWAY_GOLDEN_DIR = testData('golden', 'gatewayapi');

function gatewayCases(): string[] {
  return readdirSync(GATEWAY_GOLDEN_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

function gatewayIRs(name: string): XdsIR[] {
  const parsed = JSON.parse(readFileSync(path.join(GATEWAY_GOLDEN_DIR, name, 'ir.json'), 'utf8')) as { xdsIR: Record<string, XdsIR> };
  return Object.values(parsed.xdsIR);
}

describe('Envoy accepts what the whole pipeline produces for each Gateway API golden case', () => {
  let dir = '';
  before(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'pier-xds-pipeline-')); });
  after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  async function validate(label: string, ir: XdsIR, mode: BootstrapOptions['mode']): Promise<void> {
    const file = path.join(dir, `${label.replace(/[^A-Za-z0-9_-]+/g, '_')}-${mode}.pb`);
    writeFileSync(file, bootstrapBytes(translateTestIR(ir), { mode }));
    const result = await runCommand(envoy, ['--mode', 'validate', '-c', file, '--log-level', 'warn'], 30_000);
    assert.equal(result.code, 0, `envoy rejected ${label} (${mode}):\n${result.output}`);
  }

  for (const name of gatewayCases()) {
    test(name, async () => {
      const irs = gatewayIRs(name);
      await Promise.all(irs.flatMap((ir) => [validate(`${name}-${ir.gateway}`, ir, 'static'), validate(`${name}-${ir.gateway}`, ir, 'ads')]));
    });
  }
});
