/** The end of an e2e test that runs Envoy against `pier serve` with servers of its own. */
import { rmSync } from 'node:fs';
import type * as http from 'node:http';
import type { EnvoyProxy } from './envoy';
import type { PierProcess } from './pier';

/** A server as the teardown closes it. */
export interface Closable {
  close(): Promise<void>;
}

/** An http.Server (or net.Server) as a Closable: open connections dropped first. */
export function closing(server: { close(cb: () => void): unknown; closeAllConnections?(): void }): Closable {
  return {
    close: () => {
      server.closeAllConnections?.();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Stops Envoy, then Pier, closes the servers and removes the directories; resolves with Pier's exit code. */
export async function stopEnvoyPierServers(envoy: EnvoyProxy | undefined, pier: PierProcess | undefined, servers: readonly Closable[], dirs: readonly (string | undefined)[]): Promise<number | null | undefined> {
  await envoy?.stop();
  const code = await pier?.stop();
  for (const s of servers) await s.close();
  for (const d of dirs) if (d) rmSync(d, { recursive: true, force: true });
  return code;
}

/** stopEnvoyPierServers with one HTTP backend. */
export function stopEnvoyPierBackend(envoy: EnvoyProxy | undefined, pier: PierProcess | undefined, backend: http.Server, dirs: (string | undefined)[]): Promise<number | null | undefined> {
  return stopEnvoyPierServers(envoy, pier, [closing(backend)], dirs);
}
