/**
 * A small HTTP echo backend: answers every request with JSON describing it (path, host,
 * method, headers) and who answered (service, namespace, pod). The quickstart routes to it;
 * tests use it as their upstream, the way the Gateway API conformance suite uses its echo server.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoIdentity {
  service: string;
  namespace: string;
  pod: string;
}

export interface EchoResponse extends EchoIdentity {
  path: string;
  host: string;
  method: string;
  proto: string;
  headers: Record<string, string[]>;
}

export class EchoBackend {
  private server: http.Server | null = null;
  requests = 0;

  constructor(readonly identity: EchoIdentity) {}

  async listen(host: string, port: number): Promise<number> {
    const server = http.createServer((req, res) => {
      this.requests++;
      const headers: Record<string, string[]> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i];
        (headers[name] ??= []).push(req.rawHeaders[i + 1]);
      }
      const body: EchoResponse = {
        ...this.identity,
        path: req.url ?? '/',
        host: req.headers.host ?? '',
        method: req.method ?? 'GET',
        proto: `HTTP/${req.httpVersion}`,
        headers,
      };
      const text = JSON.stringify(body) + '\n';
      res.writeHead(200, { 'content-type': 'application/json', 'x-pier-backend': this.identity.pod });
      // Drain the request body before answering so keep-alive connections stay usable.
      req.resume();
      req.on('end', () => res.end(text));
    });
    server.keepAliveTimeout = 60_000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => { server.off('error', reject); resolve(); });
    });
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
