/** The end of an e2e test that runs Envoy against `pier serve` with an HTTP backend of its own. */
import { rmSync } from 'node:fs';
import type * as http from 'node:http';
import type { EnvoyProxy } from './envoy';
import type { PierProcess } from './pier';

/** Stops Envoy, then Pier, closes the backend and removes the directories; resolves with Pier's exit code. */
export async function stopEnvoyPierBackend(envoy: EnvoyProxy | undefined, pier: PierProcess | undefined, backend: http.Server, dirs: (string | undefined)[]): Promise<number | null | undefined> {
  await envoy?.stop();
  const code = await pier?.stop();
  backend.closeAllConnections();
  await new Promise<void>((resolve) => backend.close(() => resolve()));
  for (const d of dirs) if (d) rmSync(d, { recursive: true, force: true });
  return code;
}
