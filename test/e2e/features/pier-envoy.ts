/**
 * `pier serve` (file provider, no Envoy of its own) and one real Envoy for one of its Gateways,
 * with the Service shapes the BackendPolicy tests use, and a teardown that stops what they started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../../src/infra/bootstrap';
import { EnvoyProxy } from '../../helpers/envoy';
import { PierProcess } from '../../helpers/pier';
import { CONTROLLER, NAMESPACE } from './resources';

const READY_TIMEOUT_MS = 30_000;

/** A Service with one port (80 -> targetPort) and an EndpointSlice of the given addresses. */
export function serviceAt(name: string, addresses: readonly string[], targetPort: number): Record<string, unknown>[] {
  return [
    { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NAMESPACE }, spec: { ports: [{ name: 'p', port: 80, targetPort, protocol: 'TCP' }] } },
    {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
      metadata: { name: `${name}-1`, namespace: NAMESPACE, labels: { 'kubernetes.io/service-name': name } },
      addressType: 'IPv4', endpoints: addresses.map((a) => ({ addresses: [a], conditions: { ready: true } })), ports: [{ name: 'p', port: targetPort, protocol: 'TCP' }],
    },
  ];
}

export interface PierAndEnvoy {
  /** Where the test writes its resources (before start). */
  dir: string;
  envoyDir: string;
  pier?: PierProcess;
  envoy?: EnvoyProxy;
}

export function tempDirs(name: string): PierAndEnvoy {
  return { dir: mkdtempSync(path.join(os.tmpdir(), `pier-e2e-${name}-`)), envoyDir: mkdtempSync(path.join(os.tmpdir(), `pier-e2e-${name}-envoy-`)) };
}

/** Starts pier on run.dir, then an Envoy (delta ADS) serving the Gateway "<NAMESPACE>/<gateway>". */
export async function startPierAndEnvoy(run: PierAndEnvoy, gateway: string): Promise<{ pier: PierProcess; envoy: EnvoyProxy }> {
  const pier = (run.pier = await PierProcess.start({ config: { resources: run.dir, controllerName: CONTROLLER, envoy: 'off' } }));
  const envoy = (run.envoy = await EnvoyProxy.start(run.envoyDir, buildBootstrap({
    gateway: `${NAMESPACE}/${gateway}`, nodeId: `e2e-${gateway}`, xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
  }), { timeoutMs: READY_TIMEOUT_MS }));
  return { pier, envoy };
}

/** Stops Envoy, then pier (its exit code), closes the servers and removes the directories. */
export async function stopPierAndEnvoy(run: PierAndEnvoy | undefined, servers: readonly { close(): Promise<void> }[]): Promise<number | null | undefined> {
  await run?.envoy?.stop();
  const code = await run?.pier?.stop();
  for (const s of servers) await s.close();
  for (const d of run ? [run.dir, run.envoyDir] : []) rmSync(d, { recursive: true, force: true });
  return code;
}

/** An http.Server (or net.Server) as stopPierAndEnvoy closes it: open connections dropped first. */
export function closing(server: { close(cb: () => void): unknown; closeAllConnections?(): void }): { close(): Promise<void> } {
  return {
    close: () => {
      server.closeAllConnections?.();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
