/**
 * `pier serve` (file provider, no Envoy of its own) and one real Envoy for one of its Gateways,
 * with the Service shapes the BackendPolicy tests use, and a teardown that stops what they started.
 */
import { mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../../src/infra/bootstrap';
import { EnvoyProxy } from '../../helpers/envoy';
import { PierProcess } from '../../helpers/pier';
import { closing, stopEnvoyPierServers, type Closable } from '../../helpers/teardown';
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
export function stopPierAndEnvoy(run: PierAndEnvoy | undefined, servers: readonly Closable[]): Promise<number | null | undefined> {
  return stopEnvoyPierServers(run?.envoy, run?.pier, servers, run ? [run.dir, run.envoyDir] : []);
}

export { closing };
