/**
 * The pinned Helm CLI the chart's tests run, built by scripts/k8s/build-helm.mjs (from the Go
 * module proxy into ~/.cache/pier/helm); a clear error when it is not built.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../helpers/paths';

const BUILD_SCRIPT = path.join('scripts', 'k8s', 'build-helm.mjs');

export function helmBinary(): string {
  const dir = process.env.PIER_HELM_BIN_DIR
    || execFileSync(process.execPath, [path.join(repoRoot(), BUILD_SCRIPT), '--print-bin-dir'], { encoding: 'utf8' }).trim();
  const helm = path.join(dir, 'helm');
  if (!existsSync(helm)) {
    throw new Error(`helm is not built: ${helm} missing. Build it with \`node ${BUILD_SCRIPT}\` (from the Go module proxy), ` +
      'or run the tests through scripts/run-tests.mjs, which builds it first.');
  }
  return helm;
}
