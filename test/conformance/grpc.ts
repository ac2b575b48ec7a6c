/**
 * The suite's gRPC checks (conformance/utils/grpc), transcribed: RPCs to the echo service made
 * as its DefaultClient makes them (plaintext HTTP/2 to the Gateway's address, an optional
 * :authority for the connection, metadata per call), the response compared as compareResponse
 * does (status code; for OK the method, namespace and pod the echo pod reports), and "eventually
 * consistent" meaning N successes in a row (http.AwaitConvergence, shared with the HTTP checks).
 */
import * as grpc from '@grpc/grpc-js';
import { randomInt } from 'node:crypto';
import type { Harness } from './harness';
import { awaitConvergence } from './http';
import { fullyQualifiedMethod, GRPC_ECHO_PROTO, loadGrpcEchoService, type EchoMethod, type EchoRequest, type EchoResponse, type GrpcEchoService } from './grpcecho';
import type { T } from './t';

/** grpc.RequestMetadata */
export interface GrpcRequestMetadata {
  /** The :authority of the connection's requests. */
  authority?: string;
  /** Metadata pairs sent with the call. */
  metadata?: Record<string, string>;
}

/** grpc.Response */
export interface GrpcResponse {
  code: grpc.status;
  headers: grpc.Metadata;
  trailers: grpc.Metadata;
  response?: EchoResponse;
}

/** grpc.ExpectedResponse: exactly one of the three requests is set. */
export interface GrpcExpectedResponse {
  echoRequest?: EchoRequest;
  echoTwoRequest?: EchoRequest;
  echoThreeRequest?: EchoRequest;
  requestMetadata?: GrpcRequestMetadata;
  /** The status code the call must end with (OK when absent, Go's zero value). */
  response?: { code: grpc.status };
  /** Pod name prefix of the backend that must answer. */
  backend?: string;
  namespace?: string;
  testCaseName?: string;
}

/** Go's codes.Code String(). */
const CODE_NAMES: Record<number, string> = {
  0: 'OK', 1: 'Canceled', 2: 'Unknown', 3: 'InvalidArgument', 4: 'DeadlineExceeded', 5: 'NotFound',
  6: 'AlreadyExists', 7: 'PermissionDenied', 8: 'ResourceExhausted', 9: 'FailedPrecondition', 10: 'Aborted',
  11: 'OutOfRange', 12: 'Unimplemented', 13: 'Internal', 14: 'Unavailable', 15: 'DataLoss', 16: 'Unauthenticated',
};

export function codeName(code: number): string {
  return CODE_NAMES[code] ?? `Code(${code})`;
}

const expectedCode = (e: GrpcExpectedResponse): grpc.status => e.response?.code ?? grpc.status.OK;

/** getMethodName */
export function methodName(e: GrpcExpectedResponse): EchoMethod {
  if (e.echoRequest) return 'Echo';
  if (e.echoTwoRequest) return 'EchoTwo';
  return 'EchoThree';
}

/** getMapDeterministicStr: "{k:v,k:v}" by sorted keys. */
function deterministicMap(m: Record<string, string>): string {
  return `{${Object.keys(m).sort().map((k) => `${k}:${m[k]}`).join(',')}}`;
}

/** ExpectedResponse.GetTestCaseName */
export function grpcTestCaseName(e: GrpcExpectedResponse, i: number): string {
  if (e.testCaseName) return e.testCaseName;
  const authority = e.requestMetadata?.authority ?? '';
  const md = e.requestMetadata?.metadata ?? {};
  const headers = Object.keys(md).length > 0 ? ` with headers '${deterministicMap(md)}'` : '';
  const req = `${i} request to '${authority}${fullyQualifiedMethod(methodName(e))}'${headers}`;
  if (e.backend) return `${req} should go to ${e.backend}`;
  const code = expectedCode(e);
  return `${req} should receive a ${codeName(code)} (${code})`;
}

/** The echo service, from the proto of the harness's suite. */
function echoService(s: Harness): GrpcEchoService {
  return loadGrpcEchoService(s.suiteFile(GRPC_ECHO_PROTO));
}

/**
 * grpc.DefaultClient: one plaintext connection, made at the first call (with that call's
 * authority) and dropped after a call ending Internal. Like a Go grpc.ClientConn it shares its
 * connection with no other client.
 */
export class GrpcClient {
  private client: grpc.Client | null = null;

  constructor(private readonly service: GrpcEchoService, private readonly t: T) {}

  private ensureConnection(address: string, req: GrpcRequestMetadata | undefined): grpc.Client {
    if (this.client) return this.client;
    const options: grpc.ChannelOptions = { 'grpc.use_local_subchannel_pool': 1 };
    if (req?.authority) options['grpc.default_authority'] = req.authority;
    this.client = new grpc.Client(address, grpc.credentials.createInsecure(), options);
    return this.client;
  }

  private resetConnection(): void {
    this.client?.close();
    this.client = null;
  }

  /** SendRPC: rejects only when the call cannot be made; a failed RPC is a response with its code. */
  async sendRPC(address: string, expected: GrpcExpectedResponse, timeoutMs: number): Promise<GrpcResponse> {
    const requests = [expected.echoRequest, expected.echoTwoRequest, expected.echoThreeRequest];
    const request = requests.find((r) => r !== undefined);
    if (!request) throw new Error('no request specified');
    const client = this.ensureConnection(address, expected.requestMetadata);
    const metadata = new grpc.Metadata();
    for (const [k, v] of Object.entries(expected.requestMetadata?.metadata ?? {})) metadata.add(k.toLowerCase(), v);
    const method = this.service.method(methodName(expected));
    const resp: GrpcResponse = { code: grpc.status.OK, headers: new grpc.Metadata(), trailers: new grpc.Metadata() };
    this.t.log('Sending RPC');
    const result = await new Promise<{ error: grpc.ServiceError | null; value?: EchoResponse }>((resolve) => {
      const call = client.makeUnaryRequest(method.path, method.requestSerialize, method.responseDeserialize, request, metadata,
        { deadline: Date.now() + Math.max(0, timeoutMs) }, (error, value) => resolve({ error, value }));
      call.on('metadata', (md: grpc.Metadata) => { resp.headers = md; });
      call.on('status', (st: grpc.StatusObject) => { resp.trailers = st.metadata; });
    });
    if (result.error) {
      resp.code = result.error.code;
      this.t.log(`RPC finished with error: ${codeName(resp.code)}: ${result.error.details}`);
      if (resp.code === grpc.status.INTERNAL) {
        this.t.log('Received code Internal. Resetting connection.');
        this.resetConnection();
      }
    } else {
      resp.response = result.value;
      this.t.log(`RPC finished with response ${JSON.stringify(result.value)}`);
    }
    return resp;
  }

  close(): void {
    this.client?.close();
    this.client = null;
  }
}

/** compareResponse: null when the response meets the expectation, else why not. */
export function compareGrpcResponse(expected: GrpcExpectedResponse, response: GrpcResponse): string | null {
  const want = expectedCode(expected);
  if (want !== response.code) return `expected status code to be ${codeName(want)} (${want}), but got ${codeName(response.code)} (${response.code})`;
  if (response.code === grpc.status.OK) {
    const assertions = response.response?.assertions;
    const method = fullyQualifiedMethod(methodName(expected));
    const gotMethod = assertions?.fullyQualifiedMethod ?? '';
    if (method !== gotMethod) return `expected path to be ${method}, got ${gotMethod} `;
    const namespace = assertions?.context?.namespace ?? '';
    if (expected.namespace && expected.namespace !== namespace) return `expected namespace to be ${expected.namespace}, got ${namespace}`;
    const pod = assertions?.context?.pod ?? '';
    if (!pod.startsWith(expected.backend ?? '')) return `expected pod name to start with ${expected.backend ?? ''}, got ${pod}`;
  }
  return null;
}

/** validateExpectedResponse */
function validateExpectedResponse(t: T, expected: GrpcExpectedResponse): void {
  const count = [expected.echoRequest, expected.echoTwoRequest, expected.echoThreeRequest].filter((r) => r !== undefined).length;
  if (count !== 1) t.fatal(`expected only one request type to be set, but found ${count}: ${JSON.stringify(expected)}`);
}

/**
 * The loop both of utils/grpc's Make...Eventually... helpers run, with the default client
 * (closed at the end): an RPC that cannot be sent is "not ready yet"; judge says what a response
 * lacks (null: it counts towards the successes in a row).
 */
async function awaitGrpcConvergence(t: T, s: Harness, gwAddr: string, expected: GrpcExpectedResponse, judge: (resp: GrpcResponse, elapsed: number) => string | null): Promise<void> {
  validateExpectedResponse(t, expected);
  const client = new GrpcClient(echoService(s), t);
  const started = Date.now();
  try {
    await awaitConvergence(t, s, s.timeouts.requiredConsecutiveSuccesses, s.timeouts.maxTimeToConsistency, async () => {
      const elapsed = Date.now() - started;
      let resp: GrpcResponse;
      try {
        resp = await client.sendRPC(gwAddr, expected, s.timeouts.maxTimeToConsistency - elapsed);
      } catch (err) {
        return `Failed to send RPC, not ready yet: ${(err as Error).message} (after ${elapsed}ms)`;
      }
      return judge(resp, elapsed);
    });
  } finally {
    client.close();
  }
}

/** grpc.MakeRequestAndExpectEventuallyConsistentResponse */
export async function makeGrpcRequestAndExpectEventuallyConsistentResponse(t: T, s: Harness, gwAddr: string, expected: GrpcExpectedResponse): Promise<void> {
  await awaitGrpcConvergence(t, s, gwAddr, expected, (resp, elapsed) => {
    const problem = compareGrpcResponse(expected, resp);
    return problem === null ? null : `Response expectation failed for request ${fullyQualifiedMethod(methodName(expected))} to ${gwAddr}: ${problem} (after ${elapsed}ms)`;
  });
  t.log('Request passed');
}

/** grpc.MakeRequestAndExpectEventuallyConsistentFailure: a status other than OK, enough times in a row; an OK ends the test at once. */
export async function makeGrpcRequestAndExpectEventuallyConsistentFailure(t: T, s: Harness, gwAddr: string, expected: GrpcExpectedResponse): Promise<void> {
  await awaitGrpcConvergence(t, s, gwAddr, expected, (resp) => {
    if (resp.code === grpc.status.OK) t.fatal('Request should have failed, but got status OK');
    return null;
  });
  t.log('Expectation for failing request met');
}

/** The common loop of the suite's gRPC tests: each case a parallel subtest. */
export async function runGrpcRequestCases(t: T, s: Harness, gwAddr: string, cases: readonly GrpcExpectedResponse[]): Promise<void> {
  await t.parallel(cases.map((tc, i) => [grpcTestCaseName(tc, i), (st: T) => makeGrpcRequestAndExpectEventuallyConsistentResponse(st, s, gwAddr, tc)] as const));
}

/** grpc.AddEntropy: half of the time, random x-jitter metadata (weight.AddRandomEntropy). */
export function addGrpcEntropy(expected: GrpcExpectedResponse): void {
  if (randomInt(2) === 0) return;
  expected.requestMetadata ??= {};
  expected.requestMetadata.metadata = { ...expected.requestMetadata.metadata, 'x-jitter': String(randomInt(10000)) };
}

/** One RPC on a client of its own, closed after it (the weight test's per-request DefaultClient). */
export async function sendGrpcOnce(t: T, s: Harness, gwAddr: string, expected: GrpcExpectedResponse, timeoutMs: number): Promise<GrpcResponse> {
  const client = new GrpcClient(echoService(s), t);
  try {
    return await client.sendRPC(gwAddr, expected, timeoutMs);
  } finally {
    client.close();
  }
}
