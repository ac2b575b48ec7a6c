/**
 * The suite's HTTP checks (conformance/utils/http, utils/roundtripper, utils/tls, utils/weight),
 * transcribed: requests made as its Go client makes them, responses compared field by field as
 * CompareRoundTrip does, and "eventually consistent" meaning N successes in a row.
 */
import * as http from 'node:http';
import * as http2 from 'node:http2';
import * as https from 'node:https';
import { randomInt } from 'node:crypto';
import type { PeerCertificate } from 'node:tls';
import { goStyleHostMatches, type CertPair } from './certs';
import { connectWithClientCertificate, type PresentedCertificateWatch } from './client-certificate';
import type { Harness } from './harness';
import { sleep, FatalError, type T } from './t';

export interface Request {
  host?: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  unfollowRedirect?: boolean;
  protocol?: string;
  body?: string;
  /** Expected only: the SNI the TLS backend saw (echo-basic's tls.serverName). */
  sni?: string;
  /** Expected only: a certificate (PEM) the TLS backend's client presented (echo-basic's tls.peerCertificates). */
  clientCert?: string;
}

export interface ExpectedRequest extends Partial<Request> {
  absentHeaders?: string[];
  httpPort?: string;
}

export interface RedirectRequest {
  scheme?: string;
  host?: string;
  port?: string;
  path?: string;
}

export interface Response {
  statusCode?: number;
  statusCodes?: number[];
  headers?: Record<string, string>;
  /** Headers that may have any of several values. */
  validHeaderValues?: Record<string, string[]>;
  absentHeaders?: string[];
  /** Spaces do not count when comparing header values. */
  ignoreWhitespace?: boolean;
}

/** http.MirroredBackend: a Service that must see a copy of the request (Percent: of the requests). */
export interface MirroredBackend {
  name: string;
  namespace: string;
  percent?: number;
}

/** roundtripper's protocols besides HTTP/HTTPS. */
export const H2_PROTOCOL = 'H2';
export const H2C_PRIOR_KNOWLEDGE_PROTOCOL = 'H2C_PRIOR_KNOWLEDGE';

export interface ExpectedResponse {
  request: Request;
  mirroredTo?: MirroredBackend[];
  expectedRequest?: ExpectedRequest;
  redirectRequest?: RedirectRequest;
  backendSetResponseHeaders?: Record<string, string>;
  response?: Response;
  /** Pod name prefix of the backend that must answer. */
  backend?: string;
  namespace?: string;
  testCaseName?: string;
}

/** roundtripper.Request: a request ready to send. */
export interface RoundTripRequest {
  method: string;
  scheme: 'http' | 'https';
  /** host[:port] to connect to (as in the URL). */
  urlHost: string;
  path: string;
  host?: string;
  protocol: string;
  headers: Record<string, string>;
  unfollowRedirect: boolean;
  body?: string;
  serverName?: string;
  serverCertificate?: string;
  /** Presented when the server asks for one (the suite's GetClientCertificateHook). */
  clientCertificate?: CertPair;
  /** Called when the handshake carried the client certificate (the hook was called). */
  onClientCertificatePresented?: () => void;
}

/** roundtripper.CapturedRequest: what the echo backend saw. */
export interface CapturedRequest {
  path: string;
  host: string;
  method: string;
  proto: string;
  headers: Record<string, string[]>;
  httpPort: string;
  namespace: string;
  pod: string;
  /** What a TLS backend saw of the connection (echo-basic's tls; empty over plain HTTP). */
  tls: { serverName: string; peerCertificates: string[] };
}

export interface CapturedResponse {
  statusCode: number;
  protocol: string;
  /** Lower-case names; repeated headers as separate values. */
  headers: Record<string, string[]>;
  redirectRequest?: RedirectRequest;
}

/** Go's textproto.CanonicalMIMEHeaderKey: "x-header-set" -> "X-Header-Set". */
export function canonicalHeaderName(name: string): string {
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

/** http.CalculateHost: the URL host, without the scheme's default port. */
export function calculateHost(gwAddr: string, scheme: string): string {
  const m = /^(.*):(\d+)$/.exec(gwAddr);
  if (!m) return gwAddr;
  const [, host, port] = m;
  if ((scheme === 'http' && port === '80') || (scheme === 'https' && port === '443')) return host.includes(':') ? `[${host}]` : host;
  return gwAddr;
}

/** http.MakeRequest: fills defaults into expected (as upstream does) and builds the request. */
export function makeRequest(expected: ExpectedResponse, gwAddr: string, protocol: string, scheme: 'http' | 'https'): RoundTripRequest {
  expected.request.method ??= 'GET';
  expected.response ??= {};
  const codes = expected.response.statusCodes ?? [];
  if (expected.response.statusCode && !codes.includes(expected.response.statusCode)) codes.push(expected.response.statusCode);
  if (codes.length === 0) codes.push(200);
  expected.response.statusCodes = codes;
  expected.request.protocol ??= protocol;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(expected.request.headers ?? {})) headers[canonicalHeaderName(name)] = value;
  headers['X-Echo-Set-Header'] = Object.entries(expected.backendSetResponseHeaders ?? {}).map(([n, v]) => `${n}:${v}`).join(',');
  return {
    method: expected.request.method,
    scheme,
    urlHost: calculateHost(gwAddr, scheme),
    path: expected.request.path,
    host: expected.request.host,
    protocol: expected.request.protocol,
    headers,
    unfollowRedirect: expected.request.unfollowRedirect ?? false,
    body: expected.request.body,
  };
}

/** net.SplitHostPort's host: "ip:port" (or "[ip6]:port") -> "ip". */
export function hostOf(address: string): string {
  return splitUrlHost(address).hostname;
}

/** net.JoinHostPort */
export function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

function splitUrlHost(urlHost: string): { hostname: string; port?: number } {
  const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(urlHost);
  return { hostname: m?.[1] ?? urlHost, port: m?.[2] ? Number(m[2]) : undefined };
}

/**
 * DefaultRoundTripper.CaptureRoundTrip: one request on a fresh connection (no keep-alive), with
 * the Go client's default headers. Redirects are not followed (core tests ask not to).
 */
export function captureRoundTrip(req: RoundTripRequest, timeoutMs: number): Promise<{ cReq: CapturedRequest; cRes: CapturedResponse }> {
  if (req.protocol === H2_PROTOCOL || req.protocol === H2C_PRIOR_KNOWLEDGE_PROTOCOL) return captureH2RoundTrip(req, timeoutMs);
  const { hostname, port } = splitUrlHost(req.urlHost);
  const headers: Record<string, string> = {
    Host: req.host ?? req.urlHost,
    'User-Agent': 'Go-http-client/1.1',
    'Accept-Encoding': 'gzip',
    ...req.headers,
  };
  if (req.body) headers['Content-Length'] = String(Buffer.byteLength(req.body));
  const options: https.RequestOptions = {
    method: req.method, hostname, port: port ?? (req.scheme === 'https' ? 443 : 80), path: req.path,
    headers, agent: false, timeout: timeoutMs,
  };
  if (req.scheme === 'https') {
    if (!req.serverName) return Promise.reject(new Error('https request has no server name configured'));
    if (!req.serverCertificate) return Promise.reject(new Error('https request has no trusted certificates configured'));
    options.servername = req.serverName;
    options.ca = req.serverCertificate;
    // Go trusts a certificate found in RootCAs even when it is not a CA (the suite passes leaves).
    options.allowPartialTrustChain = true;
    options.checkServerIdentity = (host, cert) => checkIdentityGoStyle(host, cert);
  }
  let watch: PresentedCertificateWatch | undefined;
  const client = req.scheme === 'https' ? req.clientCertificate : undefined;
  if (client) {
    // The certificate goes on a connection of ours, which tells whether the handshake carried it.
    const agent = new https.Agent();
    agent.createConnection = () => {
      const connection = connectWithClientCertificate({
        host: hostname, port: port ?? 443, servername: options.servername, ca: options.ca, checkServerIdentity: options.checkServerIdentity,
        cert: client.certPem, key: client.keyPem,
      });
      watch = connection.watch;
      return connection.socket;
    };
    options.agent = agent;
  }
  const module = req.scheme === 'https' ? https : http;
  return new Promise((resolve, reject) => {
    const r = module.request(options, (res) => {
      if (watch?.presented()) req.onClientCertificatePresented?.();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const resHeaders: Record<string, string[]> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) (resHeaders[res.rawHeaders[i].toLowerCase()] ??= []).push(res.rawHeaders[i + 1]);
        try {
          resolve(captured(req, res.statusCode ?? 0, `HTTP/${res.httpVersion}`, resHeaders, Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    r.on('timeout', () => r.destroy(new Error(`request timed out after ${timeoutMs}ms`)));
    r.on('error', (err) => {
      if (watch?.presented()) req.onClientCertificatePresented?.();
      reject(err);
    });
    if (req.body) r.write(req.body);
    r.end();
  });
}

/** The captured request (the echo's JSON) and response, as defaultRoundTrip reads them; throws as it errs. */
function captured(req: RoundTripRequest, statusCode: number, protocol: string, resHeaders: Record<string, string[]>, body: string): { cReq: CapturedRequest; cRes: CapturedResponse } {
  let cReq: CapturedRequest = { path: '', host: '', method: req.method, proto: '', headers: {}, httpPort: '', namespace: '', pod: '', tls: { serverName: '', peerCertificates: [] } };
  // Go reads the body as the echo's JSON only for exactly this content type.
  if ((resHeaders['content-type'] ?? [])[0] === 'application/json') {
    try {
      cReq = parseCaptured(JSON.parse(body));
    } catch (err) {
      throw new Error(`unexpected error reading response: ${(err as Error).message}`);
    }
  }
  const cRes: CapturedResponse = { statusCode, protocol, headers: resHeaders };
  if (isRedirect(cRes.statusCode)) {
    const location = resHeaders.location?.[0];
    if (location === undefined) throw new Error('http: no Location header in response');
    cRes.redirectRequest = parseLocation(location, `${req.scheme}://${req.urlHost}${req.path}`);
  }
  return { cReq, cRes };
}

/**
 * The roundtripper's h2Transport (HTTP/2 over TLS, :authority from the Host) and
 * h2cPriorKnowledgeTransport (HTTP/2 without TLS): one request on its own connection.
 */
function captureH2RoundTrip(req: RoundTripRequest, timeoutMs: number): Promise<{ cReq: CapturedRequest; cRes: CapturedResponse }> {
  const tls = req.protocol === H2_PROTOCOL;
  if (!tls && req.serverName && req.serverCertificate) return Promise.reject(new Error('request has configured trusted CA certificates but h2 prior knowledge is not encrypted'));
  if (tls && !req.serverName) return Promise.reject(new Error('https request has no server name configured'));
  if (tls && !req.serverCertificate) return Promise.reject(new Error('https request has no trusted certificates configured'));
  const { hostname, port } = splitUrlHost(req.urlHost);
  const authority = `${tls ? 'https' : 'http'}://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port ?? (tls ? 443 : 80)}`;
  return new Promise((resolve, reject) => {
    const session = http2.connect(authority, tls ? {
      servername: req.serverName, ca: req.serverCertificate, allowPartialTrustChain: true, ALPNProtocols: ['h2'],
      checkServerIdentity: (host: string, cert: PeerCertificate) => checkIdentityGoStyle(host, cert),
    } : {});
    const timer = setTimeout(() => { session.destroy(new Error(`request timed out after ${timeoutMs}ms`)); }, timeoutMs);
    const fail = (err: Error): void => { clearTimeout(timer); session.destroy(); reject(err); };
    session.on('error', fail);
    const headers: http2.OutgoingHttpHeaders = {
      ':method': req.method, ':path': req.path, ':authority': req.host ?? req.urlHost, ':scheme': tls ? 'https' : 'http',
      'user-agent': 'Go-http-client/2.0', 'accept-encoding': 'gzip',
    };
    for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = value;
    if (req.body) headers['content-length'] = String(Buffer.byteLength(req.body));
    const stream = session.request(headers, { endStream: !req.body });
    stream.on('error', fail);
    let status = 0;
    const resHeaders: Record<string, string[]> = {};
    stream.on('response', (h) => {
      status = Number(h[':status'] ?? 0);
      for (const [name, value] of Object.entries(h)) {
        if (name.startsWith(':') || value === undefined) continue;
        resHeaders[name] = Array.isArray(value) ? value.map(String) : [String(value)];
      }
    });
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      clearTimeout(timer);
      session.close();
      try {
        resolve(captured(req, status, 'HTTP/2.0', resHeaders, Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        reject(err as Error);
      }
    });
    if (req.body) stream.end(req.body);
  });
}

/** Go's VerifyHostname on the DNS names of the certificate (see goStyleHostMatches). */
export function checkIdentityGoStyle(host: string, cert: PeerCertificate): Error | undefined {
  const names = (cert.subjectaltname ?? '').split(',').map((s) => s.trim()).filter((s) => s.startsWith('DNS:')).map((s) => s.slice(4));
  if (names.some((n) => goStyleHostMatches(n, host))) return undefined;
  return new Error(`x509: certificate is valid for ${names.join(', ')}, not ${host}`);
}

function parseCaptured(v: unknown): CapturedRequest {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  const str = (x: unknown): string => (typeof x === 'string' ? x : '');
  const headers: Record<string, string[]> = {};
  if (typeof o.headers === 'object' && o.headers !== null) {
    for (const [name, values] of Object.entries(o.headers as Record<string, unknown>)) {
      if (Array.isArray(values)) headers[name] = values.map(String);
    }
  }
  const tls = (typeof o.tls === 'object' && o.tls !== null ? o.tls : {}) as Record<string, unknown>;
  const peerCertificates = Array.isArray(tls.peerCertificates) ? tls.peerCertificates.map(String) : [];
  return {
    path: str(o.path), host: str(o.host), method: str(o.method), proto: str(o.proto), headers, httpPort: str(o.httpPort), namespace: str(o.namespace), pod: str(o.pod),
    tls: { serverName: str(tls.serverName), peerCertificates },
  };
}

/** Location as Go's resp.Location() and url.URL see it: scheme, hostname, explicit port, path. */
function parseLocation(location: string, requestUrl: string): RedirectRequest {
  const url = new URL(location, requestUrl);
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]*)(?::(\d*))?/.exec(location);
  const port = m ? (m[2] ?? '') : url.port;
  let pathname = url.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch { /* keep it encoded */ }
  return { scheme: url.protocol.replace(/:$/, ''), host: url.hostname.replace(/^\[|\]$/g, ''), port, path: pathname };
}

export function isRedirect(code: number): boolean {
  return [300, 301, 302, 303, 304, 305, 307, 308].includes(code);
}

export function isTimeoutError(code: number): boolean {
  return code === 408 || code === 504;
}

/** Go's http.Header after the comparison lower-cases it: values of names equal but for case merge. */
function lowerHeaders(h: Record<string, string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, values] of Object.entries(h)) {
    const key = name.toLowerCase();
    out.set(key, [...(out.get(key) ?? []), ...values]);
  }
  return out;
}

/** http.CompareRoundTrip: null when the round trip meets the expectation, else why not. */
export function compareRoundTrip(req: RoundTripRequest, cReq: CapturedRequest, cRes: CapturedResponse, expectedIn: ExpectedResponse): string | null {
  const expected: ExpectedResponse = structuredClone(expectedIn);
  const codes = expected.response?.statusCodes ?? [200];
  if (isTimeoutError(cRes.statusCode) && codes.some(isTimeoutError)) return null;
  if (!codes.includes(cRes.statusCode)) return `expected status code to be one of ${JSON.stringify(codes)}, got ${cRes.statusCode}`;

  if (cRes.statusCode === 200 || cRes.statusCode === 204) {
    const er: ExpectedRequest = expected.expectedRequest ?? { ...expected.request };
    er.method ||= 'GET';
    if (er.host && er.host !== cReq.host) return `expected host to be ${er.host}, got ${cReq.host}`;
    if ((er.path ?? '') !== cReq.path) return `expected path to be ${er.path}, got ${cReq.path}`;
    if (er.method !== cReq.method) return `expected method to be ${er.method}, got ${cReq.method}`;
    if ((expected.namespace ?? '') !== cReq.namespace) return `expected namespace to be ${expected.namespace ?? ''}, got ${cReq.namespace}`;
    const seen = lowerHeaders(cReq.headers);
    if (er.headers) {
      for (const [name, value] of Object.entries(er.headers)) {
        const actual = seen.get(name.toLowerCase());
        if (!actual) return `expected ${name} header to be set, actual headers: ${JSON.stringify(Object.fromEntries(seen))}`;
        if (actual.join(',') !== value) return `expected ${name} header to be set to ${value}, got ${actual.join(',')}`;
      }
    }
    if (er.httpPort && er.httpPort !== cReq.httpPort) return `expected httpPort ${er.httpPort}, got ${cReq.httpPort}`;
    const resHeaders = lowerHeaders(cRes.headers);
    const squash = (v: string): string => (expected.response?.ignoreWhitespace ? v.split(' ').join('') : v);
    for (const [name, values] of Object.entries(expected.response?.validHeaderValues ?? {})) {
      const actual = resHeaders.get(name.toLowerCase());
      if (!actual) return `expected ${name} header to be set, actual headers: ${JSON.stringify(Object.fromEntries(resHeaders))}`;
      const got = squash(actual.join(','));
      const allowed = values.map(squash);
      if (!allowed.includes(got)) return `expected ${name} header to be set to one of ${JSON.stringify(allowed)}, got ${got}`;
    }
    for (const [name, value] of Object.entries(expected.response?.headers ?? {})) {
      const actual = resHeaders.get(name.toLowerCase());
      if (!actual) return `expected ${name} response header to be set, actual headers: ${JSON.stringify(Object.fromEntries(resHeaders))}`;
      if (squash(actual.join(',')) !== squash(value)) return `expected ${name} response header to be set to ${squash(value)}, got ${squash(actual.join(','))}`;
    }
    for (const name of expected.response?.absentHeaders ?? []) {
      const v = resHeaders.get(name.toLowerCase());
      if (v) return `expected ${name} response header to not be set, got ${v.join(',')}`;
    }
    for (const name of er.absentHeaders ?? []) {
      const v = seen.get(name.toLowerCase());
      if (v) return `expected ${name} header to not be set, got ${v.join(',')}`;
    }
    if (!cReq.pod.startsWith(expected.backend ?? '')) return `expected pod name to start with ${expected.backend}, got ${cReq.pod}`;
    if (er.sni && er.sni !== cReq.tls.serverName) return `expected SNI ${JSON.stringify(cReq.tls.serverName)} to be equal to ${JSON.stringify(er.sni)}`;
    if (er.clientCert && !cReq.tls.peerCertificates.includes(er.clientCert)) return 'expected client certificate was not captured';
  } else if (isRedirect(cRes.statusCode)) {
    if (!expected.redirectRequest) return null;
    const got = cRes.redirectRequest ?? {};
    const want = { ...expected.redirectRequest };
    want.host ||= got.host;
    want.scheme ||= req.scheme;
    want.path ||= req.path.split('?')[0];
    if (want.host !== got.host) return `expected redirected hostname to be ${want.host}, got ${got.host}`;
    const gotPort = got.port ?? '';
    if (!want.port) {
      if (got.scheme?.toLowerCase() === 'http' && gotPort !== '80' && gotPort !== '') return `for http scheme, expected redirected port to be 80 or not set, got ${gotPort}`;
      if (got.scheme?.toLowerCase() === 'https' && gotPort !== '443' && gotPort !== '') return `for https scheme, expected redirected port to be 443 or not set, got ${gotPort}`;
    } else if (want.port !== gotPort) {
      return `expected redirected port to be ${want.port}, got ${gotPort}`;
    }
    if (want.scheme !== got.scheme) return `expected redirected scheme to be ${want.scheme}, got ${got.scheme}`;
    if (want.path !== got.path) return `expected redirected path to be ${want.path}, got ${got.path}`;
  }
  return null;
}

/** http.AwaitConvergence: fn must succeed `threshold` times in a row within maxMs. */
export async function awaitConvergence(t: T, s: Harness, threshold: number, maxMs: number, fn: () => Promise<string | null>): Promise<void> {
  const deadline = Date.now() + maxMs;
  let successes = 0;
  let attempts = 0;
  let last = '';
  for (;;) {
    if (Date.now() >= deadline || t.signal.aborted) {
      t.fatal(`${t.signal.aborted ? 'test deadline exceeded, ' : ''}timeout after ${attempts} attempts, ${successes}/${threshold} successes: ${last}`);
    }
    const problem = await fn();
    attempts++;
    if (problem === null) {
      successes++;
      if (successes >= threshold) return;
      continue;
    }
    last = problem;
    successes = 0;
    await sleep(s.timeouts.convergenceRetryDelay, t.signal);
  }
}

/** One request of WaitForConsistentResponse: null when it met the expectation, else why not. */
export async function attemptRequest(s: Harness, req: RoundTripRequest, expected: ExpectedResponse): Promise<string | null> {
  try {
    const { cReq, cRes } = await captureRoundTrip(req, s.timeouts.requestTimeout);
    const problem = compareRoundTrip(req, cReq, cRes, expected);
    return problem === null ? null : `${problem} (${req.method} ${req.scheme}://${req.host ?? req.urlHost}${req.path})`;
  } catch (err) {
    return `request failed: ${(err as Error).message} (${req.method} ${req.scheme}://${req.urlHost}${req.path} Host ${req.host ?? req.urlHost})`;
  }
}

/** http.MakeRequestAndExpectEventuallyConsistentResponse */
export async function makeRequestAndExpectEventuallyConsistentResponse(t: T, s: Harness, gwAddr: string, expectedIn: ExpectedResponse): Promise<void> {
  const expected = structuredClone(expectedIn);
  const req = makeRequest(expected, gwAddr, 'HTTP', 'http');
  await awaitConvergence(t, s, s.timeouts.requiredConsecutiveSuccesses, s.timeouts.maxTimeToConsistency, () => attemptRequest(s, req, expected));
}

/** http.MakeRequestAndExpectFailure: 5 answers in a row that are not 200 (a 200 fails the test at once; timeouts and errors do not count). */
export async function makeRequestAndExpectFailure(t: T, s: Harness, gwAddr: string, expectedIn: ExpectedResponse): Promise<void> {
  const expected = structuredClone(expectedIn);
  const req = makeRequest(expected, gwAddr, 'HTTP', 'http');
  await awaitConvergence(t, s, 5, s.timeouts.maxTimeToConsistency, async () => {
    let statusCode: number;
    try {
      statusCode = (await captureRoundTrip(req, s.timeouts.requestTimeout)).cRes.statusCode;
    } catch (err) {
      return `request failed: ${(err as Error).message} (${req.method} ${req.scheme}://${req.urlHost}${req.path} Host ${req.host ?? req.urlHost})`;
    }
    if (isTimeoutError(statusCode)) return `status ${statusCode}: not ready yet`;
    if (statusCode === 200) t.fatal(`Request ${req.method} ${req.scheme}://${req.host ?? req.urlHost}${req.path} should failed, returned HTTP Status OK (200) instead`);
    return null;
  });
}

/** The TLS request of utils/tls: server name, trusted certificate, and a client certificate to present when asked. */
function tlsRequest(expected: ExpectedResponse, gwAddr: string, serverCertPem: string, serverName: string, client: CertPair | undefined, presented: () => void): RoundTripRequest {
  const req = makeRequest(expected, gwAddr, 'HTTPS', 'https');
  req.serverName = serverName;
  req.serverCertificate = serverCertPem;
  if (client) {
    req.clientCertificate = client;
    req.onClientCertificatePresented = presented;
  }
  return req;
}

/** tls.MakeTLSRequestAndExpectEventuallyConsistentResponse; with a client certificate, it must have been presented. */
export async function makeTLSRequestAndExpectEventuallyConsistentResponse(t: T, s: Harness, gwAddr: string, serverCertPem: string, serverName: string, expectedIn: ExpectedResponse, client?: CertPair): Promise<void> {
  const expected = structuredClone(expectedIn);
  let presented = false;
  const req = tlsRequest(expected, gwAddr, serverCertPem, serverName, client, () => { presented = true; });
  await awaitConvergence(t, s, s.timeouts.requiredConsecutiveSuccesses, s.timeouts.maxTimeToConsistency, () => attemptRequest(s, req, expected));
  if (client && !presented) t.error('client certificate was not presented during the handshake');
}

/**
 * tls.MakeTLSRequestAndExpectEventuallyConsistentFailureResponse: requests until they fail
 * (not answer at all) enough times in a row; an answer is "not ready yet".
 */
export async function makeTLSRequestAndExpectEventuallyConsistentFailureResponse(t: T, s: Harness, gwAddr: string, serverCertPem: string, serverName: string, expectedIn: ExpectedResponse, client?: CertPair): Promise<void> {
  const expected = structuredClone(expectedIn);
  let presented = false;
  const req = tlsRequest(expected, gwAddr, serverCertPem, serverName, client, () => { presented = true; });
  await awaitConvergence(t, s, s.timeouts.requiredConsecutiveSuccesses, s.timeouts.maxTimeToConsistency, async () => {
    try {
      await captureRoundTrip(req, s.timeouts.requestTimeout);
    } catch {
      return null;
    }
    return 'Request unexpectedly succeeded, not ready yet';
  });
  t.log('Request failed as expected');
  if (client && !presented) t.error('client certificate was not presented during the handshake');
}

/** ExpectedResponse.GetTestCaseName */
export function testCaseName(e: ExpectedResponse, i: number): string {
  if (e.testCaseName) return e.testCaseName;
  const req = `${i} request to '${e.request.host ?? ''}${e.request.path}'${e.request.headers ? ' with headers' : ''}`;
  if (e.backend) return `${req} should go to ${e.backend}`;
  const codes = e.response?.statusCodes ?? (e.response?.statusCode ? [e.response.statusCode] : [200]);
  return `${req} should receive one of [${codes.join(' ')}]`;
}

/** The common loop of the suite's tests: each case a parallel subtest. */
export async function runRequestCases(t: T, s: Harness, gwAddr: string, cases: readonly ExpectedResponse[]): Promise<void> {
  await t.parallel(cases.map((tc, i) => [testCaseName(tc, i), (st: T) => makeRequestAndExpectEventuallyConsistentResponse(st, s, gwAddr, tc)] as const));
}

// ---------------------------------------------------------------- weights (utils/weight)

/** weight.MaxTestRetries */
export const MAX_TEST_RETRIES = 10;

/** extractBackendName: "<deployment>-<rs hash>-<pod hash>" -> "<deployment>". */
export function extractBackendName(podName: string): string {
  const parts = podName.split('-');
  return parts.length < 3 ? podName : parts.slice(0, -2).join('-');
}

/** TestWeightedDistribution: 500 requests, 10 at a time, each backend's share within 5 points. */
export async function testWeightedDistribution(t: T, send: () => Promise<string>, expectedWeights: Record<string, number>): Promise<string | null> {
  const concurrent = 10;
  const total = 500;
  const tolerance = 0.05;
  const seen = new Map<string, number>();
  let next = 0;
  let failure: string | null = null;
  await Promise.all(Array.from({ length: concurrent }, async () => {
    while (failure === null && next < total) {
      next++;
      t.checkDeadline();
      try {
        const backend = extractBackendName(await send());
        if (!(backend in expectedWeights)) failure = `request was handled by an unexpected pod (extracted backend: ${JSON.stringify(backend)})`;
        else seen.set(backend, (seen.get(backend) ?? 0) + 1);
      } catch (err) {
        failure = `error while sending requests: ${(err as Error).message}`;
      }
    }
  }));
  if (failure) return failure;
  const errors: string[] = [];
  const active = Object.values(expectedWeights).filter((w) => w > 0).length;
  if (seen.size !== active) errors.push(`expected ${active} backends to receive traffic, but got ${seen.size}`);
  for (const [backend, want] of Object.entries(expectedWeights)) {
    const got = seen.get(backend);
    if (got === undefined && want !== 0) {
      errors.push(`expect traffic to hit backend ${JSON.stringify(backend)} - but none was received`);
      continue;
    }
    const share = (got ?? 0) / total;
    if (Math.abs(share - want) > tolerance) errors.push(`backend ${JSON.stringify(backend)} weighted traffic of ${share} not within tolerance ${want} (+/-${tolerance})`);
  }
  return errors.length ? errors.sort().join('; ') : null;
}

/** The HTTPRouteWeight check: requests (with random X-Jitter, as http.AddEntropy) split by weight. */
export async function expectWeightedDistribution(t: T, s: Harness, gwAddr: string, expected: ExpectedResponse, expectedWeights: Record<string, number>): Promise<void> {
  const send = async (): Promise<string> => {
    const unique = structuredClone(expected);
    if (randomInt(2) === 1) unique.request.headers = { 'X-Jitter': String(randomInt(10000)) };
    const req = makeRequest(unique, gwAddr, 'HTTP', 'http');
    const { cReq, cRes } = await captureRoundTrip(req, s.timeouts.requestTimeout);
    const problem = compareRoundTrip(req, cReq, cRes, unique);
    if (problem) throw new Error(`response expectation failed for request: ${problem}`);
    return cReq.pod;
  };
  await expectWeightedDistributionOf(t, send, expectedWeights);
}

/**
 * The weight tests' loop: TestWeightedDistribution with a sender (weight.NewFunctionBasedSender:
 * send answers the name of the pod that served one request), up to MaxTestRetries times.
 */
export async function expectWeightedDistributionOf(t: T, send: () => Promise<string>, expectedWeights: Record<string, number>): Promise<void> {
  const problems: string[] = [];
  for (let i = 0; i < MAX_TEST_RETRIES; i++) {
    let problem: string | null;
    try {
      problem = await testWeightedDistribution(t, send, expectedWeights);
    } catch (err) {
      if (err instanceof FatalError) t.fatal(`${err.message}; distribution attempts so far: ${problems.join(' | ')}`);
      throw err;
    }
    if (problem === null) return;
    problems.push(problem);
    t.log(`Traffic distribution test failed (${i + 1}/${MAX_TEST_RETRIES}): ${problem}`);
  }
  t.fatal(`Weighted distribution tests failed: ${problems[problems.length - 1]}`);
}

// ---------------------------------------------------------------- mirrors (utils/http/mirror.go)

const REQUEST_ID_QUERY_PARAM = 'gateway-api-conformance-request-id';

/** addQueryParam: sets name=value in the URL's query, re-encoded with sorted keys as Go's url.Values.Encode. */
function addQueryParam(rawUrl: string, name: string, value: string): string {
  const q = rawUrl.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
  params.set(name, value);
  params.sort();
  return `${q < 0 ? rawUrl : rawUrl.slice(0, q)}?${params.toString()}`;
}

/** ExpectedResponse.AddRequestIDQueryParam: marks the request (and the expected one) with an id. */
export function addRequestIDQueryParam(er: ExpectedResponse, requestID: string): void {
  const path = addQueryParam(er.request.path, REQUEST_ID_QUERY_PARAM, requestID);
  if (er.expectedRequest) er.expectedRequest.path = er.expectedRequest.path ? addQueryParam(er.expectedRequest.path, REQUEST_ID_QUERY_PARAM, requestID) : path;
  er.request.path = path;
}

/** GetMirrorLogRegexp: echo-basic's log line for a request to path. */
export function mirrorLogRegexp(path: string): RegExp {
  return new RegExp(`Echoing back request made to ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} to client`);
}

/**
 * ExpectMirroredRequest: each mirror backend's pods must log the request within the request
 * timeout (polled every second, logs from MaxTimeToConsistency ago on). Starts watching now;
 * the returned function waits for the verdicts (each a non-fatal error when missing).
 */
export function expectMirroredRequest(t: T, s: Harness, mirrorPods: readonly MirroredBackend[], path: string): () => Promise<void> {
  for (const [i, pod] of mirrorPods.entries()) {
    if (!pod.name) t.fatal(`Mirrored BackendRef[${i}].Name wasn't provided in the testcase, this test should only check http request mirror.`);
  }
  const pattern = mirrorLogRegexp(path);
  const assertionStart = Date.now() - s.timeouts.maxTimeToConsistency;
  const watches = mirrorPods.map(async (pod) => {
    const deadline = Date.now() + s.timeouts.requestTimeout;
    while (Date.now() < deadline && !t.signal.aborted) {
      await sleep(Math.min(1000, Math.max(0, deadline - Date.now())), t.signal);
      if (s.echoLogs(pod.namespace, pod.name, assertionStart).some((l) => pattern.test(l))) return;
    }
    t.error(`Couldn't find mirrored request in "${pod.namespace}/${pod.name}" logs`);
  });
  return async () => { await Promise.all(watches); };
}
