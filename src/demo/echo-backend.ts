/**
 * A small HTTP echo backend: answers every request with JSON describing it (path, host,
 * method, headers) and who answered (service, namespace, pod). The quickstart routes to it;
 * tests use it as their upstream, the way the Gateway API conformance suite uses its echo server
 * (echo-basic): same JSON field names, and the same X-Echo-Set-Header request header to ask for
 * response headers ("Name:value,Other:value").
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoIdentity {
  service: string;
  namespace: string;
  pod: string;
  /** echo-basic reports INGRESS_NAME; empty unless set. */
  ingress?: string;
}

export interface EchoResponse extends EchoIdentity {
  /** The request target as received (path and query). */
  path: string;
  host: string;
  method: string;
  proto: string;
  headers: Record<string, string[]>;
  ingress: string;
  /** The port this backend listens on, as echo-basic's HTTP_PORT. */
  httpPort: string;
}

/** echo-basic's X-Echo-Set-Header: "Name:value,Other:value" asks for those response headers. */
export function echoSetHeaders(values: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const list of values) {
    for (const item of list.split(',')) {
      const entry = item.trim();
      const colon = entry.indexOf(':');
      const name = colon < 0 ? entry : entry.slice(0, colon);
      if (!name) continue;
      const value = colon < 0 ? '' : entry.slice(colon + 1);
      const same = out.find(([n]) => n === name);
      if (same) same[1] += `,${value.trim()}`;
      else out.push([name, value]);
    }
  }
  return out;
}

export class EchoBackend {
  private server: http.Server | null = null;
  private port = 0;
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
        ingress: this.identity.ingress ?? '',
        path: req.url ?? '/',
        host: req.headers.host ?? '',
        method: req.method ?? 'GET',
        proto: `HTTP/${req.httpVersion}`,
        headers,
        httpPort: String(this.port),
      };
      const text = JSON.stringify(body) + '\n';
      for (const [name, value] of echoSetHeaders(headerValues(req, 'x-echo-set-header'))) {
        try {
          res.setHeader(name, value);
        } catch { /* not a valid header name or value: echo-basic's Go server would drop it too */ }
      }
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
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function headerValues(req: http.IncomingMessage, lowerName: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === lowerName) out.push(req.rawHeaders[i + 1]);
  return out;
}
