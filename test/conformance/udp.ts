/**
 * The suite's UDP client (conformance/utils/udp) and the one-datagram echo of tests/udproute-weighted-routing.go
 * (udpEchoSendOnce, which the UDP weight and multiple-routes tests share): each exchange from a
 * fresh connected socket, as Go's net.Dial("udp") gives.
 */
import * as dgram from 'node:dgram';
import * as net from 'node:net';
import type { Harness } from './harness';
import { pollUntil, type T } from './t';
import { splitHostPort } from './tcp';

/** udp.ExpectedResponse: fields the echo's JSON must have ("" or absent: any). */
export interface UDPExpectedResponse {
  service?: string;
  namespace?: string;
}

/** udpechoserver.EchoResponse */
interface UDPEchoResponse {
  request?: string;
  namespace?: string;
  service?: string;
  pod?: string;
}

/** Sends one datagram and returns the first one back (at most maxBytes of it, as a read buffer). */
export function udpExchange(address: string, payload: Buffer, timeoutMs: number, maxBytes = 4096): Promise<Buffer> {
  const { host, port } = splitHostPort(address);
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    let settled = false;
    const done = (err: Error | null, msg?: Buffer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      if (err) reject(err);
      else resolve((msg as Buffer).subarray(0, maxBytes));
    };
    const timer = setTimeout(() => done(new Error(`read udp ${address}: i/o timeout`)), timeoutMs);
    socket.on('error', (err) => done(err));
    socket.on('message', (msg) => done(null, msg));
    socket.connect(port, host, () => socket.send(payload, (err) => { if (err) done(err); }));
  });
}

/** ExpectEchoResponse: any answer to the probe (upstream reports with t.Errorf). */
export function expectEchoResponse(t: T, s: Harness, gwAddr: string): Promise<void> {
  return expectEchoResponseFromBackend(t, s, gwAddr, {});
}

/** ExpectEchoResponseFromBackend: polls until an answer comes, from the expected Service and namespace when given. */
export async function expectEchoResponseFromBackend(t: T, s: Harness, gwAddr: string, expected: UDPExpectedResponse): Promise<void> {
  const probe = Buffer.from('gateway-api-conformance-udp-echo');
  const checksBackend = Boolean(expected.service || expected.namespace);
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.maxTimeToConsistency, async () => {
    let answer: Buffer;
    try {
      answer = await udpExchange(gwAddr, probe, s.timeouts.requestTimeout, 1024);
    } catch (err) {
      last = `failed to read UDP echo response: ${(err as Error).message}`;
      t.log(last);
      return false;
    }
    if (!checksBackend) return true;
    let resp: UDPEchoResponse;
    try {
      resp = JSON.parse(answer.toString('utf8')) as UDPEchoResponse;
    } catch (err) {
      last = `failed to decode UDP echo response from ${gwAddr}: ${(err as Error).message}`;
      t.log(last);
      return false;
    }
    if (expected.service && resp.service !== expected.service) {
      last = `UDP echo response service=${JSON.stringify(resp.service)} did not match expected ${JSON.stringify(expected.service)} (pod=${String(resp.pod)})`;
      t.log(last);
      return false;
    }
    if (expected.namespace && resp.namespace !== expected.namespace) {
      last = `UDP echo response namespace=${JSON.stringify(resp.namespace)} did not match expected ${JSON.stringify(expected.namespace)} (pod=${String(resp.pod)})`;
      t.log(last);
      return false;
    }
    return true;
  });
  if (ok) return;
  const backend = checksBackend ? ` with expected backend service=${JSON.stringify(expected.service ?? '')} namespace=${JSON.stringify(expected.namespace ?? '')}` : '';
  t.error(`UDP echo probe never succeeded against ${gwAddr}${backend}: ${last}`);
}

/** udpEchoSendOnce (tests/udproute-weighted-routing.go): one datagram, the answering pod's name. */
export async function udpEchoSendOnce(gwAddr: string, timeoutMs: number): Promise<string> {
  let answer: Buffer;
  try {
    answer = await udpExchange(gwAddr, Buffer.from('gateway-api-conformance-udp-weight\n'), timeoutMs);
  } catch (err) {
    throw new Error(`reading UDP echo response: ${(err as Error).message}`);
  }
  let resp: UDPEchoResponse;
  try {
    resp = JSON.parse(answer.toString('utf8')) as UDPEchoResponse;
  } catch (err) {
    throw new Error(`decoding UDP echo response ${JSON.stringify(answer.toString('utf8'))}: ${(err as Error).message}`);
  }
  if (!resp.pod) throw new Error(`UDP echo response missing pod name: ${JSON.stringify(answer.toString('utf8'))}`);
  return resp.pod;
}
