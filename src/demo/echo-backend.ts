/**
 * A small HTTP echo backend: answers every request with JSON describing it (path, host,
 * method, headers) and who answered (service, namespace, pod). The quickstart routes to it;
 * tests use it as their upstream, the way the Gateway API conformance suite uses its echo server
 * (echo-basic): same JSON field names, the same X-Echo-Set-Header request header to ask for
 * response headers ("Name:value,Other:value"), the same ?delay=<duration> to answer late, the
 * same retry simulation at /retry/ (delayRetry included), the
 * same log line per request, the same WebSocket echo at /ws, and, as echo-basic's second port, an
 * h2c (HTTP/2 without TLS) server.
 */
import * as http from 'node:http';
import * as http2 from 'node:http2';
import type * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { WebSocketServer } from 'ws';

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

/** Go's time.ParseDuration for the units echo-basic's callers use ("1s", "500ms", "1m30s"); null when invalid. */
export function parseGoDuration(text: string): number | null {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  if (text === '0') return 0;
  const parts = [...text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
  return parts.reduce((ms, p) => ms + Number(p[1]) * units[p[2]], 0);
}

export interface EchoOptions {
  /** Gets echo-basic's log line for each request ("Echoing back request made to <uri> to client (<address>)"). */
  log?: (line: string) => void;
}

type EchoRequest = http.IncomingMessage | http2.Http2ServerRequest;
type EchoReply = http.ServerResponse | http2.Http2ServerResponse;

export class EchoBackend {
  private readonly servers: (http.Server | https.Server | http2.Http2Server)[] = [];
  private readonly webSockets: WebSocketServer[] = [];
  /** Open HTTP/2 sessions: closing the server waits for them, so close() ends them. */
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private port = 0;
  /** Failed attempts per uuid of the retry simulation. */
  private readonly retryAttempts = new Map<string, number>();
  requests = 0;

  constructor(readonly identity: EchoIdentity, private readonly options: EchoOptions = {}) {}

  /**
   * Answers a request that arrived on a server of the caller's (see adopt): as the others, with
   * `extra` added to the JSON (echo-basic's HTTPS server adds what it saw of the TLS connection).
   */
  respond(req: EchoRequest, res: EchoReply, extra: Record<string, unknown>): void {
    this.handle(req, res, extra);
  }

  private handle(req: EchoRequest, res: EchoReply, extra: Record<string, unknown> = {}): void {
    this.requests++;
    this.options.log?.(`Echoing back request made to ${req.url} to client (${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? ''})`);
    const headers: Record<string, string[]> = {};
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i];
      // HTTP/2 pseudo-headers are not headers to Go's server either.
      if (!name.startsWith(':')) (headers[name] ??= []).push(req.rawHeaders[i + 1]);
    }
    const authority = req.headers[':authority'];
    const body: EchoResponse = {
      ...this.identity,
      ingress: this.identity.ingress ?? '',
      path: req.url ?? '/',
      host: req.headers.host ?? (typeof authority === 'string' ? authority : ''),
      method: req.method ?? 'GET',
      proto: `HTTP/${req.httpVersion}`,
      headers,
      httpPort: String(this.port),
    };
    const text = JSON.stringify({ ...body, ...extra }) + '\n';
    const url = new URL(req.url ?? '/', 'http://echo');
    if (url.pathname.startsWith('/retry/') && this.failRetryAttempt(url.searchParams, req, res)) return;
    const delay = url.searchParams.get('delay');
    const delayMs = delay ? parseGoDuration(delay) : 0;
    // Drain the request body before answering so keep-alive connections stay usable.
    req.resume();
    req.on('end', () => {
      if (delayMs === null) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `time: invalid duration ${JSON.stringify(delay)}` }));
        return;
      }
      setTimeout(() => {
        for (const [name, value] of echoSetHeaders(headerValues(req, 'x-echo-set-header'))) {
          try {
            res.setHeader(name, value);
          } catch { /* not a valid header name or value: echo-basic's Go server would drop it too */ }
        }
        res.writeHead(200, { 'content-type': 'application/json', 'x-pier-backend': this.identity.pod });
        res.end(text);
      }, delayMs);
    });
  }

  /**
   * echo-basic's retry simulation (/retry/...?uuid=U&succeedAfter=N[&responseCode=C][&delayRetry=D]):
   * the first N requests carrying uuid U fail, after D when given, with status C or, without it, a
   * connection reset; later ones are echoed. True when this request was answered here (failed or
   * refused).
   */
  private failRetryAttempt(query: URLSearchParams, req: EchoRequest, res: EchoReply): boolean {
    const uuid = query.get('uuid');
    const succeedAfter = Number.parseInt(query.get('succeedAfter') ?? '', 10);
    const refusal = !uuid ? 'uuid is required' : Number.isNaN(succeedAfter) ? 'succeedAfter is required' : null;
    if (refusal !== null || !uuid) {
      req.resume();
      res.writeHead(400);
      res.end(refusal ?? '');
      return true;
    }
    const attempts = this.retryAttempts.get(uuid) ?? 0;
    if (attempts >= succeedAfter) return false;
    // Bounded: a long-running demo backend must not grow without end.
    if (this.retryAttempts.size >= 10_000) this.retryAttempts.clear();
    this.retryAttempts.set(uuid, attempts + 1);
    req.resume();
    const delayRetry = query.get('delayRetry');
    const delayMs = delayRetry ? parseGoDuration(delayRetry) : 0;
    if (delayMs === null) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `time: invalid duration ${JSON.stringify(delayRetry)}` }));
      return true;
    }
    const fail = (): void => {
      const responseCode = Number.parseInt(query.get('responseCode') ?? '', 10);
      if (!Number.isNaN(responseCode)) {
        res.writeHead(responseCode);
        res.end();
      } else if ('stream' in res) {
        res.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
      } else {
        req.socket.resetAndDestroy();
      }
    };
    if (delayMs > 0) setTimeout(fail, delayMs);
    else fail();
    return true;
  }

  /** The HTTP/1.1 server; its port is the httpPort the answers report. /ws upgrades to a WebSocket that echoes each message. */
  async listen(host: string, port: number): Promise<number> {
    const server = http.createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 60_000;
    // Loaded here, not at import: the CLI imports this module and should not pay for ws.
    const { WebSocketServer: Sockets } = await import('ws');
    const sockets = new Sockets({ noServer: true });
    this.webSockets.push(sockets);
    server.on('upgrade', (req: http.IncomingMessage, socket, head) => {
      if (new URL(req.url ?? '/', 'http://echo').pathname !== '/ws') {
        socket.destroy();
        return;
      }
      sockets.handleUpgrade(req, socket, head, (ws) => {
        this.requests++;
        ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
      });
    });
    this.port = await this.start(server, host, port);
    return this.port;
  }

  /** echo-basic's H2C_PORT: HTTP/2 with prior knowledge, without TLS. */
  async listenH2c(host: string, port: number): Promise<number> {
    const server = http2.createServer((req, res) => this.handle(req, res));
    server.on('session', (session) => {
      this.sessions.add(session);
      session.once('close', () => this.sessions.delete(session));
    });
    return this.start(server, host, port);
  }

  /** Listens with a server the caller made (closed with the others by close()); returns its port. */
  adopt(server: http.Server | https.Server, host: string, port: number): Promise<number> {
    return this.start(server, host, port);
  }

  private async start(server: http.Server | https.Server | http2.Http2Server, host: string, port: number): Promise<number> {
    this.servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => { server.off('error', reject); resolve(); });
    });
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const servers = this.servers.splice(0);
    for (const session of this.sessions) session.destroy();
    for (const sockets of this.webSockets.splice(0)) {
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
    }
    await Promise.all(servers.map((server) => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    }));
  }
}

function headerValues(req: EchoRequest, lowerName: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === lowerName) out.push(req.rawHeaders[i + 1]);
  return out;
}
