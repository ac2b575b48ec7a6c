/**
 * A minimal browser for end-to-end tests of logins: requests over HTTP or HTTPS (trusting a CA
 * the test gives), a cookie jar per host (Set-Cookie stored, Max-Age=0 or a past Expires
 * deleting, Domain and Path ignored: every test host is its own), and redirects followed one
 * step at a time so the test sees each hop. No connection reuse; every request bounded in time.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { HttpResult } from './net';

export class Browser {
  /** host:port -> cookie name -> value */
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly ca?: string, private readonly timeoutMs = 15_000) {}

  cookies(origin: string): Map<string, string> {
    const host = new URL(origin).host;
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    return cookies;
  }

  private store(url: URL, setCookie: string[] | undefined): void {
    const cookies = this.cookies(url.href);
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const expired = attributes.some((a) => /^max-age=(0|-\d+)$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (expired || value === '' || value === 'deleted') cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  /** One request with the jar's cookies for its host; the answer's cookies go to the jar. */
  request(target: string, options: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<HttpResult> {
    const url = new URL(target);
    const cookies = [...this.cookies(url.href)].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
    const headers: Record<string, string> = { ...options.headers };
    if (cookies) headers.cookie = cookies;
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, { method: options.method ?? (body ? 'POST' : 'GET'), headers, agent: false, timeout: this.timeoutMs, ...(url.protocol === 'https:' ? { ca: this.ca } : {}) }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { text += c; });
        res.on('end', () => {
          this.store(url, res.headers['set-cookie']);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`request to ${target} timed out`)));
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }
}

/** The absolute URL a redirect answer points to. */
export function redirectTarget(from: string, answer: HttpResult): string {
  const location = answer.headers.location;
  if (!location) throw new Error(`${from}: ${answer.status} without Location`);
  return new URL(location, from).href;
}
