/**
 * The part of the kubelet's HTTPS API the API server calls for `kubectl logs` (the pods/log
 * subresource): GET /containerLogs/<namespace>/<pod>/<container> with the PodLogOptions query
 * (sinceTime, sinceSeconds, tailLines, timestamps, limitBytes). The node advertises it in
 * status.daemonEndpoints.kubeletEndpoint; the API server reaches it on the node's InternalIP.
 * The conformance suite reads the echo servers' logs this way to find mirrored requests.
 *
 * Served on the node's address (the host side of the pod bridge, not routed anywhere) with a
 * self-signed certificate: the test API server runs without --kubelet-certificate-authority,
 * so it does not verify kubelets, as in a default cluster set-up.
 */
import { once } from 'node:events';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCert } from '../../conformance/certs';
import { readContainerLog } from './container';

/** namespace, pod, container (undefined: the pod's only container) -> its log file, or why there is none. */
export type LogFileLookup = (namespace: string, pod: string, container: string | undefined) => string | { error: string };

export class KubeletApi {
  private constructor(private readonly server: https.Server, readonly port: number) {}

  static async start(address: string, logFile: LogFileLookup): Promise<KubeletApi> {
    const cert = selfSignedCert([address]);
    const server = https.createServer({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
      const url = new URL(req.url ?? '/', `https://${address}`);
      const m = /^\/containerLogs\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(url.pathname);
      const reply = (status: number, body: string): void => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(body);
      };
      if (req.method !== 'GET' || !m) return reply(404, `the test node agent serves only GET /containerLogs/<namespace>/<pod>/<container>, not ${req.method} ${url.pathname}`);
      if (url.searchParams.get('previous') === 'true') return reply(400, 'the test node agent keeps no logs of previous containers');
      const file = logFile(decodeURIComponent(m[1]), decodeURIComponent(m[2]), m[3] === undefined ? undefined : decodeURIComponent(m[3]));
      if (typeof file !== 'string') return reply(404, file.error);
      const sinceTime = url.searchParams.get('sinceTime');
      const sinceSeconds = url.searchParams.get('sinceSeconds');
      const tailLines = url.searchParams.get('tailLines');
      const lines = readContainerLog(file, {
        sinceMs: sinceTime ? Date.parse(sinceTime) : sinceSeconds ? Date.now() - Number(sinceSeconds) * 1000 : undefined,
        tailLines: tailLines ? Number(tailLines) : undefined,
      });
      const timestamps = url.searchParams.get('timestamps') === 'true';
      let body = lines.map((l) => `${timestamps ? `${l.time} ` : ''}${l.text}\n`).join('');
      const limitBytes = url.searchParams.get('limitBytes');
      if (limitBytes) body = Buffer.from(body).subarray(0, Number(limitBytes)).toString();
      reply(200, body);
    });
    server.listen(0, address);
    await once(server, 'listening');
    return new KubeletApi(server, (server.address() as AddressInfo).port);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
