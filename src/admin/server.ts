/**
 * Admin HTTP API (default 127.0.0.1:19000): health and readiness, and read-only JSON views of
 * what Pier computed and who is connected. Never changes anything.
 *
 * The same server, with no views and no index, is the metrics port (--metrics-address, default
 * 127.0.0.1:19001): /metrics, /healthz and /readyz only, for Prometheus and the kubelet's probes,
 * which then need no access to the admin API's statuses, IR and configuration.
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
  /** Prometheus exposition for GET /metrics. */
  metrics?: () => Promise<{ contentType: string; text: string }>;
}

export interface AdminServerOptions {
  /** The logger's component and the name in its messages. Default "admin". */
  component?: string;
  /** Whether GET / lists the endpoints. Default true. */
  index?: boolean;
}

export class AdminServer {
  private server: http.Server | null = null;
  private readonly log: Logger;
  private readonly component: string;

  constructor(private readonly sources: AdminSources, logger: Logger, private readonly options: AdminServerOptions = {}) {
    this.component = options.component ?? 'admin';
    this.log = componentLogger(logger, this.component);
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
    this.log.info({ address: `${host}:${bound}` }, `${this.component} server listening`);
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
    if (route === '/metrics' && this.sources.metrics) return this.sendMetrics(res, this.sources.metrics);
    if (route === '/' && this.options.index !== false) {
      const metrics = this.sources.metrics ? ['/metrics'] : [];
      return send(res, 200, { endpoints: ['/healthz', '/readyz', ...metrics, ...Object.keys(this.sources.views).map((v) => `/${v}`)] });
    }
    const view = this.sources.views[route.slice(1)];
    if (!view) return send(res, 404, { error: `no such endpoint: ${url.pathname}` });
    try {
      send(res, 200, view(url.searchParams));
    } catch (err) {
      this.log.error({ err, path: url.pathname }, 'admin view failed');
      send(res, 500, { error: (err as Error).message }); // redacted in send, like every answer
    }
  }

  private sendMetrics(res: http.ServerResponse, metrics: NonNullable<AdminSources['metrics']>): void {
    metrics().then(({ contentType, text }) => {
      // Label values are Gateway names and type names; the filter is the same net as for JSON.
      const body = redactText(text);
      res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }, (err: unknown) => {
      this.log.error({ err }, 'collecting metrics failed');
      send(res, 500, { error: (err as Error).message });
    });
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
