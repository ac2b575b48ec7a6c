/**
 * The suite's TCP client (conformance/utils/tcp): line exchanges with echo-basic's TCP server
 * (backends/tcp-echo.ts) through a Gateway. Each check dials anew, as upstream; reads are bounded
 * by the request timeout (upstream's have no deadline of their own).
 */
import * as net from 'node:net';
import { TCP_WELCOME_MESSAGE } from './backends/tcp-echo';
import type { Harness } from './harness';
import { pollUntil, type T } from './t';

/** tcp.ExpectedResponse (plain connections: BackendIsTLS false, no TLS expectations). */
export interface TCPExpectedResponse {
  /** Pods must be named "<backend>-...". */
  backend: string;
  namespace: string;
  backendIsTLS?: boolean;
}

/** tcpserver.TCPAssertions, the fields the checks read. */
interface TCPAssertions {
  namespace?: string;
  pod?: string;
  isTLS?: boolean;
}

/** "ip:port" -> host and port. */
export function splitHostPort(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(':');
  return { host: address.slice(0, colon).replace(/^\[|\]$/g, ''), port: Number(address.slice(colon + 1)) };
}

/** A TCP (or TLS) connection read line by line (bufio.Reader.ReadString('\n')). */
export class LineConnection {
  private buffered = '';
  private ended: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffered += chunk;
      this.wake?.();
    });
    socket.on('end', () => this.finish(new Error('EOF')));
    socket.on('close', () => this.finish(new Error('EOF')));
    socket.on('error', (err) => this.finish(err));
  }

  private finish(err: Error): void {
    this.ended ??= err;
    this.wake?.();
  }

  static dial(address: string, timeoutMs: number): Promise<LineConnection> {
    const { host, port } = splitHostPort(address);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`dial tcp ${address}: i/o timeout`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new LineConnection(socket));
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(new Error(`dial tcp ${address}: ${err.message}`));
      });
    });
  }

  /** The next line with its "\n"; rejects when the connection ends first or the time is up. */
  async readLine(timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const nl = this.buffered.indexOf('\n');
      if (nl >= 0) {
        const line = this.buffered.slice(0, nl + 1);
        this.buffered = this.buffered.slice(nl + 1);
        return line;
      }
      if (this.ended) throw this.ended;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`read tcp ${this.socket.remoteAddress ?? ''}:${this.socket.remotePort ?? ''}: i/o timeout`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }

  write(text: string): void {
    this.socket.write(text);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** MakeTCPRequestAndExpectEventuallyValidResponse, without TLS (the TCPRoute tests' use). */
export function makeTCPRequestAndExpectEventuallyValidResponse(t: T, s: Harness, gwAddr: string, expected: TCPExpectedResponse): Promise<void> {
  return waitForValidTCPResponse(t, s, gwAddr, expected, s.timeouts.maxTimeToConsistency);
}

/**
 * WaitForValidTCPResponse: dial until one connection answers the welcome, PING, IS_TLS and TEST
 * exchange. Mismatches on a connection that answered are errors (assert, not require), and that
 * connection still ends the wait, as upstream; only failed dials and reads are retried.
 */
export async function waitForValidTCPResponse(t: T, s: Harness, gwAddr: string, expected: TCPExpectedResponse, maxTimeToConsistency: number): Promise<void> {
  const readTimeout = s.timeouts.requestTimeout;
  let last = '';
  const ok = await pollUntil(t, s.timeouts.convergenceRetryDelay, maxTimeToConsistency, async () => {
    let conn: LineConnection;
    try {
      conn = await LineConnection.dial(gwAddr, readTimeout);
    } catch (err) {
      last = `client could not connect: ${(err as Error).message}`;
      t.log(`${last}; retrying`);
      return false;
    }
    try {
      const welcome = await conn.readLine(readTimeout);
      if (welcome !== TCP_WELCOME_MESSAGE) t.error(`TCPServer welcome message does not match: expected ${JSON.stringify(TCP_WELCOME_MESSAGE)}, got ${JSON.stringify(welcome)}`);
      conn.write('PING\n');
      const pong = await conn.readLine(readTimeout);
      if (pong !== 'PONG\n') t.error(`expected "PONG\\n", got ${JSON.stringify(pong)}`);
      conn.write('IS_TLS\n');
      const isTLS = (await conn.readLine(readTimeout)).replace(/\n$/, '');
      if (isTLS !== String(expected.backendIsTLS ?? false)) t.error(`IS_TLS: expected ${String(expected.backendIsTLS ?? false)}, got ${JSON.stringify(isTLS)}`);
      conn.write('TEST\n');
      const payload = JSON.parse(await conn.readLine(readTimeout)) as TCPAssertions;
      assertTestMessage(t, payload, expected);
      return true;
    } catch (err) {
      last = `an error occurred during assertion: ${(err as Error).message}`;
      t.log(`${last}, will retry`);
      return false;
    } finally {
      conn.close();
    }
  });
  // assert.Eventually: a failure that lets the test go on.
  if (!ok) t.error(`TCP request to ${gwAddr} never got a valid response in ${maxTimeToConsistency}ms (last: ${last})`);
}

function assertTestMessage(t: T, payload: TCPAssertions, expected: TCPExpectedResponse): void {
  if (payload.namespace !== expected.namespace) t.error(`namespace does not match: expected ${expected.namespace}, got ${String(payload.namespace)}`);
  if (!String(payload.pod ?? '').startsWith(`${expected.backend}-`)) t.error(`backend name does not match with pod prefix. pod=${String(payload.pod)} and backend=${expected.backend}`);
}

/** EchoSendOnce: one connection, the TEST exchange, the answering pod's name. */
export async function echoSendOnce(gwAddr: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const left = (): number => Math.max(1, deadline - Date.now());
  let conn: LineConnection;
  try {
    conn = await LineConnection.dial(gwAddr, left());
  } catch (err) {
    throw new Error(`dialing TCP ${gwAddr}: ${(err as Error).message}`);
  }
  try {
    const welcome = await conn.readLine(left()).catch((err: Error) => { throw new Error(`reading TCP welcome message: ${err.message}`); });
    if (welcome !== TCP_WELCOME_MESSAGE) throw new Error(`unexpected TCP welcome message: ${JSON.stringify(welcome)}`);
    conn.write('TEST\n');
    const line = await conn.readLine(left()).catch((err: Error) => { throw new Error(`reading TEST response: ${err.message}`); });
    let resp: TCPAssertions;
    try {
      resp = JSON.parse(line) as TCPAssertions;
    } catch (err) {
      throw new Error(`decoding TCP echo response ${JSON.stringify(line)}: ${(err as Error).message}`);
    }
    if (!resp.pod) throw new Error(`TCP echo response missing pod name: ${JSON.stringify(line)}`);
    return resp.pod;
  } finally {
    conn.close();
  }
}

/**
 * ExpectEchoResponse: polls until one TEST exchange gets a pod's answer (require: fatal). Unlike
 * the connection probe, this proves the route reaches a ready backend.
 */
export async function expectEchoResponse(t: T, s: Harness, address: string): Promise<void> {
  t.log(`performing TCP echo probe on ${address}`);
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.maxTimeToConsistency, async () => {
    try {
      const pod = await echoSendOnce(address, s.timeouts.requestTimeout);
      t.log(`received a TCP echo response from ${address} via pod ${pod}`);
      return true;
    } catch (err) {
      last = (err as Error).message;
      t.log(`failed to receive a TCP echo response from ${address}; retrying: ${last}`);
      return false;
    }
  });
  if (!ok) t.fatal(`failed waiting for a TCP echo response from ${address} after ${s.timeouts.maxTimeToConsistency}ms: ${last}`);
}

/** ExpectAddressBeAvailable: polls until a TCP connection to the address opens (require: fatal). */
export async function expectAddressBeAvailable(t: T, s: Harness, address: string): Promise<void> {
  t.log(`performing TCP connection probe on ${address}`);
  const timeoutMs = s.timeouts.maxTimeToConsistency;
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, timeoutMs, async () => {
    try {
      (await LineConnection.dial(address, s.timeouts.requestTimeout)).close();
      return true;
    } catch (err) {
      last = (err as Error).message;
      return false;
    }
  });
  if (!ok) t.fatal(`failed waiting for TCP connection to ${address} after ${timeoutMs}ms: ${last}`);
}
