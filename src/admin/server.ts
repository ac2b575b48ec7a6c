/**
 * Admin HTTP API (default 127.0.0.1:19000): health and readiness, and read-only JSON views of
 * what Pier computed and who is connected. Never changes anything.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { componentLogger, type Logger } from '../logging/logger';
import { redactText } from '../security/redact';

/** Read-only views the entry point hands the admin server. */
export interface AdminSources {
  /** Ready once the first configuration was translated and the xDS server listens. */
  readiness(): { ready: boolean; waitingFor: string[] };
  views: Record<string, (query: URLSearchParams) => unknown>;
}

export class AdminServer {
  private server: http.Server | null = null;
  private readonly log: Logger;

  constructor(private readonly sources: AdminSources, logger: Logger) {
    this.log = componentLogger(logger, 'admin');
  }

  /** Listens on "host:port"; resolves with the bound port. */
  async listen(address: string): Promise<number> {
    const { host, port } = splitHostPort(address);
    const server = http.createServer((req, res) => this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => { server.off('error', reject); resolve(); });
    });
    const bound = (server.address() as AddressInfo).port;
    this.log.info({ address: `${host}:${bound}` }, 'admin server listening');
    return bound;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://admin');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'read-only API: use GET' });
    const route = url.pathname.replace(/\/+$/, '') || '/';
    if (route === '/healthz') return send(res, 200, { status: 'ok' });
    if (route === '/readyz') {
      const r = this.sources.readiness();
      return send(res, r.ready ? 200 : 503, r.ready ? { status: 'ready' } : { status: 'not ready', waitingFor: r.waitingFor });
    }
    if (route === '/') return send(res, 200, { endpoints: ['/healthz', '/readyz', ...Object.keys(this.sources.views).map((v) => `/${v}`)] });
    const view = this.sources.views[route.slice(1)];
    if (!view) return send(res, 404, { error: `no such endpoint: ${url.pathname}` });
    try {
      send(res, 200, view(url.searchParams));
    } catch (err) {
      this.log.error({ err, path: url.pathname }, 'admin view failed');
      send(res, 500, { error: (err as Error).message }); // redacted in send, like every answer
    }
  }
}

/** Every answer passes the private-key filter: views redact keys themselves, this is the net under them. */
function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = redactText(JSON.stringify(body, null, 2) + '\n');
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** "127.0.0.1:19000" or "[::1]:19000" -> host and port; clear error for anything else. */
export function splitHostPort(address: string): { host: string; port: number } {
  const m = /^\[?([^\]]*?)\]?:(\d+)$/.exec(address);
  if (!m) throw new Error(`invalid address "${address}": expected host:port`);
  const port = Number(m[2]);
  if (port > 65535) throw new Error(`invalid address "${address}": port out of range`);
  return { host: m[1] || '0.0.0.0', port };
}
