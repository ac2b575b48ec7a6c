/** Loopback networking helpers for tests: free ports, HTTP requests, bounded waiting. */
import * as http from 'node:http';
import * as net from 'node:net';

/** A port that was free on host a moment ago. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request without connection reuse (from localAddress when given); rejects on network errors or after timeoutMs. */
export function httpRequest(url: string, options: { method?: string; headers?: Record<string, string>; timeoutMs?: number; body?: string; localAddress?: string } = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false, timeout: options.timeoutMs ?? 2000, localAddress: options.localAddress }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`request to ${url} timed out`)));
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

/** Polls check until it returns a value (not undefined) or the time runs out; errors for which stopOn is true end it at once. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  opts: { timeoutMs?: number; intervalMs?: number; stopOn?: (err: unknown) => boolean } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const intervalMs = opts.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (let attempt = 0; ; attempt++) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      if (opts.stopOn?.(err)) throw err;
      lastError = err;
    }
    if (Date.now() >= deadline) {
      throw new Error(`timed out after ${timeoutMs}ms (${attempt + 1} attempts) waiting for ${what}${lastError ? `; last error: ${(lastError as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Listens on host:port (an ephemeral port by default); resolves with the port. */
export function listenOn(server: net.Server, host = '127.0.0.1', port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}
