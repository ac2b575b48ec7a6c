/**
 * Pier in Kubernetes mode for Gateways whose Envoy pods the test node agent runs: its xDS server
 * on the agent's node address (where the pods reach the host; there is no kube-proxy for Pier's
 * own Service), with mTLS from a fresh CA, and the bootstrap naming that address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { generateServerFiles } from '../../src/security/tls-dir';
import type { ControlPlane } from './harness';
import type { NodeAgent } from './node-agent/agent';

export interface PierForPods {
  pier: PierProcess;
  /** Stops Pier and removes its TLS directory; Pier's exit code. */
  stop(): Promise<number | null>;
}

export async function startPierForPods(cp: ControlPlane, agent: NodeAgent, controllerName: string, config: Record<string, unknown> = {}): Promise<PierForPods> {
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), 'pier-envoy-pod-tls-'));
  try {
    await generateServerFiles(tlsDir);
    const xdsPort = await freePort(agent.nodeAddress);
    const pier = await PierProcess.start({
      config: {
        provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName, leaderElectionNamespace: 'default',
        xdsAddress: `${agent.nodeAddress}:${xdsPort}`, xdsTlsDir: tlsDir, proxyXdsHost: agent.nodeAddress, ...config,
      },
    });
    return {
      pier,
      stop: async () => {
        try {
          return await pier.stop();
        } finally {
          rmSync(tlsDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    rmSync(tlsDir, { recursive: true, force: true });
    throw err;
  }
}
