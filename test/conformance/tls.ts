/**
 * The suite's TLS stream checks, transcribed: utils/tls MakeTLSConnectionAndExpectEventuallyConnectionRejection
 * (a handshake the Gateway must refuse) and utils/tcp MakeTCPRequestAndExpectEventuallyValidResponse
 * (echo-basic's TCP echo exchange, over TLS to the Gateway: welcome, PING, IS_TLS, TEST). HTTP
 * requests over TLS routes use http.ts (makeTLSRequestAndExpectEventuallyConsistentResponse).
 *
 * Both are testify assert.Eventually loops upstream: one success ends them, an assertion that
 * fails inside an attempt fails the test (and the attempt still counts), and running out of time
 * is a non-fatal error. Attempts are spaced by the harness's retry delay, not upstream's 1 s tick.
 */
import * as tls from 'node:tls';
import type { TcpAssertions } from './backends/tcp-echo';
import { TCP_WELCOME_MESSAGE } from './backends/tcp-echo';
import type { Harness } from './harness';
import { checkIdentityGoStyle } from './http';
import { sleep, type T } from './t';
import { LineConnection } from './tcp';

/** tcp.ExpectedResponse */
export interface TcpExpectedResponse {
  backendIsTLS: boolean;
  /** Pod name prefix ("<backend>-"). */
  backend: string;
  namespace: string;
  /** Checked, when set, against the ALPN protocol the backend negotiated (as upstream does). */
  tlsProtocol?: string;
  /** The SNI the backend saw (checked when set). */
  hostname?: string;
}

function splitAddress(address: string): { host: string; port: number } {
  const m = /^\[?(.*?)\]?:(\d+)$/.exec(address);
  if (!m) throw new Error(`not a host:port address: ${address}`);
  return { host: m[1], port: Number(m[2]) };
}

/**
 * A TLS dial as Go's tls.Dialer makes it: SNI, TLS 1.2 or later, the server's chain verified
 * against caPem (Go trusts a leaf found there too) or, without it, the system roots (Node's).
 */
function dialTls(address: string, serverName: string, caPem: string | undefined, timeoutMs: number): Promise<tls.TLSSocket> {
  const { host, port } = splitAddress(address);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host, port, servername: serverName, minVersion: 'TLSv1.2',
      ...(caPem ? { ca: caPem, allowPartialTrustChain: true } : {}),
      checkServerIdentity: (hostname, cert) => checkIdentityGoStyle(hostname, cert),
    });
    const timer = setTimeout(() => socket.destroy(new Error(`TLS dial timed out after ${timeoutMs}ms`)), timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      socket.removeListener('error', onError);
      resolve(socket);
    });
    const onError = (err: Error): void => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    socket.once('error', onError);
  });
}

/**
 * isConnectionRejected: the connection ended during the handshake, by a reset or a plain close
 * (Go: ECONNRESET, io.EOF). Node reports both as ECONNRESET ("socket disconnected before secure
 * TLS connection was established").
 */
function isConnectionRejected(err: Error): boolean {
  return (err as NodeJS.ErrnoException).code === 'ECONNRESET' || /connection reset by peer/.test(err.message);
}

/** tls.MakeTLSConnectionAndExpectEventuallyConnectionRejection */
export async function makeTLSConnectionAndExpectEventuallyConnectionRejection(t: T, s: Pick<Harness, 'timeouts'>, gwAddr: string, serverName: string): Promise<void> {
  const deadline = Date.now() + s.timeouts.maxTimeToConsistency;
  let last = '';
  while (Date.now() < deadline && !t.signal.aborted) {
    try {
      const socket = await dialTls(gwAddr, serverName, undefined, s.timeouts.requestTimeout);
      socket.destroy();
      last = 'client could connect';
    } catch (err) {
      if (isConnectionRejected(err as Error)) {
        t.log(`connection was rejected during dial: ${(err as Error).message}`);
        return;
      }
      last = `client could not connect: ${(err as Error).message}`;
    }
    t.log(`${last}; retrying`);
    await sleep(s.timeouts.convergenceRetryDelay, t.signal);
  }
  t.error(`Condition never satisfied: a TLS connection to ${gwAddr} with SNI ${serverName} was not rejected (${last})`);
}

/**
 * tcp.MakeTCPRequestAndExpectEventuallyValidResponse with useTLS (the TLS route tests'): a new
 * TLS connection per attempt with SNI serverName, verified against serverCertificatePem; then
 * the echo exchange, compared with expected.
 */
export async function makeTCPRequestAndExpectEventuallyValidResponse(t: T, s: Pick<Harness, 'timeouts'>, gwAddr: string, serverCertificatePem: string, serverName: string, expected: TcpExpectedResponse): Promise<void> {
  const deadline = Date.now() + s.timeouts.maxTimeToConsistency;
  let last = '';
  while (Date.now() < deadline && !t.signal.aborted) {
    const problem = await tcpEchoAttempt(t, s, gwAddr, serverCertificatePem, serverName, expected);
    if (problem === null) {
      t.log('Request passed');
      return;
    }
    last = problem;
    t.log(`an error occurred during assertion, will retry: ${problem}`);
    await sleep(s.timeouts.convergenceRetryDelay, t.signal);
  }
  t.error(`Condition never satisfied: no valid TCP echo response from ${gwAddr} with SNI ${serverName} (${last})`);
}

/** One attempt of WaitForValidTCPResponse: null when it completed (its assertions recorded as errors), else the I/O error to retry on. */
async function tcpEchoAttempt(t: T, s: Pick<Harness, 'timeouts'>, gwAddr: string, caPem: string, serverName: string, expected: TcpExpectedResponse): Promise<string | null> {
  let socket: tls.TLSSocket;
  try {
    socket = await dialTls(gwAddr, serverName, caPem, s.timeouts.requestTimeout);
  } catch (err) {
    return `client could not connect: ${(err as Error).message}`;
  }
  const lines = new LineConnection(socket);
  const exchange = async (command: string | null): Promise<string> => {
    if (command !== null) lines.write(`${command}\n`);
    return lines.readLine(s.timeouts.requestTimeout);
  };
  try {
    const welcome = await exchange(null);
    if (welcome !== TCP_WELCOME_MESSAGE) t.error(`TCPServer welcome message does not match: expected ${JSON.stringify(TCP_WELCOME_MESSAGE)}, got ${JSON.stringify(welcome)}`);
    const pong = await exchange('PING');
    if (pong !== 'PONG\n') t.error(`expected "PONG\\n", got ${JSON.stringify(pong)}`);
    const isTls = (await exchange('IS_TLS')).replace(/\n$/, '');
    if (isTls !== String(expected.backendIsTLS)) t.error(`IS_TLS: expected ${expected.backendIsTLS}, got ${isTls}`);
    const test = await exchange('TEST');
    let payload: TcpAssertions;
    try {
      payload = JSON.parse(test) as TcpAssertions;
    } catch (err) {
      return `TEST answer is not JSON: ${(err as Error).message}`;
    }
    assertTestMessage(t, payload, expected);
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    socket.destroy();
  }
}

/** assertTestMessage */
function assertTestMessage(t: T, payload: TcpAssertions, expected: TcpExpectedResponse): void {
  if (payload.namespace !== expected.namespace) t.error(`namespace does not match: expected ${expected.namespace}, got ${payload.namespace}`);
  if (typeof payload.pod !== 'string' || !payload.pod.startsWith(`${expected.backend}-`)) t.error(`backend name does not match with pod prefix. pod=${payload.pod} and backend=${expected.backend}`);
  if (expected.hostname && payload.tls?.serverName !== expected.hostname) t.error(`SNI seen by the backend: expected ${expected.hostname}, got ${payload.tls?.serverName ?? '(no TLS)'}`);
  if (expected.tlsProtocol && payload.tls?.negotiatedProtocol !== expected.tlsProtocol) t.error(`negotiated protocol: expected ${expected.tlsProtocol}, got ${payload.tls?.negotiatedProtocol ?? ''}`);
}
