/** Asks a real Envoy whether it accepts what the pipeline produced for a Gateway (`envoy --mode validate`). */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { XdsResources } from '../../src/xds/types';
import { bootstrapBytes, runCommand } from '../unit/xds-translator/support';

export interface EnvoyVerdict {
  accepted: boolean;
  /** Envoy's output when it refused (the reason). */
  output: string;
}

/**
 * Validates the resources twice, like the golden cases: self-contained ("static": every resource
 * checked) and as served over ADS (references checked). dir: a scratch directory.
 */
export async function envoyAccepts(envoy: string, resources: XdsResources, dir: string, label: string): Promise<EnvoyVerdict> {
  for (const mode of ['static', 'ads'] as const) {
    const file = path.join(dir, `${label}-${mode}.pb`);
    writeFileSync(file, bootstrapBytes(resources, { mode }));
    const result = await runCommand(envoy, ['--mode', 'validate', '-c', file, '--log-level', 'warn', '--concurrency', '1'], 60_000);
    if (result.code !== 0) return { accepted: false, output: `${mode}: ${result.output}` };
  }
  return { accepted: true, output: '' };
}
